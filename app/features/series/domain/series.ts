// A series (decision 029): the weekly nights of a season and their ranking. The points table by finishing
// place, its checks, and the ranking worked out from each finalized night's places. Pure: the service reads the
// nights' matches and hands their places here.
import { formatPlaces, type LeagueResult } from "../../tournaments/domain/formats.ts";
import type { PlacedMatch } from "../../play/domain/bracket-places.ts";
import type { PlaceRange } from "../../money/domain/money.ts";
import { nameField } from "../../../domain/text.ts";
import { z } from "../../../domain/zod.ts";

/** The places a points table names, best first, then the points every entry that played scores on top. */
const pointsKeys = ["1st", "2nd", "3rd-4th", "5th-8th", "9th-16th", "played"] as const;
type PointsKey = (typeof pointsKeys)[number];
export type PointsTable = Record<PointsKey, number>;

/** The default table (decision 029): 1st 25, 2nd 18, 3rd–4th 12, 5th–8th 8, 9th–16th 4, and 2 for playing. */
export const DEFAULT_POINTS: PointsTable = {
  "1st": 25,
  "2nd": 18,
  "3rd-4th": 12,
  "5th-8th": 8,
  "9th-16th": 4,
  played: 2,
};

const MAX_POINTS = 1000;
const MAX_BEST_OF = 100;
const MAX_QUALIFY = 512;

/** The last place each key covers. */
const lastPlaceOf: Record<Exclude<PointsKey, "played">, number> = {
  "1st": 1,
  "2nd": 2,
  "3rd-4th": 4,
  "5th-8th": 8,
  "9th-16th": 16,
};

/**
 * What one finishing place scores: the points of the band its best place falls in (entries sharing places 2nd-3rd
 * in a league both score 2nd's), beyond 16th none, plus the points for playing.
 */
export function placePoints(table: PointsTable, place: PlaceRange): number {
  const band = (Object.keys(lastPlaceOf) as Exclude<PointsKey, "played">[]).find(
    (key) => place.from <= lastPlaceOf[key],
  );
  return (band ? table[band] : 0) + table.played;
}

/** A stored table read back: a key missing or broken takes the default (never a failed page). */
export function parsePoints(json: string): PointsTable {
  let stored: unknown;
  try {
    stored = JSON.parse(json);
  } catch {
    stored = null;
  }
  const table = { ...DEFAULT_POINTS };
  if (stored && typeof stored === "object") {
    for (const key of pointsKeys) {
      const value = (stored as Record<string, unknown>)[key];
      if (typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= MAX_POINTS) {
        table[key] = value;
      }
    }
  }
  return table;
}

/** A whole number from `min` to `max`, as JSON's number or a form's text; the message names the field. */
function wholeNumber(label: string, min: number, max: number) {
  const message = `${label} must be a whole number from ${min} to ${max}`;
  return z.pipe(
    z.transform((value: unknown): unknown =>
      typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value,
    ),
    z.number({ error: message }).check(z.int(message), z.minimum(min, message), z.maximum(max, message)),
  );
}

/** Left out, null or "" is none. */
const optionalWhole = (label: string, min: number, max: number) =>
  z.pipe(
    z.transform((value: unknown): unknown => (value === "" || value === null ? undefined : value)),
    z.optional(wholeNumber(label, min, max)),
  );

const pointsField = (label: string) => z.optional(wholeNumber(label, 0, MAX_POINTS));
const PointsSchema = z.strictObject(
  {
    "1st": pointsField("Points for 1st"),
    "2nd": pointsField("Points for 2nd"),
    "3rd-4th": pointsField("Points for 3rd-4th"),
    "5th-8th": pointsField("Points for 5th-8th"),
    "9th-16th": pointsField("Points for 9th-16th"),
    played: pointsField("Points for playing"),
  },
  { error: `Points name the places ${pointsKeys.join(", ")}` },
);

/** `POST /api/series`: a name, and optionally the points (any keys left out take the default), best N and top N. */
export const CreateSeriesSchema = z.pipe(
  z.object({
    name: nameField("Series name"),
    points: z.optional(PointsSchema),
    bestOf: optionalWhole("Best nights", 1, MAX_BEST_OF),
    qualify: optionalWhole("Qualifying places", 1, MAX_QUALIFY),
  }),
  z.transform((input) => {
    const points = { ...DEFAULT_POINTS };
    for (const key of pointsKeys) points[key] = input.points?.[key] ?? DEFAULT_POINTS[key];
    return { name: input.name, points, bestOf: input.bestOf ?? null, qualify: input.qualify ?? null };
  }),
);
export type SeriesInput = z.output<typeof CreateSeriesSchema>;

/** Left out keeps what is stored; null or "" clears it. */
const clearableWhole = (label: string, min: number, max: number) =>
  z.optional(
    z.pipe(
      z.transform((value: unknown): unknown => (value === "" ? null : value)),
      z.nullable(wholeNumber(label, min, max)),
    ),
  );

/**
 * `PATCH /api/series/{id}` and the director's series page: any of the name, the points (keys left out keep what is
 * stored), best N and top N (null clears them). The points can't change once a night in the series is finalized.
 */
export const UpdateSeriesSchema = z.object({
  name: z.optional(nameField("Series name")),
  points: z.optional(PointsSchema),
  bestOf: clearableWhole("Best nights", 1, MAX_BEST_OF),
  qualify: clearableWhole("Qualifying places", 1, MAX_QUALIFY),
});
export type SeriesUpdate = z.output<typeof UpdateSeriesSchema>;

/** The message when the points can no longer change. */
export const POINTS_LOCKED = "The points can't change: a night in the series is finalized";

/** The stored rules with an update laid over them; `pointsChanged` when the table differs from the stored one. */
export function mergeSeriesUpdate(
  stored: { name: string } & SeriesRules,
  update: SeriesUpdate,
): { name: string; pointsChanged: boolean } & SeriesRules {
  const points = { ...stored.points };
  for (const key of pointsKeys) points[key] = update.points?.[key] ?? stored.points[key];
  return {
    name: update.name ?? stored.name,
    points,
    pointsChanged: pointsKeys.some((key) => points[key] !== stored.points[key]),
    bestOf: update.bestOf === undefined ? stored.bestOf : update.bestOf,
    qualify: update.qualify === undefined ? stored.qualify : update.qualify,
  };
}

/** The points table's keys with the label a form shows beside each. */
export const pointsFields: readonly { key: PointsKey; label: string }[] = pointsKeys.map((key) => ({
  key,
  label: key === "played" ? "Every entry that played" : key,
}));

/** The rules of a series' ranking. */
export type SeriesRules = { points: PointsTable; bestOf: number | null; qualify: number | null };

/** One finalized night: each entry's place, and in a team event its members (they score the team's points). */
export type NightPlaces = {
  tournamentId: string;
  places: readonly { entryId: string; place: PlaceRange }[];
  /** A team's members by the team's id; an entry not here is a player. */
  members: ReadonlyMap<string, readonly string[]>;
};

/** A player's night: what it scored, and whether it counts (all count without best N). */
type NightScore = { tournamentId: string; points: number; counts: boolean };

export type Standing = {
  /** Shared by players on the same points: 1, 2, 2, 4. */
  position: number;
  playerId: string;
  name: string;
  /** The counting nights' points. */
  points: number;
  /** Nights played in the series. */
  played: number;
  /** Nights won (1st place, shared in a league's tie). */
  wins: number;
  /** Within the top `qualify` positions. */
  qualifies: boolean;
  /** Every night they played, in the order the nights were given. */
  nights: NightScore[];
};

/** A standing without its night-by-night scores: what a printed or televised ranking lists. */
export const rankingRow = ({ nights: _, ...row }: Standing) => row;

/** Every finishing place of a finished night's matches (any format), null for an entry not placed. */
export function nightPlaces(
  matches: readonly (PlacedMatch & LeagueResult)[],
): { entryId: string; place: PlaceRange }[] {
  const entries = new Set<string>();
  for (const m of matches) for (const id of [m.player1Id, m.player2Id]) if (id !== null) entries.add(id);
  return [...formatPlaces(matches, [...entries])].flatMap(([entryId, place]) => (place ? [{ entryId, place }] : []));
}

/**
 * The ranking: each player's points per night (a team's members each score the team's), with best N only their N
 * best nights counting (on equal points the earlier night), then ordered by points; equal points share a position
 * and are listed by name. `nights` in the order they were played.
 */
export function rankSeries(
  rules: SeriesRules,
  nights: readonly NightPlaces[],
  names: ReadonlyMap<string, string>,
): Standing[] {
  const scored = new Map<string, { nights: NightScore[]; wins: number }>();
  for (const night of nights) {
    // A player once a night, at their best place there.
    const best = new Map<string, PlaceRange>();
    for (const { entryId, place } of night.places) {
      for (const playerId of night.members.get(entryId) ?? [entryId]) {
        const held = best.get(playerId);
        if (!held || place.from < held.from) best.set(playerId, place);
      }
    }
    for (const [playerId, place] of best) {
      const player = scored.get(playerId) ?? { nights: [], wins: 0 };
      player.nights.push({ tournamentId: night.tournamentId, points: placePoints(rules.points, place), counts: true });
      if (place.from === 1) player.wins += 1;
      scored.set(playerId, player);
    }
  }
  const rows = [...scored].map(([playerId, { nights: played, wins }]) => {
    const counting = countingNights(played, rules.bestOf);
    const nightScores = played.map((n, i) => ({ ...n, counts: counting.has(i) }));
    return {
      playerId,
      name: names.get(playerId) ?? "Unknown player",
      points: nightScores.reduce((sum, n) => sum + (n.counts ? n.points : 0), 0),
      played: played.length,
      wins,
      nights: nightScores,
    };
  });
  rows.sort((a, b) => b.points - a.points || a.name.localeCompare(b.name) || a.playerId.localeCompare(b.playerId));
  return rows.map((row) => {
    const position = 1 + rows.filter((other) => other.points > row.points).length;
    return { ...row, position, qualifies: rules.qualify !== null && position <= rules.qualify };
  });
}

/** The indexes of the nights that count: all, or the `bestOf` best (on equal points the earlier). */
function countingNights(nights: readonly NightScore[], bestOf: number | null): Set<number> {
  const order = nights.map((n, i) => ({ points: n.points, i })).sort((a, b) => b.points - a.points || a.i - b.i);
  return new Set(order.slice(0, bestOf ?? nights.length).map((n) => n.i));
}

/** A night of the series as read: the page lists it, and once finalized its places count. */
export type SeriesNight = {
  id: string;
  slug: string;
  name: string;
  /** The start (UK time), null for a date that cannot be read. */
  startsAt: number | null;
  status: "open" | "in_progress" | "finished";
  finalized: boolean;
};

type NightMatch = PlacedMatch & LeagueResult & { tournamentId: string };

/**
 * The series page and API's model: the nights soonest first, a finalized one with its winners (a team's name in a
 * team event), and the ranking from the finalized nights' places. `members`: each team's players, by team id.
 */
export function seriesModel(
  rules: SeriesRules,
  input: {
    nights: readonly SeriesNight[];
    matches: readonly NightMatch[];
    members: ReadonlyMap<string, readonly string[]>;
    names: ReadonlyMap<string, string>;
  },
) {
  const nights = [...input.nights].sort(
    (a, b) => (a.startsAt ?? Number.POSITIVE_INFINITY) - (b.startsAt ?? Number.POSITIVE_INFINITY),
  );
  const byNight = new Map<string, NightMatch[]>();
  for (const m of input.matches) byNight.set(m.tournamentId, [...(byNight.get(m.tournamentId) ?? []), m]);
  const placed = nights
    .filter((n) => n.finalized)
    .map((n) => ({ tournamentId: n.id, places: nightPlaces(byNight.get(n.id) ?? []), members: input.members }));
  const winnersOf = new Map(
    placed.map((n) => [
      n.tournamentId,
      n.places.filter((p) => p.place.from === 1).map((p) => input.names.get(p.entryId) ?? "Unknown player"),
    ]),
  );
  return {
    nights: nights.map((n) => ({ ...n, winners: winnersOf.get(n.id) ?? [] })),
    standings: rankSeries(rules, placed, input.names),
  };
}

/** "Points: 1st 25, 2nd 18, …; 2 for every entry that plays. Best 6 nights count. Top 8 qualify." */
export function rulesText({ points, bestOf, qualify }: SeriesRules): string {
  const places = pointsKeys
    .filter((key) => key !== "played")
    .map((key) => `${key} ${points[key]}`)
    .join(", ");
  return [
    `Points: ${places}; ${points.played} for every entry that plays.`,
    bestOf === null ? "" : ` Best ${bestOf} ${bestOf === 1 ? "night counts" : "nights count"}.`,
    qualify === null ? "" : ` Top ${qualify} qualify.`,
  ].join("");
}
