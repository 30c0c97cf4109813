// Starting ratings (decision 027): a director who knows the regulars sets where a provisional
// player's rating starts, for players entered in their open singles tournament; results take over from there.
// The rules and the director's list (the request's schema is starting-ratings-schema.ts, so the page carries no
// Zod). Pure: the reads and the batch are features/ratings/server/starting-ratings.server.ts's.
import { DomainError } from "../../../domain/errors.ts";
import {
  isProvisional,
  replayRatings,
  START_RATING,
  type PlayerRating,
  type RatedResult,
  type StartingRating,
} from "./ratings.ts";
import { isTeamEvent } from "../../entries/domain/teams.ts";
import type { MatchType, TournamentStatus } from "../../../domain/tournaments.ts";

/** The range a director may start a player at: from a beginner to a strong county player (decision 027). */
export const MIN_STARTING_RATING = 100;
export const MAX_STARTING_RATING = 1000;

/** The tournament page's form's hidden `intent`. */
export const STARTING_RATINGS_INTENT = "starting-ratings";

export const startingRatingMessages = {
  range: `A starting rating is a whole number from ${MIN_STARTING_RATING} to ${MAX_STARTING_RATING}`,
  none: "Give at least one player a starting rating",
  teams: "A team event has no ratings: starting ratings are for singles",
  started: "Starting ratings can only be set while the tournament is open",
  notEntered: "Only players entered in this tournament can be given a starting rating",
  established: (name: string) => `${name} is no longer provisional: their rating comes from their results`,
} as const;

/** An entrant as the checks and the director's list read them: their stored rating, if any. */
export type RatedEntrant = {
  playerId: string;
  name: string;
  /** The stored rating (exact); null for a player with no rated result and no starting rating yet. */
  rating: number | null;
  racks: number | null;
  /** The director whose starting rating the rating grew from, if one did, and their name. */
  setBy: string | null;
  setByName: string | null;
};

/** The tournament as the checks need it. */
type Checked = { status: TournamentStatus; matchType: MatchType };

/**
 * Whether this director may set these starting ratings now (the caller has checked the tournament is theirs): a
 * singles tournament (400), open (409), every player entered (400) and provisional (400), each refusal naming the
 * field `ratings.{playerId}`.
 */
export function checkStartingRatings(
  t: Checked,
  entrants: readonly RatedEntrant[],
  ratings: Readonly<Record<string, number>>,
): void {
  if (isTeamEvent(t.matchType)) throw new DomainError(400, startingRatingMessages.teams);
  if (t.status !== "open") throw new DomainError(409, startingRatingMessages.started);
  const byId = new Map(entrants.map((e) => [e.playerId, e]));
  for (const playerId of Object.keys(ratings)) {
    const entrant = byId.get(playerId);
    const field = `ratings.${playerId}`;
    if (!entrant) throw new DomainError(400, startingRatingMessages.notEntered, { field });
    if (!isProvisional(entrant.racks ?? 0)) {
      throw new DomainError(400, startingRatingMessages.established(entrant.name), { field });
    }
  }
}

/** An entrant's rating as the director's list and the API's answer show it: whole, provisional or not, set by whom. */
export function shownEntrant(e: RatedEntrant) {
  return {
    playerId: e.playerId,
    name: e.name,
    rating: Math.round(e.rating ?? START_RATING),
    provisional: isProvisional(e.racks ?? 0),
    setBy: e.setBy,
    setByName: e.setBy ? e.setByName : null,
  };
}
export type ShownEntrant = ReturnType<typeof shownEntrant>;

/**
 * The form's fields as the API's body: `rating:{playerId}` per provisional entrant, and beside it `was:{playerId}`,
 * the value it was drawn with. Only the ratings the director changed are sent, so saving the form does not mark
 * every untouched newcomer as set by the director. What cannot be a rating is kept as typed, for the check to refuse.
 */
export function ratingsFromForm(form: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const ratings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form)) {
    if (!key.startsWith("rating:") || typeof value !== "string") continue;
    const playerId = key.slice("rating:".length);
    const typed = value.trim();
    if (typed === form[`was:${playerId}`]) continue;
    ratings[playerId] = /^\d{1,7}$/.test(typed) ? Number(typed) : typed;
  }
  return ratings;
}

/**
 * A starting rating as the replay reads it, and whether it stands (decision 031): its tournament has started with
 * the player in it. Until then the director may change it and the entry's removal takes it back.
 */
export type ReadStart = StartingRating & { stands: boolean };

/**
 * Every player's rating from the results and starting ratings, and beside it what a rating cap reads: the same
 * replay with only the starts that stand, so a start that can still be taken back keeps nobody out of (or lets
 * nobody into) another director's capped event. Once every start stands the two are the same replay.
 */
export function replayWithCaps(
  results: readonly RatedResult[],
  starts: readonly ReadStart[],
): { ratings: Map<string, PlayerRating>; caps: Map<string, number> } {
  const ratings = replayRatings(results, starts);
  const standing = starts.filter((s) => s.stands);
  const capped = standing.length === starts.length ? ratings : replayRatings(results, standing);
  const caps = new Map([...ratings.keys()].map((id) => [id, capped.get(id)?.rating ?? START_RATING]));
  return { ratings, caps };
}
