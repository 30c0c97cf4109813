import { z } from "zod";
import { appContext } from "~/context.server.ts";
import { apiCaller } from "~/services/access.server.ts";
import { apiHandler, methodNotAllowed, readJson } from "~/services/http.server.ts";
import { getPaymentsProvider } from "~/services/payments/index.server.ts";
import { paymentQuery, verifyPayment } from "~/services/registration.server.ts";
import type { Route } from "./+types/route";

const VerifySchema = z.object({
  paymentIntentId: z.string({ error: "paymentIntentId is required" }).min(1, "paymentIntentId is required").max(255),
});

export function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const claim = await apiCaller(context, "player");
    const { env, database } = context.get(appContext);
    const { paymentIntentId } = await readJson(request, VerifySchema);
    const provider = await getPaymentsProvider(env, database);
    const { found } = await claim.read({ found: paymentQuery(paymentIntentId) });
    const result = await verifyPayment(claim, provider, { playerId: claim.id, found });
    return Response.json(result);
  });
}

export const loader = () => methodNotAllowed("POST");
