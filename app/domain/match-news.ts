// The matches a change altered, as its push message carries them to the
// tournament's pages (decision 018): a page lays them over the bracket it
// read and redraws without reading again. Pure, for the server that sends
// them and the pages that apply them.
import type { MatchView } from "../features/play/domain/play.ts";

/** A match as a change left it: its id and the fields the change may have altered (a rack tapped: the score). */
export type MatchNews = Pick<MatchView, "id"> & Partial<MatchView>;

/** What a page knows of its matches: as read at `readAt` (ms), and the news heard since, each with its time. */
export type HeardMatches = { readAt: number; news: ReadonlyMap<string, { at: number; match: MatchNews }> };

/**
 * The news heard at `at` added to what was heard: a match's newer news replaces its older; news from before the
 * page's read adds nothing (the read has it).
 */
export function hear(heard: HeardMatches, at: number, news: readonly MatchNews[]): HeardMatches {
  if (at < heard.readAt) return heard;
  const next = new Map(heard.news);
  for (const match of news) {
    const before = next.get(match.id);
    if (!before || before.at <= at) next.set(match.id, { at, match: { ...before?.match, ...match } });
  }
  return { readAt: heard.readAt, news: next };
}

/**
 * The bracket as read, with the news laid over it; null when the news names a match the bracket does not have
 * (a draw made since: only a read shows it).
 */
export function withNews(matches: readonly MatchView[], heard: HeardMatches): MatchView[] | null {
  if (heard.news.size === 0) return [...matches];
  const ids = new Set(matches.map((m) => m.id));
  for (const id of heard.news.keys()) if (!ids.has(id)) return null;
  return matches.map((m) => {
    const news = heard.news.get(m.id);
    return news ? { ...m, ...news.match } : m;
  });
}

/** What messages carrying matches (`{ at, matches }`, in the order heard) told a page that read at `readAt`. */
export function heardSince(readAt: number, messages: readonly { at: number; matches: unknown[] }[]): HeardMatches {
  let heard: HeardMatches = { readAt, news: new Map() };
  for (const { at, matches } of messages) heard = hear(heard, at, matches.filter(isMatchNews));
  return heard;
}

const isMatchNews = (value: unknown): value is MatchNews => typeof (value as MatchNews | null)?.id === "string";
