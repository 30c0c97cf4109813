import { z } from "zod";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { getPaymentsProvider } from "~/features/money/server/payments/index.server.ts";
import { join } from "~/features/entries/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";

// A team event's entry also names the team and the captain's teammates (checked with the team messages).
const JoinSchema = z.object({
  tournamentId: z.string({ error: "tournamentId is required" }).min(1, "tournamentId is required").max(64),
  teamName: z.unknown().optional(),
  teammates: z.unknown().optional(),
  /** On a full tournament, join the reserve list instead (decisions 013–015); nothing is charged. */
  reserve: z.boolean({ error: "reserve must be true or false" }).optional(),
});

const api = endpoint({
  POST: on({ who: "player", body: JoinSchema }, async ({ caller, body, app }) => {
    const asTeam = body.teamName !== undefined || body.teammates !== undefined;
    const joined = await perform(app, caller, join, {
      provider: await getPaymentsProvider(app.env, app.database),
      playerId: caller.id,
      tournament: { id: body.tournamentId },
      team: asTeam ? { teamName: body.teamName, teammates: body.teammates } : undefined,
      reserve: body.reserve,
    });
    // Full, with `reserve`: onto the reserve list; without, the answer stays "This tournament is full".
    if ("reserve" in joined) return Response.json(joined);
    const { registrationId } = joined;
    return Response.json(
      joined.paid
        ? { paid: true, registrationId }
        : { clientSecret: joined.clientSecret, paymentIntentId: joined.paymentIntentId, registrationId },
    );
  }),
});
export { api as loader, api as action };
