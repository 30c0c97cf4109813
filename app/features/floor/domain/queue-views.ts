// What the pages and the API show of a tournament's queue: the ready matches
// in the order they will be called, with their estimated starts, and the
// director's panel of tables. Pure: features/floor/server/queue-reads.server.ts reads the floor.
import type { Races } from "../../play/domain/races.ts";
import type { MatchView } from "../../play/domain/play.ts";
import {
  estimateStarts,
  noShowAt,
  noShowRefusal,
  readyQueue,
  type FloorMatch,
  type FloorTable,
  type QueueEntry,
} from "./queue.ts";
import type { TournamentStatus } from "../../../domain/tournaments.ts";

/** A tournament's floor: what the queue rules need, as features/floor/server/queue-reads.server.ts reads it. */
export type QueueState = {
  tournament: {
    id: string;
    organiserId: string;
    status: TournamentStatus;
    startedAt: number | null;
    autoAssign: boolean;
    noShowMinutes: number;
  };
  matches: FloorMatch[];
  /** The director's tables in their order; busy with a match of any of their tournaments in progress. */
  tables: (FloorTable & { name: string })[];
  /** The average match length at the venue so far (ms). */
  averageMs: number;
};

/** A place in the queue as the pages and the API show it. */
export type QueuedMatch = QueueEntry & { estimatedStart: number | null };

/** The ready matches in the order they will be called, each with when it should start (null: no table for it). */
export function queueOf(floor: QueueState, now: number): QueuedMatch[] {
  if (floor.tournament.status !== "in_progress") return [];
  const queue = readyQueue(floor.matches, floor.tournament.startedAt ?? now);
  const starts = estimateStarts({ queue, tables: floor.tables, averageMs: floor.averageMs, now });
  return queue.map((entry) => ({ ...entry, estimatedStart: starts.get(entry.match.id) ?? null }));
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** GET /api/tournaments/{id}/queue's answer: the queue in call order, times as ISO strings. */
export function queueJson(floor: QueueState, views: readonly MatchView[], now: number) {
  const names = new Map(views.map((v) => [v.id, v]));
  const tableNames = new Map(floor.tables.map((t) => [t.id, t.name]));
  return {
    tournamentId: floor.tournament.id,
    autoAssign: floor.tournament.autoAssign,
    noShowMinutes: floor.tournament.noShowMinutes,
    averageMatchMinutes: Math.round(floor.averageMs / 60_000),
    queue: queueOf(floor, now).map(({ match: m, waitingSince, estimatedStart }, i) => {
      const view = names.get(m.id);
      return {
        position: i + 1,
        matchId: m.id,
        label: view?.label ?? "",
        bracket: m.bracket,
        group: m.group,
        round: m.round,
        matchNumber: m.matchNumber,
        player1Id: m.player1Id,
        player2Id: m.player2Id,
        player1: view?.player1 ?? null,
        player2: view?.player2 ?? null,
        waitingSince: iso(waitingSince),
        pinnedTableId: m.pinnedTableId,
        pinnedTableName: m.pinnedTableId === null ? null : (tableNames.get(m.pinnedTableId) ?? null),
        estimatedStart: iso(estimatedStart),
      };
    }),
  };
}

/** What the director's floor panel shows: settings, the queue, and every table with its match and clock. */
export type QueuePanel = {
  status: TournamentStatus;
  autoAssign: boolean;
  noShowMinutes: number;
  averageMinutes: number;
  now: number;
  queue: {
    matchId: string;
    title: string;
    players: string;
    pinnedTableId: string | null;
    pinnedTableName: string | null;
    estimatedStart: number | null;
  }[];
  tables: {
    id: string;
    name: string;
    inRotation: boolean;
    /** In use by a match of another of the director's tournaments. */
    busyElsewhere: boolean;
    /** A tablet is on it now (its push channel's word); null when that is not known. */
    tablet: boolean | null;
    playing: {
      matchId: string;
      title: string;
      player1: { id: string; name: string };
      player2: { id: string; name: string };
      calledAt: number;
      noShowAt: number;
      /** The racks scored at the table so far (player 1's, player 2's). */
      score: [number, number];
      /** Each player's race (decision 028): equal unless the event is handicapped. */
      races: Races;
      /** The tablet confirmed a result that waits for the director's approval (decision 012). */
      awaitingApproval: boolean;
      /**
       * No racks scored and no result waiting for approval (noShowRefusal): once the clock is up the floor offers the
       * no-show walkover. Worked out here, so the card's code carries only the comparison with the clock.
       */
      walkoverAllowed: boolean;
      /**
       * When the floor flags the match as not being scored (no rack scored and nothing waiting for approval this long
       * after the call: is anyone scoring it?); null once a rack is scored.
       */
      unscoredAt: number | null;
    } | null;
  }[];
};

/** A called match with no rack scored this long is flagged on the floor. */
export const UNSCORED_MINUTES = 10;

const matchTitle = (m: Pick<MatchView, "label" | "matchNumber">) => `${m.label} · Match ${m.matchNumber}`;
const nameOf = (side: { name: string } | null) => side?.name ?? "To be decided";

export function queuePanel(
  floor: QueueState,
  views: readonly MatchView[],
  now: number,
  tablets: ReadonlySet<string> | null = null,
): QueuePanel {
  const byId = new Map(views.map((v) => [v.id, v]));
  const tableNames = new Map(floor.tables.map((t) => [t.id, t.name]));
  const playingOn = new Map(views.filter((v) => v.status === "in_progress" && v.tableId).map((v) => [v.tableId, v]));
  return {
    status: floor.tournament.status,
    autoAssign: floor.tournament.autoAssign,
    noShowMinutes: floor.tournament.noShowMinutes,
    averageMinutes: Math.round(floor.averageMs / 60_000),
    now,
    queue: queueOf(floor, now).flatMap(({ match, estimatedStart }) => {
      const view = byId.get(match.id);
      if (!view) return [];
      return [
        {
          matchId: match.id,
          title: matchTitle(view),
          players: `${nameOf(view.player1)} vs ${nameOf(view.player2)}`,
          pinnedTableId: match.pinnedTableId,
          pinnedTableName: match.pinnedTableId === null ? null : (tableNames.get(match.pinnedTableId) ?? null),
          estimatedStart,
        },
      ];
    }),
    tables: floor.tables.map((t) => {
      const view = playingOn.get(t.id);
      const calledAt = view?.calledAt ?? null;
      return {
        id: t.id,
        name: t.name,
        inRotation: t.inRotation,
        busyElsewhere: t.busy !== null && !view,
        tablet: tablets === null ? null : tablets.has(t.id),
        playing:
          view && calledAt !== null && view.player1Id && view.player2Id
            ? {
                matchId: view.id,
                title: matchTitle(view),
                player1: { id: view.player1Id, name: nameOf(view.player1) },
                player2: { id: view.player2Id, name: nameOf(view.player2) },
                calledAt,
                noShowAt: noShowAt(calledAt, floor.tournament.noShowMinutes),
                score: [view.player1Score, view.player2Score],
                races: { race1: view.race1, race2: view.race2 },
                awaitingApproval: view.awaitingApproval,
                walkoverAllowed: noShowRefusal(view) === null,
                unscoredAt: noShowRefusal(view) === null ? calledAt + UNSCORED_MINUTES * 60_000 : null,
              }
            : null,
      };
    }),
  };
}

/** The no-show walkover a director is asked to confirm: the match, its table, who gets it and who did not turn up. */
export type NoShowWalkover = {
  matchId: string;
  title: string;
  table: string;
  winner: { id: string; name: string };
  absent: { id: string; name: string };
};

/**
 * What ?confirm=walkover&match=…&winner=… asks to confirm (null: nothing): a match called to a table of the floor, not
 * being played (no racks scored, nothing waiting for approval), and one of its two players. The clock is the link's
 * to respect: the server refuses only a match being played (result-changes.ts), whatever the time.
 */
export function noShowWalkover(
  panel: QueuePanel | null,
  matchId: string | null,
  winnerId: string | null,
): NoShowWalkover | null {
  const table = panel?.tables.find((t) => t.playing !== null && t.playing.matchId === matchId);
  const called = table?.playing;
  if (!table || !called?.walkoverAllowed) return null;
  const sides = [called.player1, called.player2];
  const winner = sides.find((p) => p.id === winnerId);
  const absent = sides.find((p) => p.id !== winnerId);
  if (!winner || !absent) return null;
  return { matchId: called.matchId, title: called.title, table: table.name, winner, absent };
}
