// Which team takes which seat of its division's Berger table, so that teams sharing a venue are never both at
// home the same week. A plain backtracking search in a fixed order (groups, then teams, then orientations and
// seats by number), bounded by a count of steps, so the same league always gets the same answer.
import { divisionTables, type Pattern, type SeatRound, seatPattern } from "./berger.ts";

/** A team of a venue group: its division's index and its own index in that division. */
export type Member = { division: number; team: number };

/** A division's draw: its orientation, its empty seat (-1 when even) and each team's seat. */
export type Seating = { rounds: SeatRound[]; rest: number; seatOf: number[] };

export type SeatingResult = { ok: true; seatings: Seating[] } | { ok: false; group: number };

/** Steps the search may take before it gives up: some thousands of times what a real league needs. */
const BUDGET = 20_000;

type Draw = {
  seats: number;
  table: number;
  rest: number;
  seatOf: number[];
  taken: boolean[];
  patterns: Map<string, Pattern>;
};

const bothHome = (a: Pattern, b: Pattern) => a.some((week, i) => week === "H" && b[i] === "H");

/**
 * Seats for every team of divisions of `teamCounts` teams so that no two members of a group are at home the
 * same week, or the group the search could not get past.
 */
export function seatTeams(
  teamCounts: readonly number[],
  legs: 1 | 2,
  groups: readonly (readonly Member[])[],
): SeatingResult {
  const tables = teamCounts.map((teams) => divisionTables(teams + (teams % 2), legs));
  const draws: Draw[] = teamCounts.map((teams) => ({
    seats: teams + (teams % 2),
    table: -1,
    rest: -1,
    seatOf: Array.from({ length: teams }, () => -1),
    taken: Array.from({ length: teams + (teams % 2) }, () => false),
    patterns: new Map(),
  }));
  const order = groups.flatMap((members, group) => members.map((member) => ({ ...member, group })));
  const roundsOf = (d: number, table: number) => (tables[d] as SeatRound[][])[table] as SeatRound[];
  const patternOf = (draw: Draw, d: number, seat: number): Pattern => {
    const key = `${draw.table} ${draw.rest} ${seat}`;
    let pattern = draw.patterns.get(key);
    if (!pattern) {
      pattern = seatPattern(roundsOf(d, draw.table), seat, draw.rest);
      draw.patterns.set(key, pattern);
    }
    return pattern;
  };
  let steps = 0;
  let furthest = 0;

  const placeSeat = (k: number): boolean => {
    const member = order[k] as (typeof order)[number];
    const draw = draws[member.division] as Draw;
    for (let seat = 0; seat < draw.seats; seat++) {
      if (draw.taken[seat] || seat === draw.rest) continue;
      if (++steps > BUDGET) return false;
      const pattern = patternOf(draw, member.division, seat);
      const clash = order.slice(0, k).some((other) => {
        if (other.group !== member.group) return false;
        const otherDraw = draws[other.division] as Draw;
        return bothHome(pattern, patternOf(otherDraw, other.division, otherDraw.seatOf[other.team] as number));
      });
      if (clash) continue;
      draw.taken[seat] = true;
      draw.seatOf[member.team] = seat;
      if (place(k + 1)) return true;
      draw.taken[seat] = false;
      draw.seatOf[member.team] = -1;
    }
    return false;
  };

  const place = (k: number): boolean => {
    furthest = Math.max(furthest, k);
    if (k === order.length) return true;
    const member = order[k] as (typeof order)[number];
    const draw = draws[member.division] as Draw;
    if (draw.table >= 0) return placeSeat(k);
    const rests = draw.seats === teamCounts[member.division] ? [-1] : draw.taken.map((_, seat) => seat);
    for (let table = 0; table < (tables[member.division] as SeatRound[][]).length; table++) {
      for (const rest of rests) {
        draw.table = table;
        draw.rest = rest;
        if (placeSeat(k)) return true;
        if (steps > BUDGET) break;
      }
      if (steps > BUDGET) break;
    }
    draw.table = -1;
    draw.rest = -1;
    return false;
  };

  if (!place(0)) {
    const stuck = order[Math.min(furthest, order.length - 1)] as (typeof order)[number];
    return { ok: false, group: stuck.group };
  }
  return {
    ok: true,
    seatings: draws.map((draw, d) => {
      const table = Math.max(draw.table, 0);
      const rest = draw.table >= 0 ? draw.rest : draw.seats === teamCounts[d] ? -1 : draw.seats - 1;
      // Teams that share no venue take the seats left, in the division's order.
      const free = draw.taken.flatMap((taken, seat) => (taken || seat === rest ? [] : [seat]));
      const seatOf = draw.seatOf.map((seat) => (seat >= 0 ? seat : (free.shift() as number)));
      return { rounds: roundsOf(d, table), rest, seatOf };
    }),
  };
}
