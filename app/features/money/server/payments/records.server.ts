// Our record of a payment intent, written before the card form shows it: an entry's (its hold, tournament and
// player) or a top-up's (the account it credits). The one statement both write; a retry with the same intent is a
// no-op.
import { build } from "~/db/batch.server.ts";
import { payments } from "~/db/schema.ts";
import type { UserType } from "~/domain/accounts.ts";
import type { Pence } from "~/domain/pence.ts";
import type { PaymentIntent, PaymentsProvider } from "./provider.ts";

type PaidFor =
  | { registrationId: string; tournamentId: string; playerId: string }
  | { topUpUserType: UserType; topUpUserId: string };

export function intentRecord(provider: PaymentsProvider, intent: PaymentIntent, amountPence: Pence, paidFor: PaidFor) {
  return build
    .insert(payments)
    .values({
      id: intent.id,
      provider: provider.kind,
      ...paidFor,
      amountPence,
      currency: "gbp",
      clientSecret: intent.clientSecret,
    })
    .onConflictDoNothing({ target: payments.id });
}
