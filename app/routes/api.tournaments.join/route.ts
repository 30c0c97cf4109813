import { z } from "zod";
import { appContext } from "~/context.server.ts";
import { apiCaller } from "~/services/access.server.ts";
import { apiHandler, methodNotAllowed, readJson } from "~/services/http.server.ts";
import { getPaymentsProvider } from "~/services/payments/index.server.ts";
import { joinTournament } from "~/services/registration.server.ts";
import type { Route } from "./+types/route";

const JoinSchema = z.object({ tournamentId: z.string({ error: "tournamentId is required" }).min(1, "tournamentId is required").max(64) });

export function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const claim = await apiCaller(context, "player");
    const { env, database } = context.get(appContext);
    const { tournamentId } = await readJson(request, JoinSchema);
    const provider = await getPaymentsProvider(env, database);
    const result = await joinTournament(claim, provider, { playerId: claim.id, tournament: { id: tournamentId } });
    return Response.json(
      result.paid
        ? { paid: true, registrationId: result.registrationId }
        : { clientSecret: result.clientSecret, paymentIntentId: result.paymentIntentId, registrationId: result.registrationId },
    );
  });
}

export const loader = () => methodNotAllowed("POST");
