// How the wall bracket redraws from the news (fetched with the first message that needs it).
import type { Redraw } from "~/components/live.ts";
import { heardSince, withNews } from "~/domain/match-news.ts";
import type { MatchView } from "~/features/play/domain/play.ts";

export const redrawMatches: Redraw<{ matches: MatchView[]; readAt: number }, MatchView[]> = (read, news) =>
  withNews(read.matches, heardSince(read.readAt, news));
