// The creation form's prize preview from its raw values: what the browser
// shows as the director types and what the no-JavaScript Preview button
// returns. Apart from the creation schema, so that the form page carries no
// Zod: the server checks the form (decision 016).
import { payoutStructureIds, rakeError, structuresForFieldSize } from "../../money/domain/money.ts";
import { prizePreview, type PrizePreview } from "../../money/domain/prize-preview.ts";
import { parsePence } from "../../../domain/pence.ts";
import { teamSize } from "../../entries/domain/teams.ts";
import { matchTypes } from "../../../domain/tournaments.ts";

/**
 * The live preview from the form's raw values, or null while they do not
 * make a tournament yet. Runs in the browser as the director types and on
 * the server for the no-JavaScript Preview button.
 */
export function previewFromValues(values: Record<string, string | undefined>): PrizePreview | null {
  const entryFeePence = parsePence(values.entryFee ?? "");
  const siteFeePence = values.siteFee ? parsePence(values.siteFee) : 0;
  const rakeType = values.rakeType === "percent" ? "percent" : "fixed";
  const rakeValue = values.rakeValue ? parsePence(values.rakeValue) : 0;
  const maxPlayers = Number(values.maxPlayers ?? 16);
  const payoutStructure = payoutStructureIds.find((id) => id === values.payoutStructure);
  if (entryFeePence === null || siteFeePence === null || rakeValue === null || !payoutStructure) return null;
  if (!Number.isInteger(maxPlayers) || maxPlayers < 2 || maxPlayers > 512) return null;
  if (rakeError(entryFeePence, rakeType, rakeValue)) return null;
  if (!structuresForFieldSize(maxPlayers).some((s) => s.id === payoutStructure)) return null;
  // A team event: maxPlayers counts teams, and every member pays into the pool.
  const size = teamSize(matchTypes.find((m) => m === values.matchType) ?? "1v1");
  return prizePreview({
    entryFeePence,
    siteFeePence,
    rakeType,
    rakeValue,
    maxPlayers,
    payoutStructure,
    teamSize: size,
  });
}
