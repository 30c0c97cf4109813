// Withdrawing an entry during play (decision 021): "Sam had to leave". The entry is marked withdrawn and each of its
// matches the bracket has reached becomes a walkover to the opponent, in one guarded batch; the matches it reaches
// later are walkovers when the result that reaches them is saved (results.server.ts). Nothing is refunded.
import { and, eq, sql } from "drizzle-orm";
import {
  assertInBatch,
  build,
  first,
  isBatchGuardFailure,
  isUniqueViolation,
  query,
  reads,
  trailing,
  write,
  type Sender,
} from "~/db/batch.server.ts";
import { matches, tournamentPlayers, tournaments } from "~/db/schema.ts";
import { withChanges, type BracketMatch } from "~/features/play/domain/bracket.ts";
import { DomainError } from "~/domain/errors.ts";
import { formatPlaces } from "~/features/tournaments/domain/formats.ts";
import { knockoutAfterGroups } from "~/features/play/domain/groups.ts";
import { ownTournament } from "~/features/play/domain/play-checks.ts";
import { isTeamEvent } from "~/features/entries/domain/teams.ts";
import {
  checkWithdrawal,
  drawWithWalkovers,
  walkoversFor,
  withdrawalMessages,
} from "~/features/entries/domain/withdrawn.ts";
import type { Change } from "~/domain/changes.ts";
import { registrationEntry, registrationEntryName } from "./entries.server.ts";
import {
  bracketQuery,
  drawnSeedsQuery,
  matchesAfter,
  withdrawnQuery,
} from "~/features/play/server/match-reads.server.ts";
import { queuesAfter } from "~/features/floor/server/queue-reads.server.ts";
import { knockoutDraw } from "~/features/play/server/knockout-draw.server.ts";
import { MATCH_CHANGED, matchChangeStatements } from "~/features/play/server/match-changes.server.ts";
import { formatOptions } from "~/features/tournaments/domain/formats.ts";
import { boardsAfter } from "~/features/floor/server/tables.server.ts";
import {
  inTournament,
  tournamentRow,
  type TournamentRef,
} from "~/features/tournaments/server/tournament-ref.server.ts";

export type Withdrawn = { withdrawn: true; walkovers: number; change: Change | null };

function withdrawRead(ref: TournamentRef, registrationId: string) {
  return reads({
    t: first(tournamentRow(ref)),
    entry: first(
      build
        .select({
          entryId: registrationEntry,
          name: registrationEntryName,
          withdrawnAt: tournamentPlayers.withdrawnAt,
        })
        .from(tournamentPlayers)
        .where(
          and(
            eq(tournamentPlayers.id, registrationId),
            inTournament(tournamentPlayers.tournamentId, ref),
            eq(tournamentPlayers.paid, true),
          ),
        )
        .limit(1),
    ),
    entries: query(
      build
        .select({ entryId: registrationEntry })
        .from(tournamentPlayers)
        .where(and(inTournament(tournamentPlayers.tournamentId, ref), eq(tournamentPlayers.paid, true))),
    ),
    bracket: bracketQuery(ref),
    seeds: drawnSeedsQuery(ref),
    withdrawn: withdrawnQuery(ref),
    // The tables of the matches being played: a walkover frees its table, whose tablets are told.
    atTables: query(
      build
        .select({ id: matches.id, tableId: matches.tableId })
        .from(matches)
        .where(and(inTournament(matches.tournamentId, ref), sql`${matches.tableId} is not null`)),
    ),
  });
}

/**
 * The director withdraws an entry (its registration id, a team's id) while the tournament is in progress: its reached
 * matches become walkovers now (`walkovers` counts them), the rest as the bracket reaches them. Withdrawing twice
 * changes nothing. Refused before the start and after the finish, and for the last entry still in contention.
 */
export async function withdrawEntry(
  db: Sender,
  {
    organiserId,
    tournament,
    registrationId,
    now = Date.now(),
  }: { organiserId: string; tournament: TournamentRef; registrationId: string; now?: number },
): Promise<Withdrawn> {
  // A result or a walkover landing between our read and write refuses the batch: read and work it out again once.
  for (let attempt = 0; ; attempt++) {
    try {
      return await withdrawOnce(db, { organiserId, tournament, registrationId, now });
    } catch (error) {
      const raced = error instanceof DomainError && error.message === MATCH_CHANGED;
      if (!raced || attempt > 0) throw error;
    }
  }
}

async function withdrawOnce(
  db: Sender,
  {
    organiserId,
    tournament,
    registrationId,
    now,
  }: { organiserId: string; tournament: TournamentRef; registrationId: string; now: number },
): Promise<Withdrawn> {
  const read = await db.send(withdrawRead(tournament, registrationId));
  const t = ownTournament(read.t, organiserId);
  if (t.status === "open") throw new DomainError(409, withdrawalMessages.notStarted);
  if (t.status !== "in_progress") throw new DomainError(409, withdrawalMessages.over);
  const { entry } = read;
  if (!entry) throw new DomainError(404, withdrawalMessages.entryNotFound);
  if (entry.withdrawnAt !== null) return { withdrawn: true, walkovers: 0, change: null };

  const places = formatPlaces(
    read.bracket,
    read.entries.map((e) => e.entryId),
  );
  checkWithdrawal(entry.entryId, places, read.withdrawn, entry.name, isTeamEvent(t.matchType));
  const withdrawn = new Set([...read.withdrawn, entry.entryId]);
  const { changes, decided } = walkoversFor(read.bracket, withdrawn, now);
  // In groups into a knockout, walkovers that decide the last group matches draw the knockout in the same batch.
  let draw: BracketMatch[] = [];
  const after = withChanges(read.bracket, changes);
  if (t.tournamentType === "round_robin_tier" && !read.bracket.some((m) => m.bracket === "knockout")) {
    const knockout = knockoutAfterGroups(
      after,
      read.seeds,
      formatOptions(t).advancePerGroup,
      () => crypto.randomUUID(),
      now,
    );
    draw = drawWithWalkovers(knockout.draw, withdrawn, now);
  }
  const walkovers = decided.length + draw.filter((m) => m.status === "completed" && !m.isBye).length;
  const tableOf = new Map(read.atTables.map((m) => [m.id, m.tableId]));
  const board = boardsAfter(changes.map((c) => tableOf.get(c.id) ?? null));
  const changed = matchesAfter(draw.length > 0 ? [] : changes.map((c) => c.id));
  const floor = queuesAfter(organiserId, t.autoAssign);
  const items = [
    assertInBatch(sql`exists (select 1 from ${tournaments} where id = ${t.id} and status = 'in_progress')`),
    // Nobody else withdrawn meanwhile: the walkovers were worked out from those read.
    assertInBatch(
      sql`(select count(*) from ${tournamentPlayers} where ${tournamentPlayers.tournamentId} = ${t.id}
        and ${tournamentPlayers.withdrawnAt} is not null) = ${read.withdrawn.size}`,
    ),
    build
      .update(tournamentPlayers)
      .set({ withdrawnAt: now })
      .where(and(eq(tournamentPlayers.id, registrationId), sql`${tournamentPlayers.withdrawnAt} is null`)),
    ...matchChangeStatements(read.bracket, changes),
    ...(draw.length > 0
      ? knockoutDraw(
          t.id,
          after.filter((m) => m.bracket === "group"),
          draw,
          now,
        )
      : []),
  ];
  const [views, boards, floors] = await db.write(
    write(
      [...items, ...changed.items, ...board.items, ...floor.items],
      (raw) => trailing(raw, changed, board, floor),
      (error) =>
        isBatchGuardFailure(error) || isUniqueViolation(error) ? new DomainError(409, MATCH_CHANGED) : undefined,
    ),
  );
  return {
    withdrawn: true,
    walkovers,
    // Walkovers free tables and make matches ready: the same path as a result (decision 018).
    change: {
      organiserId,
      tournamentId: t.id,
      what: "result",
      handicapped: t.handicap === "race",
      floors,
      boards,
      matches: views,
    },
  };
}
