// The tournament page's Bracket tab: a league's table, a groups event's groups
// or the bracket, with the director's controls on each match during play and
// the viewer's own standing; and the "You're up" banner for those playing.
import { Link } from "react-router";
import type { BracketView as BracketViewType } from "~/components/bracket-view.tsx";
import { lazyNamed } from "~/components/lazy.ts";
import type { TournamentPageModel } from "~/features/tournaments/domain/tournament-page.ts";

// What only some tournaments show is loaded only by their pages (decision 016): a league's table, a groups event's
// groups and knockout, the director's controls. Rendered on the server with the page; the browser fetches the
// piece as it hydrates.
const LeagueView = lazyNamed(() => import("~/components/league-view.tsx"), "LeagueView");
const GroupsAndKnockout = lazyNamed(() => import("./groups-view.tsx"), "GroupsAndKnockout");
const MatchControls = lazyNamed(() => import("./director-tools.ts"), "MatchControls");
// (A generic component: lazy() would lose its type parameter, so it keeps the module's own type.)
const BracketView = lazyNamed(
  () => import("~/components/bracket-view.tsx"),
  "BracketView",
) as unknown as typeof BracketViewType;
const CalledBanner = lazyNamed(() => import("~/components/called-banner.tsx"), "CalledBanner");

type Tab = {
  tournament: Pick<TournamentPageModel["tournament"], "slug" | "status" | "teamSize">;
  play: TournamentPageModel["play"];
  /** The director's tables: their controls on each match during play (null for anyone else). */
  tables: NonNullable<TournamentPageModel["director"]>["tables"] | null;
};

const tabLink =
  "inline-flex min-h-11 items-center text-sm font-semibold text-baize-700 hover:underline dark:text-baize-300";

export function BracketTab({ tournament: t, play, tables }: Tab) {
  if (play.matches.length === 0) return <BracketPlaceholder status={t.status} />;
  const { matches, league, groups, advancePerGroup, you, yourStanding } = play;
  // Names link to the players' profiles in singles; a team is not rated (decision 027).
  const profiles = t.teamSize === 1;
  const renderControls =
    tables && t.status === "in_progress"
      ? (match: (typeof matches)[number]) => (
          <MatchControls match={match} matches={matches} tables={tables} slug={t.slug} />
        )
      : undefined;
  return (
    <div className="mt-4 space-y-6">
      <h2 className="sr-only">{league ? "Standings and fixtures" : "Bracket"}</h2>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        {yourStanding ? (
          <p className="text-sm font-semibold" data-testid="your-standing">
            You: {yourStanding}
          </p>
        ) : null}
        <span className="ml-auto flex flex-wrap gap-x-4">
          <Link to={`/tournament/${t.slug}/draw`} className={tabLink}>
            Draw sheet
          </Link>
          <Link to={`/tournament/${t.slug}/bracket`} className={tabLink}>
            Full-width bracket
          </Link>
        </span>
      </div>
      {league ? <LeagueView rows={league} matches={matches} profiles={profiles} /> : null}
      {league ? <h3 className="text-base font-semibold">Fixtures</h3> : null}
      {groups ? (
        <GroupsAndKnockout
          groups={groups}
          advancePerGroup={advancePerGroup ?? 2}
          you={you}
          matches={matches}
          renderControls={renderControls}
          profiles={profiles}
        />
      ) : (
        <BracketView matches={matches} you={you} renderControls={renderControls} profiles={profiles} />
      )}
    </div>
  );
}

function BracketPlaceholder({ status }: { status: string }) {
  return (
    <div className="card mt-6 text-center">
      <h2 className="text-lg font-semibold">Bracket</h2>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        {status === "open" ? "The bracket appears here when the tournament starts." : "The bracket is not available."}
      </p>
    </div>
  );
}

/** "You're up on Table 3" for the player whose match is at a table (decisions 013–015). */
export function YourCall({
  tournamentId,
  called,
}: {
  tournamentId: string;
  called: TournamentPageModel["play"]["called"];
}) {
  return <CalledBanner calls={called ? [{ id: tournamentId, ...called }] : []} className="mt-4" />;
}
