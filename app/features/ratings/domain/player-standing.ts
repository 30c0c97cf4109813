// Where a player stands in a tournament: the match they are playing
// or play next, where they were knocked out, or champion. Decided from the
// bracket's places and its matches' labels, for every knockout format.
import type { BracketSide } from "../../play/domain/bracket.ts";
import { loserOf, type PlacedMatch } from "../../play/domain/bracket-places.ts";
import { formatPlaces, type LeagueResult } from "../../tournaments/domain/formats.ts";
import { placeName, type PlaceRange } from "../../money/domain/money.ts";
import type { MatchView } from "../../play/domain/play.ts";
import type { TournamentStatus } from "../../../domain/tournaments.ts";

/** What a standing is decided from and shows: a match's links and result, its name and who is in it. */
export type StandingMatch = PlacedMatch &
  LeagueResult &
  Pick<MatchView, "id" | "label" | "matchNumber" | "player1" | "player2" | "tableName">;

export type Standing<M extends StandingMatch = StandingMatch> =
  /** Before the draw: an entry, nothing more. */
  | { kind: "registered" }
  /** Still in: the match they are playing (at a table) or play next, and who against (null while undecided). */
  | { kind: "playing"; match: M; opponent: string | null; atTable: boolean }
  /** Out: the round that put them out ("Group B" in the groups, "" for a league's table) and the place it gives. */
  | { kind: "out"; round: string; place: PlaceRange }
  | { kind: "champion" }
  /** In play but between matches (no match of theirs is waiting). */
  | { kind: "waiting" }
  /** The tournament ended (archived) with this player neither out nor champion. */
  | { kind: "over" }
  /** Taken out of play by the director, or a no-show the floor gave a walkover (decision 021), while play goes on. */
  | { kind: "withdrawn" };

// The order a player meets the parts of a tournament in: a later loss is the one that put them out.
const sideOrder: Record<BracketSide, number> = { group: 0, winners: 1, knockout: 1, losers: 2, grand_final: 3 };
const playOrder = (a: PlacedMatch, b: PlacedMatch) => sideOrder[a.bracket] - sideOrder[b.bracket] || a.round - b.round;

const isIn = (match: PlacedMatch, playerId: string) => match.player1Id === playerId || match.player2Id === playerId;

/**
 * Where `playerId` stands in a tournament of this status with these matches. A `withdrawn` entry is not in play:
 * while the night goes on it is never "In progress" (its waiting matches are walkovers to come); once the night is
 * over it has the place its results gave it, as everyone else.
 */
export function playerStanding<M extends StandingMatch>(
  status: TournamentStatus,
  matches: readonly M[],
  playerId: string,
  withdrawn = false,
): Standing<M> {
  if (status === "open" || matches.length === 0) return { kind: "registered" };
  if (withdrawn && status === "in_progress") return { kind: "withdrawn" };
  const entries = [...new Set(matches.flatMap((m) => [m.player1Id, m.player2Id]).filter((p) => p !== null))];
  const place = formatPlaces(matches, entries).get(playerId) ?? null;
  if (place?.from === 1) return { kind: "champion" };
  if (place) {
    const lost = matches.filter((m) => loserOf(m) === playerId && m.bracket !== "group").sort(playOrder);
    const last = lost[lost.length - 1];
    if (last) return { kind: "out", round: last.label, place };
    // Put out by a table: their group's, or the whole league's.
    const group = matches.find((m) => m.group !== null && isIn(m, playerId))?.group ?? null;
    return { kind: "out", round: group === null ? "" : `Group ${group}`, place };
  }
  const open = matches.filter((m) => m.status !== "completed" && isIn(m, playerId)).sort(playOrder);
  const match = open.find((m) => m.status === "in_progress") ?? open[0];
  if (status !== "in_progress") return { kind: "over" };
  if (!match) return { kind: "waiting" };
  const opponent = match.player1Id === playerId ? match.player2 : match.player1;
  return { kind: "playing", match, opponent: opponent?.name ?? null, atTable: match.status === "in_progress" };
}

/** "the Semi-Finals", "Losers Round 2", "Group B": a round's name as it reads after "in". */
export function roundPhrase(label: string): string {
  return /\bRound \d+$|^Group /.test(label) ? label : `the ${label}`;
}

/** One line for a list: "In progress — next: vs Sam", "Knocked out in the Semi-Finals", "Champion". */
export function standingText(standing: Standing): string {
  switch (standing.kind) {
    case "registered":
      return "Registered";
    case "playing": {
      const opponent = standing.opponent ?? "TBD";
      const table = standing.match.tableName;
      return standing.atTable && table
        ? `In progress — now: vs ${opponent} on ${table}`
        : `In progress — next: vs ${opponent}`;
    }
    case "out":
      if (standing.round === "") return `Finished ${placeName(standing.place)}`;
      return standing.place.from === 2 ? "Runner-up" : `Knocked out in ${roundPhrase(standing.round)}`;
    case "champion":
      return "Champion";
    case "waiting":
      return "In progress";
    case "over":
      return "Finished";
    case "withdrawn":
      return "Withdrawn";
  }
}

/** Where a player has been called (decisions 013–015): their match is at a table. Null when it is not. */
export function calledTo(standing: Standing): { table: string; opponent: string | null } | null {
  if (standing.kind !== "playing" || !standing.atTable || !standing.match.tableName) return null;
  return { table: standing.match.tableName, opponent: standing.opponent };
}
