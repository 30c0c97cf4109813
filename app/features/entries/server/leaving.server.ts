// Leaving before the break-off (decisions 013–015): a paid entry taken out with its entry fee back, or a place on
// the reserve list or a hold given up. Each is one guarded batch: the refund and its ledger row go together, and the
// freed place is offered to the first reserve in the same batch.
import { and, eq, sql } from "drizzle-orm";
import { build, first, reads, write, type Sender } from "~/db/batch.server.ts";
import { reserves, tournamentPlayers, tournaments } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import { cashEntryMessages } from "~/features/entries/domain/cash-entry.ts";
import { checkInMessages, leaveRefund, refundKey } from "~/features/entries/domain/check-in.ts";
import { teamSize } from "~/features/entries/domain/teams.ts";
import { movementStatement } from "~/features/money/server/ledger.server.ts";
import { livePlace } from "~/features/play/server/places.server.ts";
import { replayAfterStarts, startsWithoutEntry } from "~/features/ratings/server/starting-ratings.server.ts";
import {
  tournamentIdSql,
  tournamentRow,
  type TournamentRef,
} from "~/features/tournaments/server/tournament-ref.server.ts";
import { entryOf, knownTournament } from "./check-in.server.ts";
import { offerStatements, type Offered } from "./reserves.server.ts";

/** The player's footing in one tournament: their entry (or team's), whether they captain it, their reserve row. */
function footingRead(tournament: TournamentRef, playerId: string, now: number) {
  const key = tournamentIdSql(tournament);
  return reads({
    t: first(tournamentRow(tournament)),
    entry: first(
      build
        .select({
          id: tournamentPlayers.id,
          playerId: tournamentPlayers.playerId,
          paid: tournamentPlayers.paid,
          holdExpiresAt: tournamentPlayers.holdExpiresAt,
          paidBy: tournamentPlayers.paidBy,
        })
        .from(tournamentPlayers)
        .where(
          and(
            sql`${tournamentPlayers.tournamentId} = ${key}`,
            entryOf(key, playerId),
            livePlace("tournament_players", now),
          ),
        )
        .orderBy(sql`${tournamentPlayers.playerId} != ${playerId}`)
        .limit(1),
    ),
    reserve: first(
      build
        .select({ id: reserves.id })
        .from(reserves)
        .where(and(sql`${reserves.tournamentId} = ${key}`, eq(reserves.playerId, playerId)))
        .limit(1),
    ),
  });
}

export type LeaveResult = {
  /** A paid entry, a place on the reserve list, or a place held while paying. */
  left: "entry" | "reserve-list" | "hold";
  refundPence: number;
  /** The reserves offered the freed place, for the e-mails. */
  offered: Offered[];
  tournamentId: string;
  organiserId: string;
};

/**
 * Leaving before the start. A paid entry (a team's, by its captain) is taken
 * out and its entry fee goes back to the balance, the site fee kept: one batch
 * with the ledger row, guarded on the tournament being open, and the refund
 * written only when this batch took the entry out (a double leave, or a start
 * at the same moment, refunds at most once). A reserve or a player still
 * paying gives their place up. A freed place is offered to the first reserve.
 */
export async function leaveTournament(
  db: Sender,
  { playerId, tournament, now = Date.now() }: { playerId: string; tournament: TournamentRef; now?: number },
): Promise<LeaveResult> {
  const read = await db.send(footingRead(tournament, playerId, now));
  const t = knownTournament(read.t);
  const { entry, reserve } = read;
  if (!entry && !reserve) throw new DomainError(403, checkInMessages.notEntered);
  if (t.status !== "open") throw new DomainError(409, checkInMessages.leaveStarted);
  if (entry && entry.playerId !== playerId) throw new DomainError(403, checkInMessages.captainLeaves);
  // Paid at the bar: the cash is in the director's hand, and only they can give it back (DESIGN §10).
  if (entry?.paid && entry.paidBy === "cash") throw new DomainError(409, cashEntryMessages.leaveCash);
  const stillOpen = sql`exists (select 1 from ${tournaments} where id = ${t.id} and status = 'open')`;
  const offers = offerStatements(t.id, now);
  const ids = { tournamentId: t.id, organiserId: t.organiserId };

  if (entry?.paid) {
    const size = teamSize(t.matchType);
    const { refundPence } = leaveRefund(t, size);
    const label = `${t.name}, ${t.venue}${size > 1 ? ` (a team of ${size})` : ""}`;
    const gone = sql`not exists (select 1 from ${tournamentPlayers} where id = ${entry.id})`;
    const left = await db.write(
      write(
        [
          build
            .delete(tournamentPlayers)
            .where(and(eq(tournamentPlayers.id, entry.id), eq(tournamentPlayers.paid, true), stillOpen))
            .returning({ id: tournamentPlayers.id }),
          build.all<{ open: number }>(sql`select ${stillOpen} as open`),
          // A starting rating set for them in this tournament goes with the entry (decision 031).
          startsWithoutEntry(t.id, playerId),
          ...(refundPence > 0
            ? [
                movementStatement(
                  {
                    userType: "player",
                    userId: playerId,
                    type: "refund",
                    amountPence: refundPence,
                    description: `Entry fee back — left ${label}`,
                    tournamentId: t.id,
                    idempotencyKey: refundKey(entry.id),
                  },
                  gone,
                ),
              ]
            : []),
          build.delete(reserves).where(and(eq(reserves.tournamentId, t.id), eq(reserves.playerId, playerId))),
          ...offers,
        ],
        ([deleted, open, starts, ...rest]) => {
          if (!(deleted as unknown[])[0]) {
            // Not taken out by this batch: the tournament started meanwhile, or a leave a moment before did it.
            const started = !Number((open as { open: number }[])[0]?.open);
            throw new DomainError(409, started ? checkInMessages.leaveStarted : checkInMessages.alreadyLeft);
          }
          const result = { left: "entry" as const, refundPence, offered: rest.at(-1) as Offered[], ...ids };
          return { result, takenBack: (starts as unknown[]).length > 0 };
        },
      ),
    );
    await replayAfterStarts(db, left.takenBack);
    return left.result;
  }

  // Nothing paid: off the reserve list, and any place held for them (an offer, a payment under way) given up.
  return db.write(
    write(
      [
        build.delete(reserves).where(and(eq(reserves.tournamentId, t.id), eq(reserves.playerId, playerId))),
        build
          .delete(tournamentPlayers)
          .where(
            and(
              eq(tournamentPlayers.tournamentId, t.id),
              eq(tournamentPlayers.playerId, playerId),
              eq(tournamentPlayers.paid, false),
              stillOpen,
            ),
          ),
        ...offers,
      ],
      (raw) => ({
        left: reserve ? ("reserve-list" as const) : ("hold" as const),
        refundPence: 0,
        offered: raw.at(-1) as Offered[],
        ...ids,
      }),
    ),
  );
}
