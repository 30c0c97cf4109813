// Which team takes which seat of which table (berger.ts), so that teams sharing a venue are never both at home
// the same week. A plain backtracking search in a fixed order (groups, then teams, then tables and seats by
// number), bounded by a count of steps, so the same league always gets the same answer.
import { divisionTables, type Pattern, seatPattern, type Table } from "./berger.ts";

/** A team of a venue group: its division's index and its own index in that division. */
export type Member = { division: number; team: number };

/** A division's table and each of its teams' seats. */
export type Seating = Table & { seatOf: number[] };

type SeatingResult = { ok: true; seatings: Seating[] } | { ok: false; group: number };

/** Steps the search may take before it gives up: thousands of times what a league of pairs needs. */
const BUDGET = 20_000;

/** A division as the search goes: its table (-1 before one is chosen), its teams' seats and the seats taken. */
type Draw = { tables: Table[]; table: number; seatOf: number[]; taken: boolean[]; patterns: Map<string, Pattern> };

const bothHome = (a: Pattern, b: Pattern) => a.some((week, i) => week === "H" && b[i] === "H");

function patternOf(draw: Draw, seat: number): Pattern {
  const key = `${draw.table} ${seat}`;
  let pattern = draw.patterns.get(key);
  if (!pattern) {
    const { rounds, rest } = draw.tables[draw.table] as Table;
    pattern = seatPattern(rounds, seat, rest);
    draw.patterns.set(key, pattern);
  }
  return pattern;
}

/**
 * Seats for every team of divisions of `teamCounts` teams so that no two members of a group are at home the
 * same week, or the group the search could not get past.
 */
export function seatTeams(
  teamCounts: readonly number[],
  legs: 1 | 2,
  groups: readonly (readonly Member[])[],
): SeatingResult {
  const draws: Draw[] = teamCounts.map((teams) => ({
    tables: divisionTables(teams, legs),
    table: -1,
    seatOf: Array.from({ length: teams }, () => -1),
    taken: Array.from({ length: teams + (teams % 2) }, () => false),
    patterns: new Map(),
  }));
  const order = groups.flatMap((members, group) => members.map((member) => ({ ...member, group })));
  let steps = 0;
  let furthest = 0;

  const placeSeat = (k: number, member: (typeof order)[number], draw: Draw): boolean => {
    const rest = (draw.tables[draw.table] as Table).rest;
    for (let seat = 0; seat < draw.taken.length; seat++) {
      if (draw.taken[seat] || seat === rest) continue;
      if (++steps > BUDGET) return false;
      const pattern = patternOf(draw, seat);
      const clash = order.slice(0, k).some((other) => {
        const otherDraw = draws[other.division] as Draw;
        return (
          other.group === member.group && bothHome(pattern, patternOf(otherDraw, otherDraw.seatOf[other.team] ?? -1))
        );
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
    const member = order[k];
    if (!member) return true;
    const draw = draws[member.division] as Draw;
    if (draw.table >= 0) return placeSeat(k, member, draw);
    // The division's first team with a venue-mate chooses its table.
    for (draw.table = 0; draw.table < draw.tables.length && steps <= BUDGET; draw.table++) {
      if (placeSeat(k, member, draw)) return true;
    }
    draw.table = -1;
    return false;
  };

  if (!place(0)) {
    const stuck = order[Math.min(furthest, order.length - 1)] as Member & { group: number };
    return { ok: false, group: stuck.group };
  }
  return {
    ok: true,
    seatings: draws.map((draw) => {
      const table = draw.tables[Math.max(draw.table, 0)] as Table;
      // Teams that share no venue take the seats left, in the division's order.
      const free = draw.taken.flatMap((taken, seat) => (taken || seat === table.rest ? [] : [seat]));
      return { ...table, seatOf: draw.seatOf.map((seat) => (seat >= 0 ? seat : (free.shift() as number))) };
    }),
  };
}
