import { penceToDecimal } from "~/domain/money.ts";
import { WithdrawalSchema } from "~/domain/withdrawals.ts";
import { requestWithdrawal } from "~/services/dashboard.server.ts";
import { endpoint, on } from "~/services/endpoint.server.ts";

const api = endpoint({
  POST: on({ who: "signed-in", body: WithdrawalSchema }, async ({ caller, body }) => {
    const w = await caller.write(
      requestWithdrawal({ userType: caller.userType, userId: caller.id, amountPence: body.amount }),
    );
    return Response.json({
      id: w.id,
      amount: penceToDecimal(w.amountPence),
      fee: penceToDecimal(w.feePence),
      net: penceToDecimal(w.netPence),
      status: "pending",
      message: "Withdrawal requested: paid within 3-5 business days",
    });
  }),
});
export { api as loader, api as action };
