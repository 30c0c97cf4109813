import { z } from "zod";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { replaceTeamMember } from "~/features/entries/server/teams.server.ts";
import { perform } from "~/web/use-case.server.ts";

const email = (field: string) =>
  z
    .string({ error: `${field} must be an e-mail address` })
    .trim()
    .min(1, `${field} is required`)
    .max(254);

// `name`: for an account made for `to` when no player has that e-mail (decision 011).
const ReplaceSchema = z.object({
  replace: z.object({ from: email("from"), to: email("to"), name: z.unknown().optional() }),
});

/** The captain names a replacement for a member, before the start (decision 011). */
const api = endpoint({
  PATCH: on({ who: "player", body: ReplaceSchema, params: ["id", "teamId"] }, async ({ caller, body, params, app }) =>
    Response.json(
      await perform(app, caller, replaceTeamMember, {
        captainId: caller.id,
        tournamentId: params.id,
        teamId: params.teamId,
        from: body.replace.from,
        to: body.replace.to,
        toName: body.replace.name,
      }),
    ),
  ),
});
export { api as loader, api as action };
