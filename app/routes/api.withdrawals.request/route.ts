import { appContext } from "~/context.server.ts";
import { penceToDecimal } from "~/domain/money.ts";
import { WithdrawalSchema } from "~/domain/withdrawals.ts";
import { requestWithdrawal } from "~/services/dashboard.server.ts";
import { requireApiUser } from "~/services/guards.server.ts";
import { apiHandler, methodNotAllowed, readJson } from "~/services/http.server.ts";
import type { Route } from "./+types/route";

export function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const user = await requireApiUser(context);
    const { db } = context.get(appContext);
    const { amount } = await readJson(request, WithdrawalSchema);
    const w = await requestWithdrawal(db, user.userType, user.id, amount);
    return Response.json({
      id: w.id,
      amount: penceToDecimal(w.amountPence),
      fee: penceToDecimal(w.feePence),
      net: penceToDecimal(w.netPence),
      status: "pending",
      message: "Withdrawal requested: paid within 3-5 business days",
    });
  });
}

export const loader = () => methodNotAllowed("POST");
