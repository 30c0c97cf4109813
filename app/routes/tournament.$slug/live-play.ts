// The bracket tab redrawn from the push channel's messages (decision 018): a
// visitor's or a player's page lays the matches a message carries over the
// bracket it read and works the tab out again (standings, where the player
// stands, their call) as the loader would, without reading the page. The
// director's page reads: its cards show the floor and the tables.
import { useRedrawn } from "~/components/live.ts";
import type { TournamentPageModel } from "~/features/tournaments/domain/tournament-page.ts";

type Play = TournamentPageModel["play"];

// Fetched with the first message that needs it.
const redraw = () => import("./redraw-play.ts").then((module) => module.redrawPlay);

/** The bracket tab as read or as the messages since left it, and the channel's `drawn`. */
export function useLivePlay(page: TournamentPageModel): { play: Play; drawn?: (news: unknown) => boolean } {
  const { tournament: t } = page;
  const active = t.status === "in_progress" && !page.director;
  const { shown, drawn } = useRedrawn(t.id, active, page, page.readAt, redraw);
  return { play: shown ?? page.play, drawn };
}
