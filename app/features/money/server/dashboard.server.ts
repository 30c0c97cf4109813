// What the dashboards show: balance movements, statistics and withdrawals.
import { and, desc, eq, sql } from "drizzle-orm";
import { build, isCheckViolation, query, write, type Read, type Write } from "~/db/batch.server.ts";
import { playerCount } from "~/features/tournaments/server/tournaments.server.ts";
import { payouts, playerStats, tournamentPlayers, tournaments, transactions, withdrawals } from "~/db/schema.ts";
import type { UserType } from "~/domain/accounts.ts";
import { DomainError } from "~/domain/errors.ts";
import { formatGBP, withdrawalFee, type Pence } from "~/domain/pence.ts";
import {
  checkWithdrawalAmount,
  maskAccountNumber,
  withdrawalInsufficient,
  type BankAccount,
} from "~/features/money/domain/withdrawals.ts";
import { hasFunds, movementStatement } from "./ledger.server.ts";

export function recentTransactionsQuery(userType: UserType, userId: string, limit = 10) {
  return query(
    build
      .select({
        id: transactions.id,
        type: transactions.type,
        description: transactions.description,
        amountPence: transactions.amountPence,
        createdAt: transactions.createdAt,
      })
      .from(transactions)
      .where(and(eq(transactions.userType, userType), eq(transactions.userId, userId)))
      .orderBy(desc(transactions.createdAt), desc(sql`rowid`))
      .limit(limit),
  );
}

export type PlayerStats = {
  tournamentsPlayed: number;
  tournamentsWon: number;
  matchesPlayed: number;
  matchesWon: number;
  racksWon: number;
  racksLost: number;
  totalEarningsPence: Pence;
};
const emptyPlayerStats: PlayerStats = {
  tournamentsPlayed: 0,
  tournamentsWon: 0,
  matchesPlayed: 0,
  matchesWon: 0,
  racksWon: 0,
  racksLost: 0,
  totalEarningsPence: 0,
};

export function playerStatsQuery(playerId: string): Read<PlayerStats> {
  return query(
    build
      .select({
        tournamentsPlayed: playerStats.tournamentsPlayed,
        tournamentsWon: playerStats.tournamentsWon,
        matchesPlayed: playerStats.matchesPlayed,
        matchesWon: playerStats.matchesWon,
        racksWon: playerStats.racksWon,
        racksLost: playerStats.racksLost,
        totalEarningsPence: playerStats.totalEarningsPence,
      })
      .from(playerStats)
      .where(eq(playerStats.playerId, playerId))
      .limit(1),
    ([row]) => row ?? emptyPlayerStats,
  );
}

export type DirectorStats = {
  tournamentsHosted: number;
  activeTournaments: number;
  totalPlayersServed: number;
  totalPrizePoolsDistributedPence: Pence;
};

/** The director's four figures in one statement. */
export function directorStatsQuery(organiserId: string): Read<DirectorStats> {
  return query(
    build.all<{ hosted: number; active: number; served: number; distributed: number }>(sql`
    select
      (select count(*) from ${tournaments}
        where organiser_id = ${organiserId} and status = 'finished' and started_at is not null) as hosted,
      (select count(*) from ${tournaments}
        where organiser_id = ${organiserId} and status in ('open', 'in_progress')) as active,
      (select count(*) from ${tournamentPlayers} tp join ${tournaments} t on t.id = tp.tournament_id
        where t.organiser_id = ${organiserId} and tp.paid = 1) as served,
      (select coalesce(sum(p.amount_pence), 0) from ${payouts} p join ${tournaments} t on t.id = p.tournament_id
        where t.organiser_id = ${organiserId} and p.confirmed = 1) as distributed`),
    ([row]) => ({
      tournamentsHosted: Number(row?.hosted ?? 0),
      activeTournaments: Number(row?.active ?? 0),
      totalPlayersServed: Number(row?.served ?? 0),
      totalPrizePoolsDistributedPence: Number(row?.distributed ?? 0),
    }),
  );
}

/**
 * Withdraws: the withdrawal record and its `withdraw` transaction in one
 * batch, guarded so no sequence or race of withdrawals can overdraw.
 */
export function requestWithdrawal({
  userType,
  userId,
  amountPence,
  account,
  now = Date.now(),
}: {
  userType: UserType;
  userId: string;
  amountPence: Pence;
  /** Where the money goes; null when the JSON API was sent the amount alone (SPEC §7). */
  account: BankAccount | null;
  now?: number;
}): Write<{ id: string; amountPence: Pence; feePence: Pence; netPence: Pence; account: BankAccount | null }> {
  checkWithdrawalAmount(amountPence);
  const { feePence, netPence } = withdrawalFee(amountPence);
  const id = crypto.randomUUID();
  const recorded = sql`exists (select 1 from ${withdrawals} where ${withdrawals.id} = ${id})`;
  const refusal = (balance: unknown) => new DomainError(409, withdrawalInsufficient(Number(balance ?? 0)).description);
  return write(
    [
      build.all<{ id: string }>(sql`
        insert into ${withdrawals} (id, user_type, user_id, amount_pence, fee_pence, net_pence, status, created_at,
          account_name, sort_code, account_number)
        select ${id}, ${userType}, ${userId}, ${amountPence}, ${feePence}, ${netPence}, 'pending', ${now},
          ${account?.accountName ?? null}, ${account?.sortCode ?? null}, ${account?.accountNumber ?? null}
        where ${hasFunds(userType, userId, amountPence)}
        returning id`),
      movementStatement(
        {
          userType,
          userId,
          type: "withdraw",
          amountPence: -amountPence,
          description:
            `Withdrawal ${formatGBP(amountPence)}${account ? ` to ${maskAccountNumber(account.accountNumber)}` : ""} ` +
            `(fee ${formatGBP(feePence)}, you receive ${formatGBP(netPence)} in 3-5 business days)`,
          idempotencyKey: `withdrawal:${id}`,
        },
        recorded,
      ),
      // The balance after, for the refusal's message: no second round trip.
      build.all<{ balance: number }>(
        userType === "player"
          ? sql`select balance_pence as balance from players where id = ${userId}`
          : sql`select balance_pence as balance from organisers where id = ${userId}`,
      ),
    ],
    ([inserted, , balance]) => {
      if (!(inserted as unknown[])[0]) throw refusal((balance as { balance: number }[])[0]?.balance);
      return { id, amountPence, feePence, netPence, account };
    },
    // The balance CHECK is the last line of defence; the guard above normally answers first.
    (error) => (isCheckViolation(error) ? new DomainError(409, "Insufficient balance") : undefined),
  );
}

/** Tournaments for the director's dashboard: active ones and the 5 latest finished. */
export function directorTournamentsQuery(organiserId: string) {
  return query(
    build
      .select({
        id: tournaments.id,
        slug: tournaments.slug,
        name: tournaments.name,
        venue: tournaments.venue,
        date: tournaments.date,
        time: tournaments.time,
        status: tournaments.status,
        maxPlayers: tournaments.maxPlayers,
        entryFeePence: tournaments.entryFeePence,
        siteFeePence: tournaments.siteFeePence,
        matchType: tournaments.matchType,
        playerCount,
      })
      .from(tournaments)
      .where(eq(tournaments.organiserId, organiserId))
      .orderBy(desc(tournaments.date), desc(tournaments.time)),
  );
}
