// The knockout after the groups (groups into a knockout): drawn in the batch of the last group result, guarded on the
// other group results as read; or, when two last results crossed and each saw the other undecided, drawn just after.
import { eq, sql } from "drizzle-orm";
import {
  build,
  first,
  isBatchGuardFailure,
  isUniqueViolation,
  reads,
  write,
  type Item,
  type Sender,
} from "~/db/batch.server.ts";
import { matches, tournaments } from "~/db/schema.ts";
import type { BracketMatch } from "~/features/play/domain/bracket.ts";
import { knockoutAfterGroups } from "~/features/play/domain/groups.ts";
import { drawWithWalkovers } from "~/features/entries/domain/withdrawn.ts";
import { tournamentRow } from "~/features/tournaments/server/tournament-ref.server.ts";
import { bracketQuery, drawnSeedsQuery, withdrawnQuery } from "./match-reads.server.ts";
import { resultsUnchanged } from "./match-changes.server.ts";
import { formatOptions } from "~/features/tournaments/domain/formats.ts";
import { insertMatches } from "./drawn-matches.server.ts";

/**
 * The knockout drawn after the groups, guarded on the group results it was drawn from (`groupMatches`, as read)
 * being unchanged when the batch runs.
 */
export function knockoutDraw(
  tournamentId: string,
  groupMatches: readonly BracketMatch[],
  draw: readonly BracketMatch[],
  now: number,
) {
  return [resultsUnchanged(tournamentId, groupMatches), ...insertMatches(tournamentId, draw, now)];
}

/** After a group result: whether every group match is decided while no knockout is drawn (one statement). */
const knockoutDueQuery = (tournamentId: string) =>
  build
    .select({
      due: sql<number>`(select count(*) from ${matches} where ${matches.tournamentId} = ${tournamentId}
          and ${matches.bracket} = 'group' and ${matches.status} != 'completed') = 0
        and not exists (select 1 from ${matches} where ${matches.tournamentId} = ${tournamentId}
          and ${matches.bracket} = 'knockout')`,
    })
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId));

/**
 * What a group result adds to its own batch: the knockout it draws (`draw`, guarded on the other group results as
 * read), or else the question whether the knockout is due now, whose answer is the first of these statements'.
 */
export function afterGroupResult(
  tournamentId: string,
  otherGroupMatches: readonly BracketMatch[],
  draw: readonly BracketMatch[],
  now: number,
): Item[] {
  return draw.length > 0 ? knockoutDraw(tournamentId, otherGroupMatches, draw, now) : [knockoutDueQuery(tournamentId)];
}

/** Draws the knockout after the groups when it is due and missing (a second draw at once changes nothing). */
export async function drawKnockout(db: Sender, tournamentId: string, now: number): Promise<void> {
  const read = await db.send(
    reads({
      t: first(tournamentRow({ id: tournamentId })),
      bracket: bracketQuery({ id: tournamentId }),
      seeds: drawnSeedsQuery({ id: tournamentId }),
      withdrawn: withdrawnQuery({ id: tournamentId }),
    }),
  );
  if (read.t?.status !== "in_progress") return;
  const { draw: drawn } = knockoutAfterGroups(
    read.bracket,
    read.seeds,
    formatOptions(read.t).advancePerGroup,
    () => crypto.randomUUID(),
    now,
  );
  const draw = drawWithWalkovers(drawn, read.withdrawn, now);
  if (draw.length === 0) return;
  const groupMatches = read.bracket.filter((m) => m.bracket === "group");
  try {
    await db.write(write(knockoutDraw(tournamentId, groupMatches, draw, now)));
  } catch (error) {
    // Drawn by the other result meanwhile, or a group result corrected (whose own save draws it).
    if (!isUniqueViolation(error) && !isBatchGuardFailure(error)) throw error;
  }
}
