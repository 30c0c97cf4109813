// Ratings kept step by step (decision 027, addendum "costs that don't grow with history"): every rated event (a
// result, a starting rating that took) leaves each of its players a step — where they stand after it, in both chains
// (the rating, and what a rating cap reads: decision 031). A new result is one more step for its two players, worked
// out from their last steps; a correction or an undo replays from the first event it touches, from each player's last
// step before it. The full replay (`replayRatings`, `replayWithCaps`) stays the oracle this equals. Pure: no I/O.
import { isProvisional, rateResult, START_RATING, type RatedResult } from "./ratings.ts";
import type { ReadStart } from "./starting-ratings.ts";

/** Where a player stands after an event: the rating, the racks it rests on, who set its start, the cap's rating. */
export type Standing = { rating: number; racks: number; setBy: string | null; capRating: number };

/** One player's standing after one of their events, as stored (`rating_steps`); `matchId` null for a start. */
export type RatingStep = Standing & { playerId: string; key: string; at: number; matchId: string | null };

/** Only a standing's own fields (a stored step carries more). */
export const standingOf = (s: Standing): Standing => ({
  rating: s.rating,
  racks: s.racks,
  setBy: s.setBy,
  capRating: s.capRating,
});

const fresh = (): Standing => ({ rating: START_RATING, racks: 0, setBy: null, capRating: START_RATING });

/** Milliseconds padded to a fixed width, so that keys sort as their times do. */
const moment = (at: number) => String(Math.max(0, Math.trunc(at))).padStart(15, "0");

/**
 * An event's place in the replay's order, as one string that sorts the same way: by time, a start before a result at
 * the same instant, then by id (`replayRatings`' order). Ids are ASCII, so the database's byte order agrees.
 */
export function eventKey(at: number, kind: "start" | "result", id: string): string {
  return `${moment(at)}:${kind === "start" ? 0 : 1}:${id}`;
}

/** Below every key of an event at `at` or later: a player's standing before `at` is their last step under it. */
export const keyBefore = (at: number): string => `${moment(at)}:`;

/** A start's id in the order: two starts of one player at the same instant are ordered by what they set. */
const startId = (s: ReadStart) => `${s.playerId} ${s.setBy} ${s.rating}`;

type Event = { key: string } & ({ kind: "start"; start: ReadStart } | { kind: "result"; result: RatedResult });

/** The events in the replay's order. */
function ordered(results: readonly RatedResult[], starts: readonly ReadStart[]): Event[] {
  const events: Event[] = [
    ...starts.map((start): Event => ({ key: eventKey(start.at, "start", startId(start)), kind: "start", start })),
    ...results.map((result): Event => ({ key: eventKey(result.at, "result", result.matchId), kind: "result", result })),
  ];
  return events.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * The steps of these events, each player starting from where `before` leaves them (none: a new player at 500): a
 * start takes a provisional player's rating to the director's (and the cap's too once it stands); a result moves
 * both chains of both players by the same rule (`rateResult`). Answers the steps in order and where each player of
 * theirs stands after them.
 */
export function replaySteps(
  before: ReadonlyMap<string, Standing>,
  results: readonly RatedResult[],
  starts: readonly ReadStart[],
): { steps: RatingStep[]; after: Map<string, Standing> } {
  const after = new Map<string, Standing>();
  const of = (id: string) => after.get(id) ?? before.get(id) ?? fresh();
  const steps: RatingStep[] = [];
  const step = (playerId: string, key: string, at: number, matchId: string | null, s: Standing) => {
    // `before` may hold whole stored steps.
    const standing = standingOf(s);
    after.set(playerId, standing);
    steps.push({ playerId, key, at, matchId, ...standing });
  };
  for (const event of ordered(results, starts)) {
    if (event.kind === "start") {
      const { start } = event;
      const was = of(start.playerId);
      // Only a provisional rating is the director's to set; results take over from there.
      if (!isProvisional(was.racks)) continue;
      const capRating = start.stands ? start.rating : was.capRating;
      step(start.playerId, event.key, start.at, null, { ...was, rating: start.rating, setBy: start.setBy, capRating });
      continue;
    }
    const { result } = event;
    if (result.player1Id === result.player2Id) continue;
    const one = of(result.player1Id);
    const two = of(result.player2Id);
    const [r1, r2] = rateResult(one, two, result);
    const [c1, c2] = rateResult(
      { rating: one.capRating, racks: one.racks },
      { rating: two.capRating, racks: two.racks },
      result,
    );
    step(result.player1Id, event.key, result.at, result.matchId, { ...r1, setBy: one.setBy, capRating: c1.rating });
    step(result.player2Id, event.key, result.at, result.matchId, { ...r2, setBy: two.setBy, capRating: c2.rating });
  }
  return { steps, after };
}

export const sameStanding = (a: Standing, b: Standing) =>
  a.rating === b.rating && a.racks === b.racks && a.setBy === b.setBy && a.capRating === b.capRating;

const stepId = (s: Pick<RatingStep, "playerId" | "key">) => `${s.playerId} ${s.key}`;

/**
 * What a replay from a moment changes in the stored steps: the steps to write (new, or standing elsewhere than
 * stored) and the stored ones to take away (their event gone or moved). `stored` is every stored step from that
 * moment on; `replayed` the replay's steps from it.
 */
function stepChanges(
  stored: readonly RatingStep[],
  replayed: readonly RatingStep[],
): { put: RatingStep[]; drop: RatingStep[] } {
  const was = new Map(stored.map((s) => [stepId(s), s]));
  const now = new Set(replayed.map(stepId));
  return {
    put: replayed.filter((s) => {
      const old = was.get(stepId(s));
      return !old || old.matchId !== s.matchId || old.at !== s.at || !sameStanding(old, s);
    }),
    drop: stored.filter((s) => !now.has(stepId(s))),
  };
}

/**
 * A replay from a moment, as the stored steps are kept (the server reads its inputs in one round trip): `before` is
 * where each player stood before it (their last step under it), `results` and `starts` the events from it on,
 * `stored` the steps stored from it on. Answers the steps to write and to take away, and where each player it touched
 * stands now (null: none of their events is left, so no rating).
 */
export function replayFrom(read: {
  before: ReadonlyMap<string, Standing>;
  results: readonly RatedResult[];
  starts: readonly ReadStart[];
  stored: readonly RatingStep[];
}): { put: RatingStep[]; drop: RatingStep[]; standings: Map<string, Standing | null> } {
  const { steps, after } = replaySteps(read.before, read.results, read.starts);
  const touched = new Set([...steps, ...read.stored].map((s) => s.playerId));
  const standings = new Map([...touched].map((id) => [id, after.get(id) ?? read.before.get(id) ?? null] as const));
  return { ...stepChanges(read.stored, steps), standings };
}
