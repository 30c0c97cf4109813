// Handicapped events (decision 028): each match's races, set from its players' ratings once
// both are known; what the bracket and the tablet say of them; the rating cap on joining. Pure: the services read the
// ratings and the matches and write what this works out.
import { DomainError } from "../../../domain/errors.ts";
import { handicapRaces, START_RATING, shownRating } from "./ratings.ts";
import type { Handicap, MatchType } from "../../../domain/tournaments.ts";

/** Which two players a match's races were set for: new players mean new races (a correction moved someone). */
export const racesKey = (player1Id: string, player2Id: string) => `${player1Id} ${player2Id}`;

/** What a handicapped event needs of a match to set its races. */
export type RaceCandidate = {
  id: string;
  player1Id: string | null;
  player2Id: string | null;
  isBye: boolean;
  status: "pending" | "in_progress" | "completed";
  /** Absent: never set (a match just drawn). */
  racesFor?: string | null;
};

/** A match's races as they are to be written, and the players they are for. */
export type SetRaces = { id: string; race1: number; race2: number; racesFor: string };

/**
 * The matches whose races are due: both players known, not a bye, not decided, and not already set for these two.
 * Ratings missing from `ratings` are new players' (START_RATING).
 */
export function racesToSet(
  raceTo: number,
  candidates: readonly RaceCandidate[],
  ratings: ReadonlyMap<string, number>,
): SetRaces[] {
  return candidates.flatMap((m) => {
    if (m.isBye || m.status === "completed" || !m.player1Id || !m.player2Id) return [];
    const racesFor = racesKey(m.player1Id, m.player2Id);
    if (m.racesFor === racesFor) return [];
    const { race1, race2 } = handicapRaces(
      ratings.get(m.player1Id) ?? START_RATING,
      ratings.get(m.player2Id) ?? START_RATING,
      raceTo,
    );
    return [{ id: m.id, race1, race2, racesFor }];
  });
}

/** The refusal a player rated above the cap meets when joining. */
export const ratingCapMessage = (maxRating: number) => `This event is for players rated up to ${maxRating}`;

/** Refuses a player rated above the event's cap (a rating as shown: whole points). */
export function checkRatingCap(maxRating: number | null, rating: number | null | undefined): void {
  if (maxRating === null) return;
  if (shownRating(rating ?? START_RATING) > maxRating) throw new DomainError(403, ratingCapMessage(maxRating));
}

/** The settings that rate players are for singles events only; null when these are fine. */
export function ratingSettingsError(settings: {
  matchType: MatchType;
  handicap: Handicap;
  maxRating: number | null;
  seeding: string;
  raceTo: number | null;
}): { field: "handicap" | "maxRating" | "seeding" | "raceTo"; message: string } | null {
  if (settings.matchType !== "1v1") {
    if (settings.handicap !== "none") return { field: "handicap", message: "Handicaps are for singles events" };
    if (settings.maxRating !== null) return { field: "maxRating", message: "A rating cap is for singles events" };
    if (settings.seeding === "rating") return { field: "seeding", message: "Seeding by rating is for singles events" };
  }
  if (settings.handicap === "race" && settings.raceTo === null) {
    return { field: "raceTo", message: "A handicapped event needs a race-to" };
  }
  return null;
}
