// The tournament types as one interface: how each is drawn, when it
// is decided, and where everyone finishes. Knockouts place entries as they go
// out; a round robin places them by its standings once every match is decided.
import type { BracketMatch } from "../../play/domain/bracket.ts";
import { generateBracket, newMatch } from "../../play/domain/generate-bracket.ts";
import { champion, places, type PlacedMatch } from "../../play/domain/bracket-places.ts";
import { generateDoubleElimination, type GrandFinal } from "../../play/domain/double-elimination.ts";
import { generateGroups, groupsPlaces, hasGroups, leagueMatch, type GroupOptions } from "../../play/domain/groups.ts";
import type { PlaceRange } from "../../money/domain/money.ts";
import { leagueStandings, roundRobinFixtures, type LeagueRow } from "../../play/domain/round-robin.ts";
import type { TournamentType } from "../../../domain/tournaments.ts";
import { ADVANCE_PER_GROUP, GROUP_SIZE } from "../../play/domain/group-sizes.ts";

export type FormatOptions = { grandFinal: GrandFinal } & GroupOptions;

/** What a format is drawn with, from the tournament's settings. */
export function formatOptions(t: {
  grandFinal: FormatOptions["grandFinal"];
  groupSize: number | null;
  advancePerGroup: number | null;
}): FormatOptions {
  return {
    grandFinal: t.grandFinal,
    groupSize: t.groupSize ?? GROUP_SIZE.default,
    advancePerGroup: t.advancePerGroup ?? ADVANCE_PER_GROUP.default,
  };
}

/** Every match of a format for the entries in draw (seed) order. */
export function generateFormat(
  type: TournamentType,
  playerIdsInSeedOrder: readonly string[],
  newId: () => string,
  now: number,
  options: FormatOptions,
): BracketMatch[] {
  switch (type) {
    case "double_elimination":
      return generateDoubleElimination(playerIdsInSeedOrder, newId, now, options.grandFinal);
    case "round_robin":
      return roundRobinFixtures(playerIdsInSeedOrder).map((fixture) => ({
        ...newMatch(newId(), "group", fixture.round, fixture.matchNumber, `Round ${fixture.round}`),
        player1Id: fixture.player1Id,
        player2Id: fixture.player2Id,
      }));
    case "single_elimination":
      return generateBracket(playerIdsInSeedOrder, newId, now);
    case "round_robin_tier":
      // The knockout is drawn when the last group match is decided (groups.ts, knockoutAfterGroups).
      return generateGroups(playerIdsInSeedOrder, newId, options);
  }
}

type Decidable = Pick<BracketMatch, "bracket" | "group" | "nextMatchId" | "status" | "winnerId" | "player1Id">;

/** Whether the format's last match is decided, so finalize can be offered. */
export function isDecided(matches: readonly Decidable[]): boolean {
  if (matches.length === 0) return false;
  if (isLeague(matches)) return matches.every((m) => m.status === "completed");
  const last = matches.find((m) => m.nextMatchId === null && m.bracket !== "group");
  return last?.status === "completed" && last.winnerId !== null;
}

/** A round robin: every match in one league (groups into a knockout name their groups). */
function isLeague(matches: readonly Pick<BracketMatch, "bracket" | "group">[]): boolean {
  return matches.length > 0 && matches.every((m) => m.bracket === "group" && m.group === null);
}

/** What a league's table reads of a match. */
export type LeagueResult = Decidable &
  Pick<BracketMatch, "player1Id" | "player2Id" | "player1Score" | "player2Score" | "outcome">;

/** A league's table: its standings, from the matches decided so far. */
function leagueTable(matches: readonly LeagueResult[], playerIds: readonly string[]): LeagueRow[] {
  return leagueStandings(playerIds, matches.map(leagueMatch));
}

/**
 * A league's rows with their places once every match is decided (entries the
 * tie-breaks cannot separate share a range), null before.
 */
export function leaguePlaces(
  matches: readonly LeagueResult[],
  playerIds: readonly string[],
): (LeagueRow & { range: PlaceRange | null })[] {
  const table = leagueTable(matches, playerIds);
  const decided = isDecided(matches);
  const shared = new Map<number, number>();
  for (const row of table) shared.set(row.place, (shared.get(row.place) ?? 0) + 1);
  return table.map((row) => ({
    ...row,
    range: decided ? { from: row.place, to: row.place + (shared.get(row.place) ?? 1) - 1 } : null,
  }));
}

/**
 * Finishing places of every entry: a knockout's as entries go out (null while
 * in contention); a round robin's from its standings once every match is
 * decided, all null before; groups into a knockout: the knockout's, then those
 * the groups put out (groups.ts).
 */
export function formatPlaces(
  matches: readonly (PlacedMatch & LeagueResult)[],
  playerIds: readonly string[],
): Map<string, PlaceRange | null> {
  if (hasGroups(matches)) return groupsPlaces(matches);
  if (!isLeague(matches)) return places(matches);
  return new Map(leaguePlaces(matches, playerIds).map((row) => [row.playerId, row.range]));
}

/** The winners once decided: the champion of a knockout, everyone sharing first place in a league; else []. */
export function winnersOf(matches: readonly (PlacedMatch & LeagueResult)[], playerIds: readonly string[]): string[] {
  if (!isLeague(matches)) {
    const won = champion(matches.filter((m) => m.bracket !== "group"));
    return won === null ? [] : [won];
  }
  if (!isDecided(matches)) return [];
  return [...formatPlaces(matches, playerIds)].filter(([, place]) => place?.from === 1).map(([id]) => id);
}
