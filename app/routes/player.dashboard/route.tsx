import { useLiveRevalidation } from "~/components/live.ts";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { DashboardShell } from "~/components/dashboard-shell.tsx";
import { nameLinkClass, plainInputClass } from "~/components/styles.ts";
import { leagueTeamPath, profilePath } from "~/domain/anchors.ts";
import { dateInZone, formatDate } from "~/domain/dates.ts";
import { fixtureDate } from "~/components/league-fixtures.tsx";
import { nextFixturesQuery } from "~/features/leagues/server/season-read.server.ts";
import { formatGBP } from "~/domain/pence.ts";
import { headlinePrice } from "~/features/money/domain/headline-price.ts";
import { Price } from "~/components/price.tsx";
import { LIST_FORMAT_LABEL } from "~/domain/tournaments.ts";
import { comingUp, noneOpenText, openToEnter } from "~/features/ratings/domain/player-dashboard.ts";
import { isTeamEvent, teamLine } from "~/features/entries/domain/teams.ts";
import { winRate } from "~/features/money/domain/withdrawals.ts";
import { playerStatsQuery, recentTransactionsQuery } from "~/features/money/server/dashboard.server.ts";
import { signedIn } from "~/web/access.server.ts";
import { browseForPlayerQuery, matchesSearch } from "~/features/tournaments/server/tournament-lists.server.ts";
import { playerBracketsQuery } from "~/features/play/server/match-reads.server.ts";
import { calledTo, playerStanding, standingText } from "~/features/ratings/domain/player-standing.ts";
import { CalledBanner, type Call } from "~/components/called-banner.tsx";
import { PushOptIn } from "~/components/push-opt-in.tsx";
import { vapidKeys } from "~/features/live/server/web-push.server.ts";
import { nextMatchText } from "~/features/floor/domain/queue.ts";
import { queueOf } from "~/features/floor/domain/queue-views.ts";
import { playerQueuesQuery } from "~/features/floor/server/queue-reads.server.ts";
import { dashboardAction, dashboardDialogs } from "~/web/dashboard-form.server.ts";
import { signedInDevicesQuery } from "~/features/accounts/server/sessions.server.ts";
import { playerSeasonsQuery } from "~/features/ratings/server/player-seasons.server.ts";
import { SeasonList } from "~/components/season-list.tsx";
import { appContext } from "~/context.server.ts";
import type { ReadResult } from "~/db/batch.server.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard — Break & Run" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const claim = await signedIn(request, context, "player");
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  // The whole page in one round trip, the session's check first.
  const now = Date.now();
  const { user, browse, brackets, transactions, stats, devices, floors, seasons, fixtures } = await claim.read({
    browse: browseForPlayerQuery(claim.id),
    brackets: playerBracketsQuery(claim.id, ["in_progress"]),
    transactions: recentTransactionsQuery("player", claim.id),
    stats: playerStatsQuery(claim.id),
    devices: signedInDevicesQuery(claim.session, now),
    floors: playerQueuesQuery(claim.id),
    seasons: playerSeasonsQuery(claim.id),
    fixtures: nextFixturesQuery(claim.id, dateInZone(now)), // today as the UK's calendar has it
  });
  const { open, elsewhere } = openToEnter(
    browse.available.filter((t) => matchesSearch(t, q)),
    now,
  );
  const upcoming = comingUp(browse.registered);
  return {
    name: user.name,
    balancePence: user.balancePence,
    q,
    // Under Open, only what the player can enter now: Browse All shows the full ones, with their reserve lists.
    open: open.slice(0, 12),
    notOpen: elsewhere,
    // An empty Open never says "no open tournaments" to a player entered in one (theirs are under Coming Up).
    noneOpen: noneOpenText({ searched: q.trim() !== "", entered: upcoming.filter((t) => matchesSearch(t, q)).length }),
    // The player's own tournaments before they start, with when and where.
    comingUp: upcoming.map((t) => ({
      id: t.id,
      slug: t.slug,
      name: t.name,
      venue: t.venue,
      date: t.date,
      time: t.time,
      entries: `${t.playerCount}/${t.maxPlayers} ${isTeamEvent(t.matchType) ? "teams" : "players"}`,
      team: t.team ? teamLine(t.team) : null,
    })),
    // Tonight's tournaments: where the player stands in each, their match and its table.
    playing: browse.registered
      .filter((t) => t.status === "in_progress")
      .map((t) => {
        // In a team event the player's matches are their team's.
        const standing = playerStanding(t.status, brackets.get(t.id) ?? [], t.team?.entryId ?? claim.id, t.withdrawn);
        const floor = floors.get(t.id);
        // When and where (decisions 013–015): the table once called, else the queue's estimate.
        const next =
          standing.kind === "playing" && standing.opponent !== null
            ? nextMatchText({
                table: standing.atTable ? standing.match.tableName : null,
                opponent: standing.opponent,
                estimatedStart: floor
                  ? (queueOf(floor, now).find((q) => q.match.id === standing.match.id)?.estimatedStart ?? null)
                  : null,
                now,
              })
            : null;
        return {
          next,
          id: t.id,
          slug: t.slug,
          name: t.name,
          venue: t.venue,
          text: standingText(standing),
          // "You're up on Table 3" (decisions 013–015).
          called: calledTo(standing),
          match:
            standing.kind === "playing"
              ? {
                  label: standing.match.label,
                  matchNumber: standing.match.matchNumber,
                  opponent: standing.opponent,
                  // Their profile (decision 027): singles only, a team is not rated.
                  opponentId:
                    standing.opponent !== null && !isTeamEvent(t.matchType)
                      ? standing.match.player1Id === claim.id
                        ? standing.match.player2Id
                        : standing.match.player1Id
                      : null,
                  table: standing.match.tableName,
                  now: standing.atTable,
                }
              : null,
        };
      }),
    // The tournaments whose changes this page follows (decision 009): the player's, until they finish.
    following: browse.registered.filter((t) => t.status === "open" || t.status === "in_progress").map((t) => t.id),
    transactions,
    stats,
    // Each series they have played in: where they stand (decision 029).
    seasons,
    leagueFixtures: nextLeagueFixtures(fixtures),
    devices,
    // Web Push (decisions 013–015): the key browsers subscribe with, when the site has one.
    pushKey: vapidKeys(context.get(appContext).env)?.publicKey ?? null,
    ...dashboardDialogs(request),
  };
}

/** Each of the player's league teams' next fixture (a player is on one team a season), soonest first. */
function nextLeagueFixtures(fixtures: ReadResult<ReturnType<typeof nextFixturesQuery>>) {
  return fixtures
    .filter((f, i) => fixtures.findIndex((g) => g.teamId === f.teamId) === i)
    .map((f) => ({
      id: f.id,
      text: `${f.home} v ${f.away}, ${fixtureDate(f.date)}, at ${f.venue}`,
      league: f.leagueName,
      path: leagueTeamPath(f.leagueSlug, f.teamId),
    }));
}

export function action({ request, context }: Route.ActionArgs) {
  return dashboardAction(request, context, "/player/dashboard");
}

export default function PlayerDashboard() {
  const page = useLoaderData<typeof loader>();
  const { q, open, notOpen, playing, stats } = page;
  useLiveRevalidation(page.following, playing.length > 0);
  const calls = playing.flatMap((t): Call[] =>
    t.called ? [{ id: t.id, ...t.called, tournament: { name: t.name, slug: t.slug } }] : [],
  );
  return (
    <DashboardShell
      path="/player/dashboard"
      page={page}
      actionData={useActionData<typeof action>()}
      intro="Find your next tournament, check your results and winnings."
      stats={{
        title: "Your Statistics",
        rows: stats && [
          ["Tournaments played", String(stats.tournamentsPlayed)],
          ["Tournaments won", String(stats.tournamentsWon)],
          ["Matches played", String(stats.matchesPlayed)],
          ["Matches won", String(stats.matchesWon)],
          ["Match win rate", winRate(stats.matchesWon, stats.matchesPlayed)],
          ["Racks won", String(stats.racksWon)],
          ["Racks lost", String(stats.racksLost)],
          ["Tournament win rate", winRate(stats.tournamentsWon, stats.tournamentsPlayed)],
          ["Total earnings", formatGBP(stats.totalEarningsPence)],
        ],
      }}
    >
      <CalledBanner calls={calls} />
      {playing.length > 0 ? <InProgress tournaments={playing} /> : null}
      {page.leagueFixtures.length > 0 ? <NextLeagueFixtures fixtures={page.leagueFixtures} /> : null}
      {page.comingUp.length > 0 ? <ComingUp tournaments={page.comingUp} /> : null}
      {page.seasons.length > 0 ? (
        <section className="card" aria-labelledby="seasons-title">
          <h2 id="seasons-title" className="text-lg font-semibold">
            Your Seasons
          </h2>
          <SeasonList seasons={page.seasons} />
        </section>
      ) : null}
      {page.pushKey ? <PushOptIn publicKey={page.pushKey} /> : null}
      <OpenTournaments q={q} open={open} notOpen={notOpen} noneOpen={page.noneOpen} />
    </DashboardShell>
  );
}

type Loaded = Awaited<ReturnType<typeof loader>>;

/** Tonight's tournaments: where the player stands in each, their match and its table. */
function InProgress({ tournaments }: { tournaments: Loaded["playing"] }) {
  return (
    <section className="card" aria-labelledby="playing-title">
      <h2 id="playing-title" className="text-lg font-semibold">
        In Progress
      </h2>
      <ul className="mt-4 grid gap-3">
        {tournaments.map((t) => (
          <li
            key={t.id}
            className="rounded-lg border border-baize-200 bg-baize-50 p-4 dark:border-baize-800 dark:bg-baize-950"
          >
            <Link to={`/tournament/${t.slug}?tab=bracket`} className="font-semibold hover:underline">
              {t.name}
            </Link>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t.venue}</p>
            {t.next ? (
              <p className="mt-3 text-base font-semibold" data-testid="next-match">
                {t.next}
              </p>
            ) : null}
            {t.match ? (
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-slate-600 dark:text-slate-300">{t.match.now ? "Playing now" : "Next match"}</dt>
                <dd className="font-semibold">
                  {t.match.label}, match {t.match.matchNumber}
                </dd>
                <dt className="text-slate-600 dark:text-slate-300">Opponent</dt>
                <dd className="font-semibold">
                  {t.match.opponentId ? (
                    <Link to={profilePath(t.match.opponentId)} className={nameLinkClass}>
                      {t.match.opponent}
                    </Link>
                  ) : (
                    (t.match.opponent ?? "TBD")
                  )}
                </dd>
                <dt className="text-slate-600 dark:text-slate-300">Table</dt>
                <dd className="font-semibold">{t.match.table ?? "Not called yet"}</dd>
              </dl>
            ) : (
              <p className="mt-2 text-sm font-semibold">{t.text}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the player can enter now, found by a search, and where the full and closed ones are. */
function OpenTournaments({ q, open, notOpen, noneOpen }: Pick<Loaded, "q" | "open" | "notOpen" | "noneOpen">) {
  return (
    <section className="card" aria-labelledby="find-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="find-title" className="text-lg font-semibold">
          Open Tournaments
        </h2>
        <Link
          to="/player/tournaments?tab=available"
          className="text-sm font-semibold text-baize-700 hover:underline dark:text-baize-300"
        >
          Browse All
        </Link>
      </div>
      <Form method="get" role="search" className="mt-3 flex gap-2">
        <label htmlFor="dashboard-q" className="sr-only">
          Search tournaments
        </label>
        <input
          id="dashboard-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={100}
          placeholder="Search tournaments, venues, or directors..."
          className={`${plainInputClass} min-w-0`}
        />
        <button type="submit" className="btn-secondary shrink-0">
          Search
        </button>
      </Form>
      {open.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">{noneOpen}</p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {open.map((t) => (
            <li key={t.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
              <Link to={`/tournament/${t.slug}`} className="font-semibold hover:underline">
                {t.name}
              </Link>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {t.venue} · {t.format || LIST_FORMAT_LABEL}
              </p>
              <p className="mt-1 text-sm">
                {formatDate(t.date)} · {t.time} · {t.playerCount}/{t.maxPlayers} players
              </p>
              <p className="text-sm">
                <Price price={headlinePrice(t)} />
              </p>
            </li>
          ))}
        </ul>
      )}
      {notOpen > 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
          Full and closed tournaments are under{" "}
          <Link
            to="/player/tournaments?tab=available"
            className="font-semibold text-baize-700 hover:underline dark:text-baize-300"
          >
            Browse All
          </Link>
          , where a full one offers its reserve list.
        </p>
      ) : null}
    </section>
  );
}

/** The next night of each of the player's league teams, linking to the team's page. */
function NextLeagueFixtures({ fixtures }: { fixtures: Loaded["leagueFixtures"] }) {
  return (
    <section className="card" aria-labelledby="league-title">
      <h2 id="league-title" className="text-lg font-semibold">
        League
      </h2>
      <ul className="mt-3 grid gap-3">
        {fixtures.map((f) => (
          <li key={f.id} data-testid="next-league-fixture">
            <Link to={f.path} className="font-semibold hover:underline">
              Next league fixture: {f.text}
            </Link>
            <p className="text-sm text-slate-600 dark:text-slate-400">{f.league}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

type ComingUpRow = Loaded["comingUp"][number];

/** The player's own tournaments before they start: when, where, and how full. */
function ComingUp({ tournaments }: { tournaments: ComingUpRow[] }) {
  return (
    <section className="card" aria-labelledby="coming-up-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="coming-up-title" className="text-lg font-semibold">
          Coming Up
        </h2>
        <Link
          to="/player/tournaments?tab=registered"
          className="text-sm font-semibold text-baize-700 hover:underline dark:text-baize-300"
        >
          My Tournaments
        </Link>
      </div>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {tournaments.map((t) => (
          <li key={t.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <Link to={`/tournament/${t.slug}`} className="font-semibold hover:underline">
              {t.name}
            </Link>
            <p className="text-sm text-slate-600 dark:text-slate-400">{t.venue}</p>
            <p className="mt-1 text-sm font-semibold" data-testid="when">
              {formatDate(t.date)} · {t.time}
            </p>
            {t.team ? <p className="text-sm">{t.team}</p> : null}
            <p className="text-sm">Registered · {t.entries}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
