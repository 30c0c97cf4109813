// What a write changed, as its use case returns it (app/web/done.ts) and the consequences read it
// (features/live/server/after-change.server.ts): types only, so any layer may name a change without importing what
// runs it.
import type { MatchNews } from "./match-news.ts";
import type { QueueState } from "../features/floor/domain/queue-views.ts";
import type { Scoreboard } from "../features/floor/domain/scoreboard.ts";

/** What changed, in the words of the message clients get (public data only). */
export type LiveChange = {
  /** The director whose tables may show it. */
  organiserId: string;
  /** The tournament whose pages show it. */
  tournamentId: string;
  /** "entries": someone joined, paid, checked in, left, or a reserve was offered a place (decision 014); "score" and
   * "code": a rack tapped at a table, a table's new access code (decision 012); "details": the director edited the
   * tournament. */
  what: "result" | "table" | "start" | "finalize" | "entries" | "score" | "code" | "details";
  /** The tournament's matches the change altered, as it left them: its pages redraw them without a read. */
  matches?: readonly MatchNews[];
  /**
   * When those matches were read (ms): the pages keep news heard after their own read of the page, so the stamp is
   * the write's, not the moment its follow-ups got round to sending it. Now, when not given.
   */
  at?: number;
};

/** A match a write put on a table: its player is called there. */
export type CalledMatch = { tournamentId: string; matchId: string; tableId: string; calledAt: number };

/** The director's floors as a write left them, by tournament; "read" to read them afresh; null: no table to fill. */
export type QueuesAfter = Map<string, QueueState> | "read" | null;

/** The boards of the tables a change touched, each as the tablet's live region in HTML, by table id. */
export type Boards = Record<string, string>;

/** What a write changed, for the screens, the tablets and the floor. */
export type Change = {
  organiserId: string;
  /** The tournament whose pages show it; null for the director's tables alone (a table added or deleted). */
  tournamentId: string | null;
  /** As the live message says it; "league-card": a league fixture's card changed (no tournament's: `card` says). */
  what: LiveChange["what"] | "league-card";
  /**
   * The league card changed (or, `fixtureId` null, the season's table by a penalty), and whether its frames now count
   * for the ratings or no longer (played, or not).
   */
  card?: { fixtureId: string | null; seasonId: string; rated: boolean };
  /** The director's floors as the write left them, "read" to read them afresh; null or absent: no table to fill. */
  floors?: QueuesAfter;
  /** Matches the write itself put on a table (the director's own assignment). */
  called?: readonly CalledMatch[];
  /** A match just taken off its table: not called straight back to it. */
  holdBack?: string | null;
  /** A table whose access code was replaced: its tablets are disconnected. */
  replacedCode?: string;
  /** A table deleted: its tablets are told it is gone and disconnected. */
  deletedTable?: string;
  /** A table whose tablets the director sent to another table: they are told to read their board again. */
  sentTablet?: string;
  /** The boards of the tables the change altered, as it left them: their tablets get them with the news. */
  boards?: Readonly<Record<string, Scoreboard>>;
  /** The tournament's matches the change altered, as it left them: its pages get them with the news. */
  matches?: readonly MatchNews[];
  /** A result in a handicapped event (decision 028): the races it made due are set before anyone hears of it. */
  handicapped?: boolean;
};
