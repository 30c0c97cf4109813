// The standings every format shows: each entry's finishing place
// (null while still in contention) and their record, in finishing order.
import type { BracketMatch } from "./bracket.ts";
import { places, wasPlayed } from "./bracket-places.ts";
import { leaguePlaces, type LeagueResult } from "../../tournaments/domain/formats.ts";
import { groupsPlaces, groupTables, hasGroups, knockoutEntrants, type GroupMatch } from "./groups.ts";
import type { PlaceRange } from "../../money/domain/money.ts";

export type StandingRow = {
  playerId: string;
  name: string;
  /** "1", "3", "5-6"; null while the entry is still in contention. */
  place: string | null;
  group: string | null;
  played: number;
  won: number;
  lost: number;
  racksFor: number;
  racksAgainst: number;
};

/** "1", "5-6". */
export function placeText({ from, to }: PlaceRange): string {
  return from === to ? `${from}` : `${from}-${to}`;
}

type Entry = { playerId: string; name: string };

/**
 * A knockout's standings (single or double elimination): every entry, placed
 * ones best first, then those still in contention; ties (a shared place, or
 * still playing) by name. Byes, walkovers and double forfeits count in no record.
 */
export function knockoutStandings(matches: readonly BracketMatch[], entries: readonly Entry[]): StandingRow[] {
  const placed = places(matches);
  const rows = new Map<string, StandingRow & { from: number }>();
  for (const { playerId, name } of entries) {
    const place = placed.get(playerId) ?? null;
    rows.set(playerId, {
      playerId,
      name,
      place: place ? placeText(place) : null,
      group: null,
      played: 0,
      won: 0,
      lost: 0,
      racksFor: 0,
      racksAgainst: 0,
      from: place?.from ?? Number.POSITIVE_INFINITY,
    });
  }
  for (const match of matches) {
    if (!wasPlayed(match)) continue;
    const sides = [
      [match.player1Id, match.player1Score, match.player2Score],
      [match.player2Id, match.player2Score, match.player1Score],
    ] as const;
    for (const [playerId, racksFor, racksAgainst] of sides) {
      const row = playerId === null ? undefined : rows.get(playerId);
      if (!row) continue;
      row.played += 1;
      if (match.winnerId === playerId) row.won += 1;
      else row.lost += 1;
      row.racksFor += racksFor;
      row.racksAgainst += racksAgainst;
    }
  }
  return [...rows.values()]
    .sort((a, b) => a.from - b.from || a.name.localeCompare(b.name, "en-GB"))
    .map(({ from: _from, ...row }) => row);
}

/** A round robin's table in its order (wins, head-to-head, rack difference, racks won), places once decided. */
function leagueStandingRows(matches: readonly LeagueResult[], entries: readonly Entry[]): StandingRow[] {
  const names = new Map(entries.map((e) => [e.playerId, e.name]));
  return leaguePlaces(
    matches,
    entries.map((e) => e.playerId),
  ).map((row) => ({
    playerId: row.playerId,
    name: names.get(row.playerId) ?? "Unknown player",
    place: row.range ? placeText(row.range) : null,
    group: null,
    played: row.played,
    won: row.won,
    lost: row.lost,
    racksFor: row.racksFor,
    racksAgainst: row.racksAgainst,
  }));
}

/**
 * Groups into a knockout: those still in contention first (by group and their place in it), then the placed
 * ones best first.
 * The record counts the group matches as a league does (a walkover is a win, a double forfeit a loss for both)
 * and the knockout's as a knockout does.
 */
function groupsStandingRows(matches: readonly BracketMatch[], entries: readonly Entry[]): StandingRow[] {
  const names = new Map(entries.map((e) => [e.playerId, e.name]));
  const placed = groupsPlaces(matches);
  const knockout = knockoutStandings(
    matches.filter((m) => m.bracket === "knockout"),
    entries,
  );
  const inKnockout = new Map(knockout.map((row) => [row.playerId, row]));
  const rows: (StandingRow & { order: number })[] = [];
  groupTables(matches).forEach((table, groupIndex) => {
    table.rows.forEach((row, index) => {
      const later = inKnockout.get(row.playerId);
      const place = placed.get(row.playerId) ?? null;
      rows.push({
        playerId: row.playerId,
        name: names.get(row.playerId) ?? "Unknown player",
        place: place ? placeText(place) : null,
        group: table.group,
        played: row.played + (later?.played ?? 0),
        won: row.won + (later?.won ?? 0),
        lost: row.lost + (later?.lost ?? 0),
        racksFor: row.racksFor + (later?.racksFor ?? 0),
        racksAgainst: row.racksAgainst + (later?.racksAgainst ?? 0),
        // Still in contention finishes ahead of everyone already out.
        order: (place?.from ?? 0) * 1_000_000 + groupIndex * 1_000 + index,
      });
    });
  });
  return rows.sort((a, b) => a.order - b.order).map(({ order: _order, ...row }) => row);
}

/** The standings of any format: a knockout's, a league's, or groups into a knockout. */
export function formatStandings(matches: readonly BracketMatch[], entries: readonly Entry[]): StandingRow[] {
  if (hasGroups(matches)) return groupsStandingRows(matches, entries);
  if (matches.length === 0 || matches.some((m) => m.bracket !== "group")) return knockoutStandings(matches, entries);
  return leagueStandingRows(matches, entries);
}

/**
 * Each group's table as the tournament page shows it: the position in the group (shared while level) and, once
 * the knockout is drawn, who went through.
 */
export function groupStandingViews(
  matches: readonly (GroupMatch & Pick<BracketMatch, "round">)[],
  entries: readonly { id: string; name: string }[],
) {
  const names = new Map(entries.map((e) => [e.id, e.name]));
  const through = knockoutEntrants(matches);
  return groupTables(matches).map((table) => ({
    group: table.group,
    rows: table.rows.map((row) => ({
      ...row,
      name: names.get(row.playerId) ?? "Unknown player",
      position: row.place,
      place: null,
      through: through.has(row.playerId),
    })),
  }));
}
