import { penceToDecimal } from "~/domain/money.ts";
import { WithdrawalSchema } from "~/domain/withdrawals.ts";
import { requestWithdrawal } from "~/services/dashboard.server.ts";
import { apiCaller } from "~/services/access.server.ts";
import { apiHandler, methodNotAllowed, readJson } from "~/services/http.server.ts";
import type { Route } from "./+types/route";

export function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const claim = await apiCaller(context);
    const { amount } = await readJson(request, WithdrawalSchema);
    const w = await claim.write(requestWithdrawal({ userType: claim.userType, userId: claim.id, amountPence: amount }));
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
