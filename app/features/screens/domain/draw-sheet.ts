// The draw sheet (decision 026): every match of an event by bracket (or group) and round, as the director pins it up
// and writes on it — the players or a blank to fill in, the table, the score or two empty boxes. Pure: the page draws
// it.
import type { BracketSide, MatchStatus } from "../../play/domain/bracket.ts";
import type { Outcome } from "../../play/domain/outcomes.ts";
import { bracketRounds, unreachable } from "../../play/domain/bracket-rounds.ts";

/** The headings of an event's parts, on the bracket and on the sheet. */
export const bracketHeadings: Record<BracketSide, string> = {
  winners: "Winners' bracket",
  losers: "Losers' bracket",
  grand_final: "Grand final",
  group: "Groups",
  knockout: "Knockout",
};

export type SheetMatchIn = {
  id: string;
  bracket: BracketSide;
  group: string | null;
  label: string;
  round: number;
  matchNumber: number;
  player1Id: string | null;
  player2Id: string | null;
  player1: { name: string } | null;
  player2: { name: string } | null;
  player1Score: number;
  player2Score: number;
  winnerId: string | null;
  status: MatchStatus;
  outcome: Outcome;
  isBye: boolean;
  tableName: string | null;
};

/** A side of a match on the sheet: a name, "Bye", or a blank to write the name in. */
export type SheetSide = { name: string | null; bye: boolean; won: boolean };

type SheetRow = {
  id: string;
  matchNumber: number;
  sides: [SheetSide, SheetSide];
  /** The racks once played; "W/O" for a walkover or double forfeit; null for empty boxes (not yet decided). */
  score: [number, number] | "W/O" | null;
  tableName: string | null;
};

export type SheetRound = { label: string; rows: SheetRow[] };
export type SheetSection = { id: string; heading: string; rounds: SheetRound[] };

function rowOf(m: SheetMatchIn): SheetRow {
  const side = (slot: "player1" | "player2"): SheetSide => {
    const id = m[`${slot}Id`];
    return {
      name: m[slot]?.name ?? null,
      bye: m.isBye && id === null,
      won: m.winnerId !== null && m.winnerId === id,
    };
  };
  const decided = m.status === "completed" && !m.isBye;
  return {
    id: m.id,
    matchNumber: m.matchNumber,
    sides: [side("player1"), side("player2")],
    score: !decided ? null : m.outcome === "played" ? [m.player1Score, m.player2Score] : "W/O",
    tableName: m.tableName,
  };
}

/** The sheet: the event's parts in the order they are played (groups, then the knockout), each round in order. */
export function drawSheet(matches: readonly SheetMatchIn[]): SheetSection[] {
  // A losers' bye nobody has reached is no match (as on the bracket): it is left off, but its round is kept.
  const shown = matches.filter((m) => !unreachable(m));
  const keys = [...new Set(shown.map((m) => (m.group === null ? m.bracket : `group:${m.group}`)))];
  return keys.map((key) => {
    const group = key.startsWith("group:") ? key.slice("group:".length) : null;
    const part = matches.filter((m) => (group === null ? m.group === null && m.bracket === key : m.group === group));
    return {
      id: group === null ? key.replace("_", "-") : `group-${group.toLowerCase()}`,
      heading: group === null ? bracketHeadings[key as BracketSide] : `Group ${group}`,
      rounds: bracketRounds(part).map((round) => ({
        label: round.label,
        rows: round.matches.filter((m) => !unreachable(m)).map(rowOf),
      })),
    };
  });
}
