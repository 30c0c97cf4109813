// The ledger: the one place money moves. A movement is a `transactions`
// row; a trigger (db/migrations/0001) moves the account's balance in the same
// statement and the balance CHECK refuses an overdraft, so a balance and its
// transactions can never disagree. Movements carry idempotency keys, so
// applying the same thing twice (a duplicated webhook) changes nothing.
import { sql, type SQL } from "drizzle-orm";
import { build } from "~/db/batch.server.ts";
import { organisers, players, transactions } from "~/db/schema.ts";
import type { UserType } from "~/domain/accounts.ts";
import type { TransactionType } from "~/features/money/domain/money.ts";
import type { Pence } from "~/domain/pence.ts";

export type Movement = {
  userType: UserType;
  userId: string;
  type: TransactionType;
  /** Signed: credits positive, debits negative. */
  amountPence: Pence;
  description: string;
  tournamentId?: string | null;
  idempotencyKey: string;
};

/**
 * The statement writing one movement, for use in a batch. It writes only when
 * `when` holds (evaluated inside the same statement) and never twice for one
 * idempotency key.
 */
export function movementStatement(m: Movement, when: SQL = sql`1`) {
  return build.run(sql`
    insert into ${transactions}
      (id, user_type, user_id, type, description, amount_pence, tournament_id, idempotency_key)
    select ${crypto.randomUUID()}, ${m.userType}, ${m.userId}, ${m.type}, ${m.description}, ${m.amountPence},
      ${m.tournamentId ?? null}, ${m.idempotencyKey}
    where ${when}
    on conflict (idempotency_key) do nothing`);
}

const accountTable = (userType: UserType) => (userType === "player" ? players : organisers);

/** SQL condition: the account holds at least `amount`. */
export function hasFunds(userType: UserType, userId: string, amountPence: Pence): SQL {
  const t = accountTable(userType);
  return sql`(select ${t.balancePence} from ${t} where ${t.id} = ${userId}) >= ${amountPence}`;
}
