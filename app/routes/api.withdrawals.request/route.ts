import { penceToDecimal } from "~/domain/pence.ts";
import { formatSortCode, maskAccountNumber } from "~/features/money/domain/withdrawals.ts";
import { WithdrawalRequestSchema } from "~/features/money/domain/withdrawal-schema.ts";
import { withdraw } from "~/features/money/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";

const api = endpoint({
  // SPEC §7 sends the amount alone; the account it is paid to may come with it (all three fields).
  POST: on({ who: "signed-in", body: WithdrawalRequestSchema }, async ({ caller, body, app }) => {
    const w = await perform(app, caller, withdraw, {
      userType: caller.userType,
      userId: caller.id,
      amountPence: body.amount,
      account: body.account,
    });
    return Response.json({
      id: w.id,
      amount: penceToDecimal(w.amountPence),
      fee: penceToDecimal(w.feePence),
      net: penceToDecimal(w.netPence),
      status: "pending",
      // Shown masked once stored: the full number is never sent back.
      account: w.account
        ? {
            accountName: w.account.accountName,
            sortCode: formatSortCode(w.account.sortCode),
            accountNumber: maskAccountNumber(w.account.accountNumber),
          }
        : null,
      message: "Withdrawal requested: paid within 3-5 business days",
    });
  }),
});
export { api as loader, api as action };
