// A division's table (DESIGN §11): from its played and awarded fixtures only, with the season's points and the
// secretary's penalties; ties broken, in order, by points, frame difference, frames won, the points in the fixtures
// between the tied teams (a mini-table), then name — and each tie the table settled said in words under it. Pure.
import { z } from "../../../domain/zod.ts";

/** A season's points: for a match won, drawn and lost, and for each frame won. */
export type Points = { win: number; draw: number; loss: number; frame: number };

/** The usual points: two for a win, one for a draw, none a frame. */
export const DEFAULT_POINTS: Points = { win: 2, draw: 1, loss: 0, frame: 0 };

/** Nobody awards more than this for anything; a bigger number is a typing slip. */
const MAX_POINTS = 100;

const pointsField = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of points, 0 or more` })
    .check(
      z.refine(Number.isInteger, `${label} must be a whole number of points, 0 or more`),
      z.gte(0, `${label} must be a whole number of points, 0 or more`),
      z.lte(MAX_POINTS, `${label} can be at most ${MAX_POINTS} points`),
    );

/** A season's `points` in a request body. */
export const PointsSchema = z.object(
  {
    win: pointsField("A win"),
    draw: pointsField("A draw"),
    loss: pointsField("A loss"),
    frame: pointsField("A frame won"),
  },
  { error: "Points must give a win, a draw, a loss and a frame won" },
);

/** The fewest singles frames to qualify for the merit table, as a request gives it. */
export const MeritMinFramesSchema = z
  .number({ error: "The merit table's minimum must be a whole number of frames, 0 or more" })
  .check(
    z.refine(Number.isInteger, "The merit table's minimum must be a whole number of frames, 0 or more"),
    z.gte(0, "The merit table's minimum must be a whole number of frames, 0 or more"),
    z.lte(1000, "The merit table's minimum can be at most 1000 frames"),
  );

/** The statuses a fixture counts in the table with: its result stands. */
export const COUNTED_STATUSES = ["played", "awarded"] as const;

export type TableTeam = { id: string; name: string };
export type TableFixture = {
  homeTeamId: string;
  awayTeamId: string;
  status: string;
  homeScore: number | null;
  awayScore: number | null;
};
export type Penalty = { teamId: string; points: number };

export type Standing = {
  position: number;
  teamId: string;
  team: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  framesFor: number;
  framesAgainst: number;
  /** Points deducted (0 or more). */
  penalty: number;
  /** Points after the penalty. */
  points: number;
};

/** The tie-breaks in order, as the table's footnote says them. */
export const TIE_BREAK_RULE =
  "Teams level on points are ordered by frame difference, then frames won, then the points in the fixtures " +
  "between them, then name.";

type Row = Omit<Standing, "position">;

/** The fixtures whose results stand, as home/away scores. */
function counted(fixtures: readonly TableFixture[]) {
  return fixtures.filter(
    (f): f is TableFixture & { homeScore: number; awayScore: number } =>
      (COUNTED_STATUSES as readonly string[]).includes(f.status) && f.homeScore !== null && f.awayScore !== null,
  );
}

/** Each team's line from `fixtures` (penalties taken off): teams in no fixture have a line of noughts. */
function lines(
  teams: readonly TableTeam[],
  fixtures: readonly TableFixture[],
  points: Points,
  penalties: readonly Penalty[],
): Map<string, Row> {
  const rows = new Map<string, Row>(
    teams.map((t) => [
      t.id,
      {
        teamId: t.id,
        team: t.name,
        played: 0,
        won: 0,
        drawn: 0,
        lost: 0,
        framesFor: 0,
        framesAgainst: 0,
        penalty: 0,
        points: 0,
      },
    ]),
  );
  const add = (teamId: string, framesFor: number, framesAgainst: number) => {
    const row = rows.get(teamId);
    if (!row) return;
    row.played += 1;
    row.framesFor += framesFor;
    row.framesAgainst += framesAgainst;
    const result = framesFor > framesAgainst ? "won" : framesFor < framesAgainst ? "lost" : "drawn";
    row[result] += 1;
    row.points +=
      (result === "won" ? points.win : result === "lost" ? points.loss : points.draw) + framesFor * points.frame;
  };
  for (const f of counted(fixtures)) {
    add(f.homeTeamId, f.homeScore, f.awayScore);
    add(f.awayTeamId, f.awayScore, f.homeScore);
  }
  for (const p of penalties) {
    const row = rows.get(p.teamId);
    if (!row) continue;
    row.penalty += p.points;
    row.points -= p.points;
  }
  return rows;
}

const difference = (r: Row) => r.framesFor - r.framesAgainst;
/** By name, case aside (then by id, so the order never depends on the input's). */
const byName = (a: Row, b: Row) => {
  const [x, y] = [a.team.toLowerCase(), b.team.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : a.teamId < b.teamId ? -1 : a.teamId > b.teamId ? 1 : 0;
};

/** The keys before the mini-table, in order: equal on all three is a tie the fixtures between them settle. */
const KEYS: readonly { key: (r: Row) => number; words: string }[] = [
  { key: (r) => r.points, words: "points" },
  { key: difference, words: "frame difference" },
  { key: (r) => r.framesFor, words: "frames won" },
];

/** A division's table: every team, ordered and numbered 1… by the tie-breaks. */
export function standings(
  teams: readonly TableTeam[],
  fixtures: readonly TableFixture[],
  points: Points,
  penalties: readonly Penalty[] = [],
): Standing[] {
  const rows = lines(teams, fixtures, points, penalties);
  const ordered = [...rows.values()].sort((a, b) => {
    for (const { key } of KEYS) if (key(a) !== key(b)) return key(b) - key(a);
    return byName(a, b);
  });
  // Each run of teams equal on the three keys is ordered by a mini-table of the fixtures between them, then name.
  const result: Row[] = [];
  for (let i = 0; i < ordered.length; ) {
    let j = i + 1;
    while (j < ordered.length && KEYS.every(({ key }) => key(ordered[j] as Row) === key(ordered[i] as Row))) j++;
    const tied = ordered.slice(i, j);
    result.push(...(tied.length > 1 ? byMiniTable(tied, fixtures, points) : tied));
    i = j;
  }
  return result.map((row, index) => ({ position: index + 1, ...row }));
}

/** The points each of `tied` took in the fixtures between them (no penalties). */
function miniPoints(tied: readonly Row[], fixtures: readonly TableFixture[], points: Points): Map<string, number> {
  const ids = new Set(tied.map((r) => r.teamId));
  const between = fixtures.filter((f) => ids.has(f.homeTeamId) && ids.has(f.awayTeamId));
  const mini = lines(
    tied.map((r) => ({ id: r.teamId, name: r.team })),
    between,
    points,
    [],
  );
  return new Map([...mini.values()].map((r) => [r.teamId, r.points]));
}

function byMiniTable(tied: readonly Row[], fixtures: readonly TableFixture[], points: Points): Row[] {
  const mini = miniPoints(tied, fixtures, points);
  return [...tied].sort((a, b) => (mini.get(b.teamId) ?? 0) - (mini.get(a.teamId) ?? 0) || byName(a, b));
}

/**
 * What settled each place between two teams level on points, in words, top first: "Red Lion above Crown on frame
 * difference". None when no two teams are level on points (or they have played nothing).
 */
export function tieNotes(table: readonly Standing[], fixtures: readonly TableFixture[], points: Points): string[] {
  const notes: string[] = [];
  for (let i = 0; i + 1 < table.length; i++) {
    const above = table[i] as Standing;
    const below = table[i + 1] as Standing;
    if (above.points !== below.points || (above.played === 0 && below.played === 0)) continue;
    const decided = KEYS.slice(1).find(({ key }) => key(above) !== key(below));
    if (decided) {
      notes.push(`${above.team} above ${below.team} on ${decided.words}`);
      continue;
    }
    const level = table.filter((r) => KEYS.every(({ key }) => key(r) === key(above)));
    const mini = miniPoints(level, fixtures, points);
    notes.push(
      (mini.get(above.teamId) ?? 0) !== (mini.get(below.teamId) ?? 0)
        ? `${above.team} above ${below.team} on points in the fixtures between them`
        : `${above.team} above ${below.team} on name, level on everything else`,
    );
  }
  return notes;
}
