// How the tournament page redraws its bracket tab from the news (live-play.ts
// fetches it with the first message that needs it).
import type { Redraw } from "~/components/live.ts";
import { bracketTabWith, type BracketTab } from "~/features/play/domain/bracket-tab.ts";
import { heardSince, withNews } from "~/domain/match-news.ts";
import type { TournamentPageModel } from "~/features/tournaments/domain/tournament-page.ts";

export const redrawPlay: Redraw<TournamentPageModel, BracketTab> = (page, news) => {
  const matches = withNews(page.play.matches, heardSince(page.readAt, news));
  return matches && bracketTabWith(page, matches);
};
