// A balance's writes: money in by card (a top-up, started and then verified on the way back from the provider) and
// money out (a withdrawal). Nobody else's screen shows a balance: each is quiet. The JSON routes, the top-up page and
// the dashboards' Withdraw form run these with `perform`.
import type { Sender } from "~/db/batch.server.ts";
import type { UserType } from "~/domain/accounts.ts";
import type { Pence } from "~/domain/pence.ts";
import type { BankAccount } from "~/features/money/domain/withdrawals.ts";
import { requestWithdrawal } from "~/features/money/server/dashboard.server.ts";
import type { PaymentsProvider } from "~/features/money/server/payments/provider.ts";
import * as topUps from "~/features/money/server/top-ups.server.ts";
import { quiet } from "~/web/done.ts";

type Account = { userType: UserType; userId: string };

/** A top-up's payment intent, recorded before the card form shows it (a 400 outside the allowed amounts). */
export async function startTopUp(
  db: Sender,
  { provider, ...input }: Account & { provider: PaymentsProvider; amountPence: Pence },
) {
  return quiet(await topUps.startTopUp(db, provider, input));
}

/** The way back from a top-up's checkout: the provider is asked, and a success credits the balance once. */
export async function verifyTopUp(
  db: Sender,
  {
    provider,
    ...input
  }: Account & { provider: PaymentsProvider; record: Parameters<typeof topUps.verifyTopUp>[2]["record"] },
) {
  return quiet(await topUps.verifyTopUp(db, provider, input));
}

/** A withdrawal requested: the record and its `withdraw` row in one batch that cannot overdraw. */
export async function withdraw(db: Sender, input: Account & { amountPence: Pence; account: BankAccount | null }) {
  return quiet(await db.write(requestWithdrawal(input)));
}
