// The ledger: the one place money moves. A movement is a `transactions`
// row; a trigger (db/migrations/0001) moves the account's balance in the same
// statement and the balance CHECK refuses an overdraft, so a balance and its
// transactions can never disagree. Movements carry idempotency keys, so
// applying the same thing twice (a duplicated webhook) changes nothing.
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { organisers, players, transactions } from "~/db/schema.ts";
import type { UserType } from "~/domain/accounts.ts";
import type { Pence } from "~/domain/money.ts";

export type TransactionType = (typeof transactions.$inferSelect)["type"];

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
export function movementStatement(db: Database, m: Movement, when: SQL = sql`1`) {
  return db.run(sql`
    insert into ${transactions} (id, user_type, user_id, type, description, amount_pence, tournament_id, idempotency_key)
    select ${crypto.randomUUID()}, ${m.userType}, ${m.userId}, ${m.type}, ${m.description}, ${m.amountPence}, ${m.tournamentId ?? null}, ${m.idempotencyKey}
    where ${when}
    on conflict (idempotency_key) do nothing`);
}

const accountTable = (userType: UserType) => (userType === "player" ? players : organisers);

/** SQL condition: the account holds at least `amount`. */
export function hasFunds(userType: UserType, userId: string, amountPence: Pence): SQL {
  const t = accountTable(userType);
  return sql`(select ${t.balancePence} from ${t} where ${t.id} = ${userId}) >= ${amountPence}`;
}

export type LedgerCheck = { balancePence: Pence; transactionsPence: Pence; ok: boolean };

/** Proves, for one account, that its balance equals the sum of its transactions. */
export async function checkLedger(db: Database, userType: UserType, userId: string): Promise<LedgerCheck> {
  const t = accountTable(userType);
  const [[account], [sum]] = await db.batch([
    db.select({ balance: t.balancePence }).from(t).where(eq(t.id, userId)),
    db
      .select({ total: sql<number>`coalesce(sum(${transactions.amountPence}), 0)`.mapWith(Number) })
      .from(transactions)
      .where(and(eq(transactions.userType, userType), eq(transactions.userId, userId))),
  ]);
  const balancePence = account?.balance ?? 0;
  const transactionsPence = sum?.total ?? 0;
  return { balancePence, transactionsPence, ok: balancePence === transactionsPence && balancePence >= 0 };
}

/** Every account whose balance disagrees with its transactions (empty when the ledger is true). */
export async function findLedgerDiscrepancies(db: Database) {
  const rows = await db.all<{ userType: string; id: string; balance: number; total: number }>(sql`
    select 'player' as userType, p.id as id, p.balance_pence as balance,
      coalesce((select sum(amount_pence) from transactions t where t.user_type = 'player' and t.user_id = p.id), 0) as total
    from players p
    union all
    select 'organiser', o.id, o.balance_pence,
      coalesce((select sum(amount_pence) from transactions t where t.user_type = 'organiser' and t.user_id = o.id), 0)
    from organisers o`);
  return rows.filter((row) => Number(row.balance) !== Number(row.total) || Number(row.balance) < 0);
}
