// What a table's scoreboard shows, as its read returns it (features/floor/server/tables.server.ts) and
// its board draws it (components/scoreboard-board.tsx): the shapes both sides share.
import type { BracketMatch } from "../../play/domain/bracket.ts";
import type { ConfirmedAtTable, ResultsFromTables, Side } from "./table-scoring.ts";

/** A player in a team's slot. */
export type Member = { id: string; name: string };

/** What a table's scoreboard shows: the match as the bracket has it, with names and its tournament. */
export type CurrentMatch = Pick<
  BracketMatch,
  | "id"
  | "bracket"
  | "round"
  | "matchNumber"
  | "label"
  | "outcome"
  | "player1Id"
  | "player2Id"
  | "player1Score"
  | "player2Score"
  | "winnerId"
  | "status"
> & {
  tournament: { name: string; slug: string };
  player1: { name: string } | null;
  player2: { name: string } | null;
  player1Members: Member[];
  player2Members: Member[];
  raceTo: number | null;
  /** Each side's race (decision 028: a handicapped match's own, else the race-to), singles ratings (027). */
  race1: number | null;
  race2: number | null;
  player1Rating: number | null;
  player2Rating: number | null;
  /** When it was called to this table (ms), and the tournament's no-show minutes (decisions 013–015). */
  calledAt: number | null;
  noShowMinutes: number;
  /** Scoring at the table (decision 012): the tournament and its settings, the lag, the racks in order, who breaks. */
  tournamentId: string;
  organiserId: string;
  resultsFromTables: ResultsFromTables;
  lagWinner: Side | null;
  /** The racks not undone, in the order they were tapped: "1121" (empty before the first). */
  racks: string;
  breaker: Side | null;
  /** A tablet confirmed the result and the director has not approved it yet. */
  awaitingApproval: boolean;
};

/** A table and the match it shows. */
export type Scoreboard = {
  table: { id: string; name: string; accessCode: string; organiserId: string };
  match: CurrentMatch | null;
  /** The last result confirmed at the table, which it may undo for a while (decision 025). */
  confirmed: ConfirmedResult | null;
  /**
   * When the batch that read it answered (ms): a pushed board is stamped with it, so a tablet that gets two boards
   * out of order keeps the one read later, however long each change's follow-ups took before sending it.
   */
  readAt: number;
};

/** The last result a table confirmed (its confirm tap not undone), its match as it is now. */
export type ConfirmedResult = ConfirmedAtTable & {
  /** The confirm tap's row. */
  seq: number;
  tournamentId: string;
  names: [string, string];
  player1Score: number;
  player2Score: number;
  /** The racks tapped and not undone, by side: the score an undone result goes back to. */
  racks: [number, number];
};
