// Round robin: every pair meets once, nobody plays twice in a round,
// and the standings with their tie-breaks. Pure, like bracket.ts: functions
// take the whole league and return values.
import type { Outcome } from "./outcomes.ts";

const MIN_ROUND_ROBIN_PLAYERS = 2;
export const MAX_ROUND_ROBIN_PLAYERS = 32;

export type Fixture = { round: number; matchNumber: number; player1Id: string; player2Id: string };

/**
 * The circle method: the first entry stays put while the others rotate one
 * place a round; with an odd count an empty seat joins the circle and whoever
 * faces it sits the round out. n entries play n - 1 rounds (n rounds if odd).
 * The fixed entry alternates sides so nobody is always "player 1".
 */
export function roundRobinFixtures(playerIds: readonly string[]): Fixture[] {
  const n = playerIds.length;
  if (n < MIN_ROUND_ROBIN_PLAYERS || n > MAX_ROUND_ROBIN_PLAYERS) {
    throw new RangeError(
      `A round robin needs ${MIN_ROUND_ROBIN_PLAYERS} to ${MAX_ROUND_ROBIN_PLAYERS} players, got ${n}`,
    );
  }
  if (new Set(playerIds).size !== n) throw new RangeError("A player can be drawn only once");
  const seats: (string | null)[] = n % 2 === 0 ? [...playerIds] : [...playerIds, null];
  const size = seats.length;
  const fixtures: Fixture[] = [];
  for (let round = 1; round < size; round++) {
    let matchNumber = 0;
    for (let i = 0; i < size / 2; i++) {
      const home = seats[i] ?? null;
      const away = seats[size - 1 - i] ?? null;
      if (home === null || away === null) continue;
      const swap = i === 0 && round % 2 === 0;
      fixtures.push({
        round,
        matchNumber: ++matchNumber,
        player1Id: swap ? away : home,
        player2Id: swap ? home : away,
      });
    }
    // Rotate every seat but the first one place clockwise.
    const last = seats.pop() ?? null;
    seats.splice(1, 0, last);
  }
  return fixtures;
}

/** A league match as standings read it: decided once `outcome` is set. */
export type LeagueMatch = {
  player1Id: string;
  player2Id: string;
  player1Score: number;
  player2Score: number;
  winnerId: string | null;
  outcome: Outcome | null;
};

export type LeagueRow = {
  playerId: string;
  /** 1-based; entries the tie-breaks cannot separate share the same place. */
  place: number;
  played: number;
  won: number;
  lost: number;
  racksFor: number;
  racksAgainst: number;
};

type Tally = Omit<LeagueRow, "place">;

function tallies(playerIds: readonly string[], matches: readonly LeagueMatch[]): Map<string, Tally> {
  const table = new Map<string, Tally>(
    playerIds.map((playerId) => [playerId, { playerId, played: 0, won: 0, lost: 0, racksFor: 0, racksAgainst: 0 }]),
  );
  for (const m of matches) {
    if (m.outcome === null) continue;
    const one = table.get(m.player1Id);
    const two = table.get(m.player2Id);
    if (!one || !two) throw new RangeError("A league match names a player who is not in the league");
    for (const [side, own, theirs] of [
      [one, m.player1Score, m.player2Score],
      [two, m.player2Score, m.player1Score],
    ] as const) {
      side.played += 1;
      // A double forfeit is a loss for both; a walkover's racks are not counted.
      if (m.winnerId === side.playerId) side.won += 1;
      else side.lost += 1;
      if (m.outcome === "played") {
        side.racksFor += own;
        side.racksAgainst += theirs;
      }
    }
  }
  return table;
}

/** Wins among `group` only: the head-to-head mini-league of entries tied on wins. */
function headToHeadWins(group: readonly string[], matches: readonly LeagueMatch[]): Map<string, number> {
  const members = new Set(group);
  const wins = new Map(group.map((id) => [id, 0]));
  for (const m of matches) {
    if (m.outcome === null || m.winnerId === null) continue;
    if (!members.has(m.player1Id) || !members.has(m.player2Id)) continue;
    wins.set(m.winnerId, (wins.get(m.winnerId) ?? 0) + 1);
  }
  return wins;
}

/** Splits `rows` into runs that `key` (higher first) cannot separate, keeping the order of those runs. */
function splitBy<T>(rows: readonly T[], key: (row: T) => number): T[][] {
  const sorted = [...rows].sort((a, b) => key(b) - key(a));
  const runs: T[][] = [];
  for (const row of sorted) {
    const run = runs.at(-1);
    const head = run?.[0];
    if (run && head !== undefined && key(head) === key(row)) run.push(row);
    else runs.push([row]);
  }
  return runs;
}

/**
 * Standings: wins; then, among entries level on wins, the head-to-head
 * results between them; then rack difference; then racks won. Entries still
 * level share the place (the next place skips: 1, 2, 2, 4).
 */
export function leagueStandings(playerIds: readonly string[], matches: readonly LeagueMatch[]): LeagueRow[] {
  const table = [...tallies(playerIds, matches).values()];
  const ordered: Tally[][] = [];
  for (const level of splitBy(table, (t) => t.won)) {
    const h2h = headToHeadWins(
      level.map((t) => t.playerId),
      matches,
    );
    for (const afterHeadToHead of splitBy(level, (t) => h2h.get(t.playerId) ?? 0)) {
      for (const afterDifference of splitBy(afterHeadToHead, (t) => t.racksFor - t.racksAgainst)) {
        ordered.push(...splitBy(afterDifference, (t) => t.racksFor));
      }
    }
  }
  const rows: LeagueRow[] = [];
  for (const run of ordered) {
    const place = rows.length + 1;
    for (const tally of [...run].sort((a, b) => playerIds.indexOf(a.playerId) - playerIds.indexOf(b.playerId))) {
      rows.push({ ...tally, place });
    }
  }
  return rows;
}
