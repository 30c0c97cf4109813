// The tournament page's bracket tab, from the tournament's matches: the
// standings a league or groups show, and where an entrant stands. Its own
// module because the page works it out twice: in the loader (the page model,
// tournament-page.ts), and in the browser from the matches a push message
// carries (decision 018), where only this is fetched.
import { isDecided, leaguePlaces } from "../../tournaments/domain/formats.ts";
import type { MatchView } from "./play.ts";
import { calledTo, playerStanding, standingText } from "../../ratings/domain/player-standing.ts";
import { groupStandingViews, placeText } from "./standings.ts";
import type { TournamentStatus, TournamentType } from "../../../domain/tournaments.ts";

type Entry = { id: string; name: string };

/** What the bracket tab is drawn from: the tournament's entries and format, and its matches. */
export type BracketTabReads = {
  tournament: {
    status: TournamentStatus;
    tournamentType: TournamentType;
    advancePerGroup: number | null;
    players: Entry[];
    teams: { id: string; members: Entry[] }[];
  };
  matches: MatchView[];
  /** The entries withdrawn during play (decision 021), as match slots name them: an entrant's standing says so. */
  withdrawn?: ReadonlySet<string>;
};

/** The bracket tab (no matches before the start) and, for an entrant, where they stand in it. */
export function bracketTab(
  { tournament: t, matches: all, withdrawn }: BracketTabReads,
  entrant: { id: string } | null,
) {
  const matches = t.status === "open" ? [] : all;
  // In a team event the entry is the team: its matches are picked out, its standing shown.
  const team = entrant ? t.teams.find((x) => x.members.some((m) => m.id === entrant.id)) : undefined;
  const you = entrant ? (team?.id ?? entrant.id) : null;
  const standing = you ? playerStanding(t.status, matches, you, withdrawn?.has(you) ?? false) : null;
  const started = matches.length > 0;
  return {
    matches,
    // The format's last match is decided: the final, the grand final (its reset when there is one), a league's last.
    finalPlayed: isDecided(matches),
    // A round robin's table, from the same matches.
    league:
      t.tournamentType === "round_robin" && started
        ? leaguePlaces(
            matches,
            t.players.map((p) => p.id),
          ).map((row) => ({
            ...row,
            name: t.players.find((p) => p.id === row.playerId)?.name ?? "Unknown player",
            position: row.place,
            place: row.range ? placeText(row.range) : null,
          }))
        : null,
    // Groups into a knockout: each group's table.
    groups: t.tournamentType === "round_robin_tier" && started ? groupStandingViews(matches, t.players) : null,
    advancePerGroup: t.advancePerGroup,
    /** The viewer's entry (their team's in a team event), whose matches are picked out. */
    you,
    yourStanding: standing ? standingText(standing) : null,
    /** The entrant's entry was withdrawn from play (decision 021) while the night goes on. */
    withdrawn: standing?.kind === "withdrawn",
    // "You're up on Table 3" (decisions 013–015).
    called: standing ? calledTo(standing) : null,
  };
}

export type BracketTab = ReturnType<typeof bracketTab>;

/**
 * The page's bracket tab again from `matches` (those it read, with what its push channel has told it since), as
 * its loader would answer it for those matches.
 */
export function bracketTabWith(
  page: {
    tournament: Omit<BracketTabReads["tournament"], "advancePerGroup"> & { withdrawn?: readonly string[] };
    viewer: { id: string } | null;
    play: BracketTab;
  },
  matches: MatchView[],
): BracketTab {
  const { tournament, viewer, play } = page;
  const entrant = viewer && play.you !== null ? viewer : null;
  return bracketTab(
    {
      tournament: { ...tournament, advancePerGroup: play.advancePerGroup },
      matches,
      withdrawn: new Set(tournament.withdrawn),
    },
    entrant,
  );
}
