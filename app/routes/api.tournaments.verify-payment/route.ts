import { z } from "zod";
import { appContext } from "~/context.server.ts";
import { requireApiUser } from "~/services/guards.server.ts";
import { apiHandler, methodNotAllowed, readJson } from "~/services/http.server.ts";
import { getPaymentsProvider } from "~/services/payments/index.server.ts";
import { verifyPayment } from "~/services/registration.server.ts";
import type { Route } from "./+types/route";

const VerifySchema = z.object({
  paymentIntentId: z.string({ error: "paymentIntentId is required" }).min(1, "paymentIntentId is required").max(255),
});

export function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const player = await requireApiUser(context, "player");
    const { env, db } = context.get(appContext);
    const { paymentIntentId } = await readJson(request, VerifySchema);
    return Response.json(await verifyPayment(db, await getPaymentsProvider(env, db), player, paymentIntentId));
  });
}

export const loader = methodNotAllowed;
