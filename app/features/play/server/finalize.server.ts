// Finalize: the payouts planned from the bracket, and the one batch paying them with the rake and the statistics.
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import {
  assertInBatch,
  assertLedger,
  build,
  first,
  isBatchGuardFailure,
  isCheckViolation,
  isLedgerGuardFailure,
  query,
  reads,
  write,
  type Sender,
} from "~/db/batch.server.ts";
import {
  matches,
  organisers,
  payouts,
  players,
  playerStats,
  teamMembers,
  tournamentPlayers,
  tournaments,
  transactions,
} from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import { penceToDecimal } from "~/domain/pence.ts";
import { PAYOUTS_OFF_THE_POOL, planPayouts, type PayoutPlan } from "~/features/play/domain/payout-plan.ts";
import { settlementOf, settleOrRefuse, type Settlement } from "~/features/money/domain/settlement.ts";
import { escrowTypes } from "~/features/money/domain/money.ts";
import { registrationEntry, registrationEntryName } from "~/features/entries/server/entries.server.ts";
import { movementStatement, type Movement } from "~/features/money/server/ledger.server.ts";
import type { BracketMatch } from "~/features/play/domain/bracket.ts";
import { bracketQuery } from "./match-reads.server.ts";
import { resultsUnchanged } from "./match-changes.server.ts";
import {
  inTournament,
  tournamentIdSql,
  tournamentRow,
  type TournamentRef,
} from "~/features/tournaments/server/tournament-ref.server.ts";

type Tournament = typeof tournaments.$inferSelect;

/** The prizes paid at finalize, with the players' names (none before). */
export function paidPrizesQuery(tournament: TournamentRef) {
  return query(
    build
      .select({
        playerId: payouts.playerId,
        // In a team event the member's team: its prize on the podium is its members' together.
        entryId: sql<string>`coalesce((select tm.team_id from ${teamMembers} tm
          where tm.player_id = ${payouts.playerId} and tm.tournament_id = ${payouts.tournamentId}),
          ${payouts.playerId})`,
        name: players.name,
        position: payouts.position,
        amountPence: payouts.amountPence,
        paidInCash: payouts.paidInCash,
      })
      .from(payouts)
      .innerJoin(players, eq(players.id, payouts.playerId))
      .where(and(inTournament(payouts.tournamentId, tournament), eq(payouts.confirmed, true))),
  );
}

/** What payouts are planned from: the tournament, its paid entries and its bracket (one read, by id or slug). */
export function payoutPlanQuery(tournament: TournamentRef) {
  return reads({
    t: first(tournamentRow(tournament)),
    entries: query(
      build
        .select({
          playerId: registrationEntry,
          name: registrationEntryName,
          cash: sql<boolean>`${tournamentPlayers.paidBy} is 'cash'`.mapWith(Boolean),
        })
        .from(tournamentPlayers)
        .where(and(inTournament(tournamentPlayers.tournamentId, tournament), eq(tournamentPlayers.paid, true))),
    ),
    bracket: bracketQuery(tournament),
    // Its guests (DESIGN §10): their prizes are handed over in cash.
    guests: query(
      build
        .select({ id: players.id, name: players.name })
        .from(players)
        .where(
          and(
            eq(players.guest, true),
            sql`(${players.id} in (select player_id from ${tournamentPlayers} tp
                where tp.tournament_id = ${tournamentIdSql(tournament)} and tp.paid = 1)
              or ${players.id} in (select player_id from ${teamMembers} tm
                where tm.tournament_id = ${tournamentIdSql(tournament)}))`,
          ),
        ),
      (rows) => new Map(rows.map((r) => [r.id, r.name])),
    ),
    // The director's balance: what settling can take from.
    directorBalance: first(
      build
        .select({ balancePence: organisers.balancePence })
        .from(organisers)
        .innerJoin(tournaments, eq(tournaments.organiserId, organisers.id))
        .where(inTournament(tournaments.id, tournament))
        .limit(1),
    ),
    // A team event's members (the captain first): they share the team's prize and its statistics.
    members: query(
      build
        .select({ teamId: teamMembers.teamId, playerId: teamMembers.playerId })
        .from(teamMembers)
        .innerJoin(tournamentPlayers, eq(tournamentPlayers.id, teamMembers.teamId))
        .where(and(inTournament(teamMembers.tournamentId, tournament), eq(tournamentPlayers.paid, true)))
        .orderBy(asc(teamMembers.teamId), asc(teamMembers.slot)),
      (rows) => {
        const byTeam = new Map<string, string[]>();
        for (const r of rows) byTeam.set(r.teamId, [...(byTeam.get(r.teamId) ?? []), r.playerId]);
        return byTeam;
      },
    ),
  });
}

/**
 * Finalize: one atomic batch writes the payouts (confirmed), each payout's
 * ledger row, the director's rake, every entrant's statistics and status
 * finished. Every write after the status change is conditioned on this very
 * finalize having made it, so a second finalize — concurrent or later —
 * changes nothing.
 */
export async function finalizeTournament(
  db: Sender,
  { organiserId, tournament, now = Date.now() }: { organiserId: string; tournament: TournamentRef; now?: number },
) {
  const read = await db.send(payoutPlanQuery(tournament));
  const plan = planPayouts(read, organiserId);
  const { t } = plan;
  const settlement = settleOrRefuse(settlementOf(plan, read));
  // Marks this finalize: the writes below apply only if it was ours that finished the tournament.
  const finalizeId = crypto.randomUUID();
  const ours = sql`exists (select 1 from ${tournaments}
    where ${tournaments.id} = ${t.id} and ${tournaments.finalizeId} = ${finalizeId})`;
  const label = `${t.name}, ${t.venue}`;

  const statements = [
    resultsStand(plan, read.bracket),
    build
      .update(tournaments)
      .set({ status: "finished", finishedAt: now, finalizeId })
      .where(
        and(eq(tournaments.id, t.id), eq(tournaments.status, "in_progress"), sql`${tournaments.finishedAt} is null`),
      )
      .returning({ id: tournaments.id }),
    ...prizeStatements(plan, { guests: new Set(read.guests.keys()), ours, label, now }),
    // The director's side, credits before debits (the balance never dips below 0 on the way).
    ...directorMovements(t, settlement, label).map((m) => movementStatement(m, ours)),
    ...statisticsStatements(plan, ours, now),
  ];
  return db.write(
    write(
      [...statements, finalizePaysThePool(t.id)],
      ([, finished]) => {
        if (!(finished as unknown[])[0]) throw new DomainError(409, "This tournament has already been finalized");
        return {
          poolPence: plan.poolPence,
          rakePence: plan.rakePence,
          payouts: plan.payouts,
          tournamentId: t.id,
          settlement,
        };
      },
      finalizeRefusal,
    ),
  );
}

type Plan = PayoutPlan<Tournament>;

/**
 * The results the payouts were planned from, asserted as the batch runs: a correction may land after we planned
 * them. In a knockout only the final's can still change anything (earlier matches are fixed once the matches after
 * them have results); with groups any can.
 */
function resultsStand(plan: Plan, bracket: readonly BracketMatch[]) {
  return plan.finalMatchId !== null
    ? assertInBatch(
        sql`exists (select 1 from ${matches} where ${matches.id} = ${plan.finalMatchId}
          and ${matches.status} = 'completed' and ${matches.winnerId} = ${plan.winners[0]})`,
      )
    : resultsUnchanged(plan.t.id, bracket);
}

/** The prizes: each placed account's payout row, and its ledger movement but for a guest's (paid in cash). */
function prizeStatements(
  { t, accounts }: Plan,
  { guests, ours, label, now }: { guests: ReadonlySet<string>; ours: SQL; label: string; now: number },
) {
  return [
    ...accounts.flatMap((p) =>
      p.position === null
        ? []
        : build.run(sql`insert into ${payouts}
            (id, tournament_id, player_id, amount_pence, position, confirmed, confirmed_at, paid_in_cash)
          select ${crypto.randomUUID()}, ${t.id}, ${p.playerId}, ${p.amountPence}, ${p.position}, 1, ${now},
            ${guests.has(p.playerId) ? 1 : 0}
          where ${ours}
          on conflict (tournament_id, player_id) do nothing`),
    ),
    // Guests hold no balance: their prizes are handed over in cash at the venue (DESIGN §10).
    ...accounts
      .filter((p) => p.amountPence > 0 && !guests.has(p.playerId))
      .map((p) =>
        movementStatement(
          {
            userType: "player",
            userId: p.playerId,
            type: "payout",
            amountPence: p.amountPence,
            description: `Prize (${p.position}) — ${label}`,
            tournamentId: t.id,
            idempotencyKey: `payout:${t.id}:${p.playerId}`,
          },
          ours,
        ),
      ),
  ];
}

/** Each player's statistics: their entry's matches and result (a team's for each member), their own money. */
function statisticsStatements({ credits, stats, winners }: Plan, ours: SQL, now: number) {
  return credits.map(({ playerId, entryId, amountPence: earnings }) => {
    const s = stats.get(entryId) ?? { played: 0, won: 0, racksWon: 0, racksLost: 0 };
    const won = winners.includes(entryId) ? 1 : 0;
    return build.run(sql`insert into ${playerStats}
          (id, player_id, tournaments_played, tournaments_won, matches_played, matches_won, racks_won, racks_lost,
          total_earnings_pence, updated_at)
        select ${crypto.randomUUID()}, ${playerId}, 1, ${won}, ${s.played}, ${s.won}, ${s.racksWon}, ${s.racksLost},
          ${earnings}, ${now}
        where ${ours}
        on conflict (player_id) do update set
          tournaments_played = tournaments_played + 1,
          tournaments_won = tournaments_won + excluded.tournaments_won,
          matches_played = matches_played + excluded.matches_played,
          matches_won = matches_won + excluded.matches_won,
          racks_won = racks_won + excluded.racks_won,
          racks_lost = racks_lost + excluded.racks_lost,
          total_earnings_pence = total_earnings_pence + excluded.total_earnings_pence,
          updated_at = excluded.updated_at`);
  });
}

/** Why finalize's batch was refused, in the director's words. */
function finalizeRefusal(error: unknown): DomainError | undefined {
  if (isLedgerGuardFailure(error)) return new DomainError(409, PAYOUTS_OFF_THE_POOL);
  // The director's balance went down meanwhile (a withdrawal): what settling takes is no longer there.
  if (isCheckViolation(error)) return new DomainError(409, BALANCE_CHANGED);
  return isBatchGuardFailure(error)
    ? new DomainError(409, "The final's result changed meanwhile: check the payouts again")
    : undefined;
}

const BALANCE_CHANGED = "Your balance changed meanwhile: check the payouts and finalize again";

const entriesCounted = (n: number) => `${n} ${n === 1 ? "entry" : "entries"}`;

/** The director's ledger rows at finalize: the rake on the escrow's entries, the escrow settled, cash site fees. */
function directorMovements(t: Tournament, s: Settlement, label: string): Movement[] {
  const director = { userType: "organiser" as const, userId: t.organiserId, tournamentId: t.id };
  const rows: Movement[] = [
    {
      ...director,
      type: "rake",
      amountPence: s.rakePence,
      // One line per kind, with its own count: the rake held online is on the entries paid online.
      description: `Rake on ${entriesCounted(s.cardEntries)}${s.cashEntries > 0 ? " paid online" : ""} — ${label}`,
      idempotencyKey: `rake:${t.id}`,
    },
    {
      ...director,
      type: "settlement",
      amountPence: s.surplusPence,
      description:
        s.surplusPence >= 0
          ? `Entry fees left after the prizes paid online — ${label}`
          : `Prizes paid online beyond the entry fees held (cash entries) — ${label}`,
      idempotencyKey: `settlement:${t.id}`,
    },
    {
      ...director,
      type: "site_fee",
      amountPence: -s.siteFeesChargedPence,
      description: `Site fees of ${entriesCounted(s.cashEntries)} paid at the bar — ${label}`,
      idempotencyKey: `site-fees:${t.id}`,
    },
  ];
  return rows.filter((m) => m.amountPence !== 0).sort((a, b) => b.amountPence - a.amountPence);
}

/**
 * The batch's own check of what finalize wrote, from the ledger rows themselves: what it pays out of the escrow (the
 * prizes, the rake, the settlement with the director) equals the entry fees actually collected for the tournament —
 * its entry-fee rows less the entry fees given back — so the escrow ends at exactly 0 whatever a price read before a
 * payment said; and every prize row has its ledger movement (none lost on a key). Otherwise the batch rolls back.
 */
function finalizePaysThePool(tournamentId: string) {
  const ledger = (types: SQL) => sql`(select coalesce(sum(amount_pence), 0) from ${transactions}
    where tournament_id = ${tournamentId} and type in (${types}))`;
  return assertLedger(sql`${ledger(
    sql.join(
      escrowTypes.map((type) => sql`${type}`),
      sql`, `,
    ),
  )} = 0
    and ${ledger(sql`'payout'`)} = (select coalesce(sum(amount_pence), 0) from ${payouts}
      where tournament_id = ${tournamentId} and paid_in_cash = 0)`);
}

/** The settlement in the JSON API (DESIGN §10): money as "12.50". */
export function settlementJson(s: Settlement) {
  return {
    cashEntries: s.cashEntries,
    // The till: the cash taken at the bar (entry and site fees of every cash entry), the prizes handed over.
    cashTaken: penceToDecimal(s.cashTakenPence),
    cashPrizes: penceToDecimal(s.cashPrizesPence),
    siteFeesCharged: penceToDecimal(s.siteFeesChargedPence),
    directorBalanceChange: penceToDecimal(s.directorBalanceChangePence),
    paidInCash: s.paidInCash.map((c) => ({ name: c.name, amount: penceToDecimal(c.amountPence) })),
  };
}
