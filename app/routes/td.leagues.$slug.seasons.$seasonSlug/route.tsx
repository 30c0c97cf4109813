// A season of a secretary's league (DESIGN §11), for its secretary only (anyone else: not found): its divisions in
// order, its teams by division with their venue, captain and roster, the forms that add each, and its fixtures —
// made (again, once confirmed) and shown week by week, each movable or postponed; the season finished (confirmed
// first) and the next one started from it. The forms post to one route per family nested here (decision 037) and
// come back with a toast, or with what was typed beside the messages.
import { data, Link, useLoaderData } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog.tsx";
import { useIsSubmitting } from "~/components/form.tsx";
import { nightLabel, SeasonStatusBadge } from "~/components/season-status.tsx";
import { noteClass } from "~/components/styles.ts";
import { appContext } from "~/context.server.ts";
import { leaguePath } from "~/domain/anchors.ts";
import { formatDate } from "~/domain/dates.ts";
import { LEAGUE_MESSAGES } from "~/features/leagues/domain/leagues.ts";
import { describeFormat } from "~/features/leagues/domain/season-format.ts";
import { seasonLocksQuery } from "~/features/leagues/server/season-format.server.ts";
import { seasonPageQuery } from "~/features/leagues/server/season-read.server.ts";
import { leagueSecretaryQuery, seasonRostersQuery } from "~/features/leagues/server/secretary.server.ts";
import { signedIn } from "~/web/access.server.ts";
import { flashedReply } from "~/web/session.server.ts";
import { DivisionsCard } from "./divisions.tsx";
import { FixturesCard } from "./fixtures.tsx";
import { FormatCard } from "./format.tsx";
import { seasonReplyOf } from "./reply.ts";
import { SeasonEndCard, seasonEndOf } from "./season-end.tsx";
import { AddTeamCard, TeamsCard } from "./teams.tsx";
import { fixtureWeeks } from "~/components/fixture-weeks.ts";
import { TableRulesCard } from "./table-rules.tsx";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `${loaderData.league.name} ${loaderData.season.name}` : "Season"} — Break & Run` },
];

const notFound = () => data(LEAGUE_MESSAGES.seasonNotFound, { status: 404 });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const secretary = await signedIn(request, context, "organiser");
  const { owner, page, rosters, locks } = await secretary.read({
    owner: leagueSecretaryQuery(params.slug),
    page: seasonPageQuery(params.seasonSlug),
    rosters: seasonRostersQuery(params.seasonSlug),
    locks: seasonLocksQuery(params.seasonSlug),
  });
  if (!owner || !page || page.league.id !== owner.id || owner.organiserId !== secretary.id) throw notFound();
  const { season } = page;
  const teams = page.divisions.flatMap((d) => d.teams);
  return {
    league: page.league,
    season: {
      ...season,
      summary: [
        `${nightLabel(season.night)}s from ${formatDate(season.startDate)}`,
        season.legs === 1 ? "one leg" : "home and away",
        season.blackoutDates.length > 0 ? `no fixtures on ${season.blackoutDates.map(formatDate).join(", ")}` : "",
      ]
        .filter(Boolean)
        .join(" · "),
      formatText: describeFormat(season.format),
    },
    locks,
    penalties: page.penalties,
    divisions: page.divisions.map((d) => ({
      id: d.id,
      name: d.name,
      teams: d.teams.map((t) => {
        const roster = rosters.filter((r) => r.teamId === t.id);
        const players = roster.filter((r) => !r.captain).map((r) => r.name);
        return { ...t, captain: roster.find((r) => r.captain)?.name ?? null, players };
      }),
    })),
    venues: [...new Set(teams.map((t) => t.venue))].sort(),
    weeks: fixtureWeeks(page.fixtures, page.season, page.divisions.length > 1 ? page.divisions : []),
    fixtureCount: page.fixtures.length,
    reply: seasonReplyOf(await flashedReply(request, context.get(appContext).env)),
    remake: new URL(request.url).searchParams.get("remake") === "1",
    end: seasonEndOf(page, new URL(request.url).searchParams.get("finish") === "1"),
  };
}

export type SeasonPageData = Awaited<ReturnType<typeof loader>>;

export default function SecretarySeason() {
  const page = useLoaderData<typeof loader>();
  const { league, season } = page;
  const here = `/td/leagues/${league.slug}/seasons/${season.slug}`;
  const remaking = useIsSubmitting(`${here}/fixtures`);
  return (
    <>
      <Link to={`/td/leagues/${league.slug}`} className="text-sm font-medium text-baize-700 dark:text-baize-300">
        {`← ${league.name}`}
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="text-3xl font-bold tracking-tight wrap-anywhere">{season.name}</h1>
        <SeasonStatusBadge status={season.status} />
      </div>
      <p className={`mt-1 ${noteClass}`}>{season.summary}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={leaguePath(league.slug, season.slug)} className="btn-secondary">
          Public page
        </Link>
        {page.fixtureCount > 0 ? (
          <Link to={`${here}/print`} className="btn-secondary">
            Print fixtures
          </Link>
        ) : null}
      </div>

      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <DivisionsCard page={page} here={here} />
          <TeamsCard page={page} here={here} />
        </div>
        <div className="space-y-6">
          <AddTeamCard page={page} here={here} />
          <FormatCard page={page} here={here} />
          <TableRulesCard page={page} here={here} />
        </div>
      </div>
      <SeasonEndCard page={page} here={here} />
      <FixturesCard page={page} here={here} />

      <ConfirmDialog
        open={page.remake && page.fixtureCount > 0}
        title="Make the fixtures again?"
        description="The current fixtures are replaced by a new list, moved and postponed ones too. Tell the captains."
        confirmLabel="Make fixtures again"
        cancelTo={`${here}#fixtures`}
        action={`${here}/fixtures`}
        destructive
        busy={remaking}
      >
        <input type="hidden" name="intent" value="make-fixtures" />
        <input type="hidden" name="seasonId" value={season.id} />
        <input type="hidden" name="replace" value="yes" />
      </ConfirmDialog>
    </>
  );
}
