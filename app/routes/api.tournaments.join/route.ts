import { z } from "zod";
import { endpoint, on } from "~/services/endpoint.server.ts";
import { getPaymentsProvider } from "~/services/payments/index.server.ts";
import { joinTournament } from "~/services/registration.server.ts";

const JoinSchema = z.object({
  tournamentId: z.string({ error: "tournamentId is required" }).min(1, "tournamentId is required").max(64),
});

const api = endpoint({
  POST: on({ who: "player", body: JoinSchema }, async ({ caller, body, app }) => {
    const provider = await getPaymentsProvider(app.env, app.database);
    const result = await joinTournament(caller, provider, {
      playerId: caller.id,
      tournament: { id: body.tournamentId },
    });
    const { registrationId } = result;
    return Response.json(
      result.paid
        ? { paid: true, registrationId }
        : { clientSecret: result.clientSecret, paymentIntentId: result.paymentIntentId, registrationId },
    );
  }),
});
export { api as loader, api as action };
