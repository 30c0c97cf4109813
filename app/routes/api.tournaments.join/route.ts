import { z } from "zod";
import { endpoint, on } from "~/services/endpoint.server.ts";
import { getMailer } from "~/services/email.server.ts";
import { getPaymentsProvider } from "~/services/payments/index.server.ts";
import { checkTeam, joinTournament, tellTeammates } from "~/services/registration.server.ts";

// A team event's entry also names the team and the captain's teammates (checked with the messages).
const JoinSchema = z.object({
  tournamentId: z.string({ error: "tournamentId is required" }).min(1, "tournamentId is required").max(64),
  teamName: z.unknown().optional(),
  teammates: z.unknown().optional(),
});

const api = endpoint({
  POST: on({ who: "player", body: JoinSchema }, async ({ caller, body, app }) => {
    const provider = await getPaymentsProvider(app.env, app.database);
    const tournament = { id: body.tournamentId };
    const asTeam = body.teamName !== undefined || body.teammates !== undefined;
    const team = asTeam
      ? await checkTeam(caller, {
          captainId: caller.id,
          tournament,
          teamName: body.teamName,
          teammates: body.teammates,
        })
      : undefined;
    const result = await joinTournament(caller, provider, { playerId: caller.id, tournament, team });
    if (team) await tellTeammates(getMailer(app.env, app.database), team, app.env.APP_URL);
    const { registrationId } = result;
    return Response.json(
      result.paid
        ? { paid: true, registrationId }
        : { clientSecret: result.clientSecret, paymentIntentId: result.paymentIntentId, registrationId },
    );
  }),
});
export { api as loader, api as action };
