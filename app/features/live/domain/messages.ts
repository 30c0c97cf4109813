// What the push channels say (decision 009), in one shape for the server that sends it (live.server.ts, the hub in
// workers/live-hub.ts) and the scripts that read it (../client/channel.ts): a change on either side fails the type
// check on the other. Messages say only that something changed, and what a client may draw without a read.
import type { LiveChange } from "../../../domain/changes.ts";
import type { MatchNews } from "../../../domain/match-news.ts";

/** A client's keep-alive, and the channel's answer (given without waking the hub). */
export const PING = "ping";
export const PONG = "pong";

/**
 * The channels the scripts follow: a tournament's (its pages, by the tournament's id), a director's tables' (by a
 * table's code) and a league season's (its pages, by the season's id).
 */
export type ChannelKind = "tournaments" | "tables" | "seasons";

/** Something changed: every socket of the channel hears it. */
export type ChangedNews = { type: "changed"; what: LiveChange["what"]; tournamentId: string };

/** A tournament's pages' news when the change altered matches: they lay them over what they read (decision 018). */
export type MatchesNews = ChangedNews & { at: number; matches: readonly MatchNews[] };

/** A tablet's own news: its table's board (the live region's HTML) as the server drew it once for every tablet. */
export type BoardNews = ChangedNews & { board: string };

/** To a table's tablets alone: the director sent them to another table; they read their board and follow it. */
export type SentNews = { type: "changed"; what: "table" };

/** To a table's tablets as their sockets close: the table's code was replaced, or the table deleted. */
export type ClosingNews = { type: "code" | "deleted" };

/** A league card changed (a lineup, a frame, a confirmation…), or its table (a penalty): its pages read again. */
export type CardNews = { type: "changed"; what: "card"; fixtureId: string | null };

/** What each channel sends. */
export type ChannelMessages = {
  tournaments: ChangedNews | MatchesNews;
  tables: ChangedNews | BoardNews | SentNews | ClosingNews;
  seasons: CardNews;
};
