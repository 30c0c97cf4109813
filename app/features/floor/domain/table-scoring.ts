// Scoring at the table (decision 012): players tap in each rack on the tablet; the
// tournament's race-to decides when the match is over, its break rule who
// breaks next. Pure rules: what a tap may do to the match as read, and what a
// tablet shows. The service turns each decision into one guarded batch. The
// taps' schemas are in table-scoring-schema.ts (pages load no Zod: decision 016).
import { DomainError } from "../../../domain/errors.ts";

/** "Results from tables": recorded at once, or waiting for the director's approval. */
export const resultsFromTablesModes = ["record", "approve"] as const;
export type ResultsFromTables = (typeof resultsFromTablesModes)[number];
export const resultsFromTablesOptions: { value: ResultsFromTables; label: string }[] = [
  { value: "record", label: "Record at once" },
  { value: "approve", label: "Wait for my approval" },
];

/** Who breaks after the first rack: the rack's winner, or the players in turn. */
export const breakRules = ["winner", "alternate"] as const;
export type BreakRule = (typeof breakRules)[number];
export const breakRuleOptions: { value: BreakRule; label: string }[] = [
  { value: "winner", label: "Winner breaks" },
  { value: "alternate", label: "Alternate breaks" },
];

export type Side = 1 | 2;

export const NO_MATCH = "No match in progress on this table";
export const ALREADY_DECIDED = "The match is already decided";
export const RACE_NOT_FINISHED = "The race is not finished";
export const AWAITING_APPROVAL = "The result is waiting for the director's approval";
export const RACE_WON = "The race is won: confirm the result or undo the last rack";
export const NO_RACK_TO_UNDO = "There is no rack to undo";
export const LAG_AFTER_FIRST_RACK = "The lag is played before the first rack";
export const OTHER_MATCH = "The director changed this match: the tablet shows the director's version";
const CHANGED_MEANWHILE = "The match changed meanwhile: try again";
const CHOOSE_WINNER = "Who won? Choose the winner";
export const WINNER_MORE_RACKS = "The winner must have won more racks than the loser";
export const NO_RESULT_TO_UNDO = "There is no result to undo";
export const RESULT_FINAL = "The result is final: ask the director to correct it";
export const RESULT_APPROVED = "The director has approved the result: ask the director to correct it";
/** The director's approval, refused: no result from the table waits, or the table took it back meanwhile. */
export const NOTHING_TO_APPROVE = "No result from the table is waiting for approval";
export const RESULT_TAKEN_BACK = "The table took the result back: nothing is waiting for approval";
export const RESULT_CORRECTED = "The director has corrected the result: it can no longer be undone at the table";
export const PLAYED_ON = "The next match has started: ask the director to correct the result";

/**
 * A tap's refusals by their code, which is also the key the scoreboard's plain form shows them under
 * (`?note=decided`): the board tells them apart by the code, never by the words.
 */
export const tapRefusals = {
  "no-match": NO_MATCH,
  decided: ALREADY_DECIDED,
  awaiting: AWAITING_APPROVAL,
  "not-finished": RACE_NOT_FINISHED,
  "race-won": RACE_WON,
  "no-rack": NO_RACK_TO_UNDO,
  lag: LAG_AFTER_FIRST_RACK,
  other: OTHER_MATCH,
  changed: CHANGED_MEANWHILE,
  winner: CHOOSE_WINNER,
  "more-racks": WINNER_MORE_RACKS,
  "no-result": NO_RESULT_TO_UNDO,
  final: RESULT_FINAL,
  approved: RESULT_APPROVED,
  corrected: RESULT_CORRECTED,
  "played-on": PLAYED_ON,
} as const;
export type TapRefusal = keyof typeof tapRefusals;

/** A tap refused (409, or 400 for a result without its winner), with its code. */
export const refuseTap = (code: TapRefusal) =>
  new DomainError(code === "winner" || code === "more-racks" ? 400 : 409, tapRefusals[code], {
    code,
    ...(code === "winner" ? { field: "winner" } : {}),
  });

/** A match at a table as a tap reads it. */
export type TableMatch = {
  id: string;
  status: "pending" | "in_progress" | "completed";
  player1Id: string | null;
  player2Id: string | null;
  player1Score: number;
  player2Score: number;
  awaitingApproval: boolean;
  raceTo: number | null;
  /** A handicapped match's own races (decision 028); absent or null: the race-to for both. */
  race1?: number | null;
  race2?: number | null;
};

/** The side that has reached its race (the race-to, or its own in a handicapped match), if any. */
export function raceWinner(
  m: Pick<TableMatch, "player1Score" | "player2Score" | "raceTo" | "race1" | "race2">,
): Side | null {
  if (m.raceTo === null) return null;
  const race1 = m.race1 ?? m.raceTo;
  const race2 = m.race2 ?? m.raceTo;
  if (m.player1Score >= race1 && m.player2Score < race2) return 1;
  if (m.player2Score >= race2 && m.player1Score < race1) return 2;
  return null;
}

/** Refuses a tap on a table with nothing to score, a decided match, or a match other than the one tapped. */
function checkScorable(match: TableMatch | null, tappedMatchId?: string): TableMatch {
  if (match && tappedMatchId !== undefined && tappedMatchId !== match.id) throw refuseTap("other");
  if (!match || match.status === "pending" || !match.player1Id || !match.player2Id) {
    throw refuseTap("no-match");
  }
  if (match.status === "completed") throw refuseTap("decided");
  if (match.awaitingApproval) throw refuseTap("awaiting");
  return match;
}

/** A rack for `player`: refused once a side has reached the race-to (confirm or undo first). */
export function checkRack(match: TableMatch | null, tappedMatchId?: string): TableMatch {
  const m = checkScorable(match, tappedMatchId);
  if (raceWinner(m) !== null) throw refuseTap("race-won");
  return m;
}

export function checkUndo(match: TableMatch | null, racks: number, tappedMatchId?: string): TableMatch {
  const m = checkScorable(match, tappedMatchId);
  if (racks === 0) throw refuseTap("no-rack");
  return m;
}

export function checkLag(match: TableMatch | null, racks: number, tappedMatchId?: string): TableMatch {
  const m = checkScorable(match, tappedMatchId);
  if (racks > 0) throw refuseTap("lag");
  return m;
}

export type ConfirmInput = { winner?: Side; player1Score?: number; player2Score?: number };
export type Confirmed = { winner: Side; player1Score: number; player2Score: number };

/**
 * The result a confirm records. With a race-to: the racks as tapped, once a
 * side has reached it. Without one: the side the tablet names, with the score
 * it gives (else the racks tapped), in which the winner has won more racks
 * (decision 025: "Alex won" is never a 0–0).
 */
export function confirmedResult(match: TableMatch | null, input: ConfirmInput, tappedMatchId?: string): Confirmed {
  const m = checkScorable(match, tappedMatchId);
  if (m.raceTo !== null) {
    const winner = raceWinner(m);
    if (winner === null) throw refuseTap("not-finished");
    return { winner, player1Score: m.player1Score, player2Score: m.player2Score };
  }
  if (input.winner === undefined) throw refuseTap("winner");
  const player1Score = input.player1Score ?? m.player1Score;
  const player2Score = input.player2Score ?? m.player2Score;
  const [own, other] = input.winner === 1 ? [player1Score, player2Score] : [player2Score, player1Score];
  if (own <= other) throw refuseTap("more-racks");
  return { winner: input.winner, player1Score, player2Score };
}

/** How long a table may take back a result recorded at once (decision 025). */
export const UNDO_WINDOW_MS = 10_000;

/** The last result confirmed at a table (its confirm tap not undone), and its match as it is now. */
export type ConfirmedAtTable = {
  matchId: string;
  /** The side the table confirmed as the winner. */
  side: Side;
  status: TableMatch["status"];
  awaitingApproval: boolean;
  /** The match's winner now, as a side (null: none). */
  winnerSide: Side | null;
  outcome: string;
  completedAt: number | null;
  resultsFromTables: ResultsFromTables;
};

/**
 * Whether the table may undo its last confirmed result at `now`: until when (null: until the director approves it),
 * or why not. Waiting for approval: until the director approves. Recorded at once: for UNDO_WINDOW_MS from when it
 * was recorded, while it is still the table's result (not corrected by the director).
 */
export function resultUndo(c: ConfirmedAtTable | null, now: number): { until: number | null } | TapRefusal {
  if (!c) return "no-result";
  if (c.status === "in_progress") return c.awaitingApproval ? { until: null } : "no-result";
  if (c.status !== "completed") return "no-result";
  if (c.resultsFromTables === "approve") return "approved";
  if (c.completedAt === null) return "final";
  if (c.outcome !== "played" || c.winnerSide !== c.side) return "corrected";
  const until = c.completedAt + UNDO_WINDOW_MS;
  return now < until ? { until } : "final";
}

/** The result an undo takes back, or its refusal (409); `tappedMatchId` is the match the tablet showed it for. */
export function checkResultUndo(
  c: ConfirmedAtTable | null,
  now: number,
  tappedMatchId?: string,
): ConfirmedAtTable & { until: number | null } {
  if (c && tappedMatchId !== undefined && tappedMatchId !== c.matchId) throw refuseTap("no-result");
  const undo = resultUndo(c, now);
  if (typeof undo === "string") throw refuseTap(undo);
  return { ...(c as ConfirmedAtTable), until: undo.until };
}

/** A confirmed result as an undo reads it: its confirm tap's row, and its match's result at that moment. */
export type ResultAsRead = Pick<ConfirmedAtTable, "matchId" | "status" | "winnerSide" | "outcome" | "completedAt"> & {
  seq: number;
  player1Score: number;
  player2Score: number;
};

/** Whether two reads of a table's confirm find the same result: same confirm, winner, score, outcome and time. */
export function sameResult(a: ResultAsRead, b: ResultAsRead): boolean {
  return (
    a.seq === b.seq &&
    a.matchId === b.matchId &&
    a.status === b.status &&
    a.winnerSide === b.winnerSide &&
    a.outcome === b.outcome &&
    a.completedAt === b.completedAt &&
    a.player1Score === b.player1Score &&
    a.player2Score === b.player2Score
  );
}

/**
 * Whether the director corrected a result recorded at once since the undo read it (`read`), judged on the same
 * confirm read again (`now`): the match still has a result, but another one. A score alone counts — the winner
 * unchanged, `resultUndo` cannot tell — so an undo refused by its batch answers "corrected", not "try again".
 */
export function correctedSince(read: ResultAsRead, now: ResultAsRead | null): boolean {
  if (read.status !== "completed" || now === null || now.seq !== read.seq || now.status !== "completed") return false;
  return !sameResult(read, now);
}

/**
 * What an undo of a result recorded at once sends back to the queue, from the matches being played as read: what the
 * floor called to the table since (`displaced`: the floor fills a freed table at once), and a later match the result
 * had filled and the floor had called (`leaving`: it leaves its table). `atTable` is everything else being played at
 * the table, `back` the ids of all that goes back; `later` are the undo's changes to matches other than its own.
 */
export function undoMoves<M extends { id: string; tableId: string | null }>(
  inPlay: readonly M[],
  { tableId, matchId }: { tableId: string; matchId: string },
  later: readonly { id: string; set: { status?: string } }[],
): { atTable: M[]; displaced: M[]; leaving: M[]; back: string[] } {
  const laterIds = new Set(later.map((change) => change.id));
  const atTable = inPlay.filter((m) => m.tableId === tableId && m.id !== matchId);
  const displaced = atTable.filter((m) => !laterIds.has(m.id));
  const leaving = inPlay.filter((m) => later.some((x) => x.id === m.id && x.set.status === "pending"));
  return { atTable, displaced, leaving, back: [...displaced, ...leaving].map((m) => m.id) };
}

/** What the table says of a result it may still undo: "Alex won 5–3". */
export function resultLine(winnerName: string, winnerScore: number, loserScore: number): string {
  return `${winnerName} won ${winnerScore}–${loserScore}`;
}

/**
 * Who breaks the next rack. The first rack: the lag's winner (unknown
 * without a lag). After it: the last rack's winner ("winner breaks"), or
 * the players in turn from the first breaker ("alternate breaks").
 */
export function nextBreaker(rule: BreakRule, lagWinner: Side | null, racks: readonly Side[]): Side | null {
  const last = racks[racks.length - 1];
  if (last === undefined) return lagWinner;
  if (rule === "winner") return last;
  if (lagWinner === null) return null;
  return racks.length % 2 === 0 ? lagWinner : other(lagWinner);
}

const other = (s: Side): Side => (s === 1 ? 2 : 1);

/** What the tablet asks once a side has reached the race-to: "Alex wins 5–3 — Confirm result?" */
export function confirmQuestion(winnerName: string, winnerScore: number, loserScore: number): string {
  return `${winnerName} wins ${winnerScore}–${loserScore} — Confirm result?`;
}
