import { useEffect } from "react";
import {
  data,
  Form,
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useNavigate,
  useRouteError,
} from "react-router";
import { ConnectionLost } from "~/components/document.tsx";
import { isNetworkError } from "~/components/data-reads.ts";
import { lazyNamed } from "~/components/lazy.ts";
import { useLiveRevalidation } from "~/components/live.ts";
import { TabLink } from "~/components/tab-link.tsx";
import { Badge, statusTone } from "~/components/badges.tsx";
import { CopyBox } from "~/components/copy-box.tsx";
import { ActionToast } from "~/components/form.tsx";
import { SiteFooter, SiteHeader } from "~/components/site-header.tsx";
import { appContext } from "~/context.server.ts";
import { known } from "~/db/batch.server.ts";
import type { BracketView as BracketViewType } from "~/components/bracket-view.tsx";
import { totalRowClass } from "~/components/styles.ts";
import { formatDate } from "~/domain/dates.ts";
import { fullWhileHeldText } from "~/domain/holds.ts";
import { entryTotalPence, formatGBP } from "~/domain/pence.ts";
import { tournamentPage, type TournamentPageModel } from "~/domain/tournament-page.ts";
import { statusLabels, type RegistrationState } from "~/domain/tournaments.ts";
import { visitor } from "~/services/access.server.ts";
import { checkInQuery, myCheckInQuery } from "~/services/check-in.server.ts";
import { registrationsQuery } from "~/services/joining.server.ts";
import { matchesQuery, paidPrizesQuery, payoutPlanQuery, seedsQuery } from "~/services/play.server.ts";
import { queueQuery } from "~/services/queue-reads.server.ts";
import { tablesQuery } from "~/services/tables.server.ts";
import { tournamentBySlugQuery } from "~/services/tournaments.server.ts";
import { directorAction, type ResultReply } from "./director.server.ts";
import { isPlayerIntent, playerAction } from "./player.server.ts";
import type { Route } from "./+types/route";

// What only some viewers or tournaments show is loaded only by their pages (issue 17): a finished tournament's
// results, the director's cards, the seeding form, a team event's list. Rendered on the server with the page; the
// browser fetches the piece as it hydrates.
const TournamentResults = lazyNamed(() => import("~/components/tournament-results.tsx"), "TournamentResults");
const director = () => import("./director-tools.ts");
const DirectorCard = lazyNamed(director, "DirectorCard");
const QueueCard = lazyNamed(director, "QueueCard");
// Check-in, before the start only.
const CheckInCard = lazyNamed(() => import("./check-in-card.tsx"), "CheckInCard");
// The Details tab only when it is open (during play the page opens on the bracket).
const Details = lazyNamed(() => import("./details.tsx"), "Details");
const SeedingForm = lazyNamed(() => import("./seeding.tsx"), "SeedingForm");
const TeamsList = lazyNamed(() => import("./teams.tsx"), "TeamsList");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { env } = context.get(appContext);
  if (params.slug.length > 120) throw data({ message: "Tournament not found" }, { status: 404 });
  const viewer = await visitor(context);
  const now = Date.now();
  const { searchParams: search } = new URL(request.url);
  // Everything the page may show, in one round trip: what depends on the viewer is read for the account the
  // signed cookie names, and comes back only with the session's check (null user when it is over).
  const { session } = viewer;
  const director = session?.userType === "organiser" ? session.userId : null;
  const player = session?.userType === "player" ? session.userId : null;
  const slug = { slug: params.slug };
  const { tournament, ...read } = await viewer.read({
    tournament: tournamentBySlugQuery(params.slug, now),
    matches: matchesQuery(slug),
    prizes: paidPrizesQuery(slug),
    tables: director ? tablesQuery(director) : known([]),
    registrations: player ? registrationsQuery(player, now) : known([]),
    plan: director && search.get("confirm") === "finalize" ? payoutPlanQuery(slug) : known(null),
    seeds: director ? seedsQuery(slug) : known([]),
    checkIn: director ? checkInQuery(slug) : known(null),
    mine: player ? myCheckInQuery(slug, player) : known(null),
    queue: director ? queueQuery(slug) : known(null),
  });
  if (!tournament) throw data({ message: "Tournament not found" }, { status: 404 });
  return tournamentPage({ tournament, ...read }, { search, now, origin: env.APP_URL });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // A player's forms (check in, leave, the reserve list) name their intent; everything else is the director's.
  const intent = (await request.clone().formData()).get("intent");
  if (isPlayerIntent(intent)) return playerAction(context, request, params.slug, intent);
  return directorAction(request, context, params.slug);
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Tournament not found — Break & Run" }];
  const t = loaderData.tournament;
  const title = `${t.name} — Break & Run`;
  const description =
    `${t.venue} · ${formatDate(t.date)} ${t.time} · ` +
    `${formatGBP(entryTotalPence(t))} to enter · ${t.playerCount}/${t.maxPlayers} players`;
  const url = `${loaderData.origin}/tournament/${t.slug}`;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Break & Run" },
    { property: "og:title", content: t.name },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: t.name },
    { name: "twitter:description", content: description },
  ];
};

export default function TournamentPage() {
  const page = useLoaderData<typeof loader>();
  const { tournament: t, tab, viewer, origin, paymentToast, results, play, director } = page;
  const actionData = useActionData<typeof action>();
  const reply = actionData && "resultReply" in actionData ? actionData.resultReply : null;
  const navigate = useNavigate();
  // From registration to the final the page follows the evening without a reload: at once when the tournament's
  // channel says something changed, by polling while it cannot open (during play only).
  useLiveRevalidation(t.status === "open" || t.status === "in_progress" ? [t.id] : [], t.status === "in_progress");
  // The toast shows once; `payment` is then removed from the address (the tab stays).
  useEffect(() => {
    if (!paymentToast) return;
    const params = new URLSearchParams(window.location.search);
    params.delete("payment");
    navigate(
      { pathname: `/tournament/${t.slug}`, search: params.size ? `?${params}` : "" },
      { replace: true, preventScrollReset: true },
    );
  }, [paymentToast, navigate, t.slug]);
  const live = t.status === "in_progress";
  // During play the bracket comes first (issue 20); once the final is played, so does Finalize.
  const directorFirst = director !== null && live && play.finalPlayed;
  const directorCard = <DirectorCard tournament={t} matches={play.matches} finalPlayed={play.finalPlayed} />;
  const shareUrl = `${origin}/tournament/${t.slug}`;

  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader>
        {viewer ? (
          <Link to={viewer.userType === "organiser" ? "/td/dashboard" : "/player/dashboard"} className="btn-secondary">
            Dashboard
          </Link>
        ) : (
          <Link to={`/login?${new URLSearchParams({ redirectTo: `/tournament/${t.slug}` })}`} className="btn-primary">
            Sign In
          </Link>
        )}
      </SiteHeader>
      <ActionToast toast={paymentToast} />
      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={statusTone[t.status]}>{statusLabels[t.status]}</Badge>
          <span className="text-sm text-slate-600 dark:text-slate-400">Run by {t.organisationName}</span>
        </div>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{t.name}</h1>
        <p className="mt-1 text-lg text-slate-700 dark:text-slate-300">
          {t.venue} · {formatDate(t.date)} · {t.time}
        </p>
        {live && play.you ? <YourCall tournamentId={t.id} called={play.called} /> : null}
        {results ? <TournamentResults results={results} /> : null}

        <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0">
            {directorFirst ? <div className="mb-6">{directorCard}</div> : null}
            <nav
              aria-label="Tournament sections"
              className="flex gap-2 border-b border-slate-200 dark:border-slate-800"
            >
              <TabLink to={`/tournament/${t.slug}?tab=details`} current={tab === "details"}>
                Details
              </TabLink>
              <TabLink to={`/tournament/${t.slug}?tab=bracket`} current={tab === "bracket"}>
                Bracket {live ? <Badge tone="red">Live</Badge> : null}
              </TabLink>
            </nav>
            {director?.seeds ? <SeedingForm seeds={director.seeds} /> : null}
            {tab === "details" ? (
              <Details
                tournament={t}
                payoutText={page.payoutText}
                teams={
                  t.teamSize > 1 ? (
                    <TeamsList
                      teams={t.teams}
                      slug={t.slug}
                      tournamentId={t.id}
                      viewerId={viewer?.id ?? null}
                      open={t.status === "open"}
                      size={t.teamSize}
                    />
                  ) : null
                }
              />
            ) : (
              <BracketTab tournament={t} play={play} tables={director?.tables ?? null} />
            )}
          </div>

          <aside className={live ? "space-y-4" : "order-first space-y-4 lg:order-none"} aria-label="Entry">
            <EntryCard tournament={t} viewer={viewer} entry={page.entry} />
            {director && !directorFirst ? directorCard : null}
            {director?.checkIn ? <CheckInCard checkIn={director.checkIn} slug={t.slug} name={t.name} /> : null}
            {director?.queue ? <QueueCard queue={director.queue} slug={t.slug} /> : null}
            <section className="card">
              <CopyBox
                label="Share this tournament"
                value={shareUrl}
                copiedMessage="Tournament link copied to clipboard"
              />
            </section>
          </aside>
        </div>
      </main>
      <SiteFooter />
      <PageDialogs page={page} reply={reply} />
    </>
  );
}

// A team event's form and the check-in, leaving and reserve list: only for those who use them.
const TeamJoinForm = lazyNamed(() => import("./teams.tsx"), "TeamJoinForm");
const PlayerCheckIn = lazyNamed(() => import("./player-check-in.tsx"), "PlayerCheckIn");

function EntryCard({
  tournament: t,
  viewer,
  entry: { registration, deadlinePassed, me, checkin },
}: Pick<TournamentPageModel, "tournament" | "viewer" | "entry">) {
  const full = registration === "full" && t.teamSize === 1;
  return (
    <section className="card">
      <h2 className="text-lg font-semibold">Entry</h2>
      <dl className="mt-3 space-y-1.5 text-sm">
        <div className="flex justify-between">
          <dt className="text-slate-600 dark:text-slate-300">Entry fee</dt>
          <dd className="tabular-nums">{formatGBP(t.entryFeePence)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-slate-600 dark:text-slate-300">Site fee</dt>
          <dd className="tabular-nums">{formatGBP(t.siteFeePence)}</dd>
        </div>
        <div className={totalRowClass}>
          <dt>Total</dt>
          <dd className="tabular-nums">{formatGBP(entryTotalPence(t))}</dd>
        </div>
        {t.teamSize > 1 ? (
          <div className="flex justify-between font-semibold">
            <dt>A team of {t.teamSize} pays</dt>
            <dd className="tabular-nums">{formatGBP(entryTotalPence(t) * t.teamSize)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
        {t.playerCount}/{t.maxPlayers} {t.teamSize > 1 ? "teams" : "players"} registered
      </p>
      <div className="mt-4">
        <JoinAction
          state={registration}
          slug={t.slug}
          viewer={viewer}
          deadlinePassed={deadlinePassed}
          heldByOthers={t.holds}
          team={t.teamSize > 1 ? { size: t.teamSize, totalPence: entryTotalPence(t) * t.teamSize } : null}
        />
        {/* Its module loads only where it has something to say: a player's page, or the QR code's link. */}
        {t.status === "open" &&
        (me ? me.entered || me.reservePosition !== null || checkin || full : !viewer && checkin) ? (
          <PlayerCheckIn me={me} slug={t.slug} full={full} checkin={checkin} signedOut={!viewer} />
        ) : null}
      </div>
    </section>
  );
}

const stateText: Record<Exclude<RegistrationState, "open">, string> = {
  registered: "You're registered. See you at the table!",
  pending: "Your payment is pending.",
  full: "This tournament is full.",
  closed: "Registration Closed",
  started: "Registration has closed: the tournament has started.",
};

function JoinAction({
  state,
  slug,
  viewer,
  deadlinePassed,
  heldByOthers,
  team,
}: {
  state: RegistrationState;
  slug: string;
  viewer: { userType: string; isOwner: boolean } | null;
  deadlinePassed: boolean;
  /** Places held by players paying now: "full" may be only for the next few minutes. */
  heldByOthers: number;
  /** A team event: the captain names the team to join. */
  team: { size: number; totalPence: number } | null;
}) {
  // Full because players are paying for the last places: say so, and when to look again.
  const heldFull = state === "full" ? fullWhileHeldText(heldByOthers) : null;
  if (heldFull && viewer?.userType !== "organiser") return <p className="text-sm font-medium">{heldFull}</p>;
  if (!viewer) {
    if (state === "open") {
      return (
        <Link
          to={`/login?${new URLSearchParams({ redirectTo: `/tournament/${slug}` })}`}
          className="btn-primary w-full"
        >
          Sign In to Join
        </Link>
      );
    }
    return <p className="text-sm font-medium">{stateText[state === "registered" ? "full" : state]}</p>;
  }
  if (viewer.userType === "organiser") {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {viewer.isOwner ? "You are running this tournament." : "Sign in with a player account to enter tournaments."}
      </p>
    );
  }
  if (state === "open" && team) return <TeamJoinForm slug={slug} size={team.size} totalPence={team.totalPence} />;
  if (state === "open") {
    return (
      <Form method="post" action={`/tournament/${slug}/checkout`}>
        <input type="hidden" name="intent" value="join" />
        <button type="submit" className="btn-primary w-full">
          Join Tournament
        </button>
      </Form>
    );
  }
  if (state === "pending") {
    return (
      <div className="space-y-2">
        <p className="text-sm font-medium">Your place is held while you pay.</p>
        <Link to={`/tournament/${slug}/checkout`} className="btn-primary w-full">
          Resume payment
        </Link>
      </div>
    );
  }
  return (
    <p
      className={
        "text-sm font-medium " +
        (state === "registered"
          ? "text-baize-800 dark:text-baize-300"
          : deadlinePassed
            ? "text-red-700 dark:text-red-400"
            : "")
      }
    >
      {stateText[state]}
    </p>
  );
}

// What only some tournaments show is loaded only by their pages (issue 17): a league's table, a groups event's
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
  tournament: Pick<TournamentPageModel["tournament"], "slug" | "status">;
  play: TournamentPageModel["play"];
  /** The director's tables: their controls on each match during play (null for anyone else). */
  tables: NonNullable<TournamentPageModel["director"]>["tables"] | null;
};

function BracketTab({ tournament: t, play, tables }: Tab) {
  if (play.matches.length === 0) return <BracketPlaceholder status={t.status} />;
  const { matches, league, groups, advancePerGroup, you, yourStanding } = play;
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
        <Link
          to={`/tournament/${t.slug}/bracket`}
          className={
            "ml-auto inline-flex min-h-11 items-center text-sm font-semibold text-baize-700 hover:underline " +
            "dark:text-baize-300"
          }
        >
          Full-width bracket
        </Link>
      </div>
      {league ? <LeagueView rows={league} matches={matches} /> : null}
      {league ? <h3 className="text-base font-semibold">Fixtures</h3> : null}
      {groups ? (
        <GroupsAndKnockout
          groups={groups}
          advancePerGroup={advancePerGroup ?? 2}
          you={you}
          matches={matches}
          renderControls={renderControls}
        />
      ) : (
        <BracketView matches={matches} you={you} renderControls={renderControls} />
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

/** "You're up on Table 3" for the player whose match is at a table (issue 19). */
function YourCall({ tournamentId, called }: { tournamentId: string; called: TournamentPageModel["play"]["called"] }) {
  return <CalledBanner calls={called ? [{ id: tournamentId, ...called }] : []} className="mt-4" />;
}

// The dialogs' modules only once one opens.
const dialogs = () => import("./director-dialogs.tsx");
const StartDialog = lazyNamed(dialogs, "StartDialog");
const FinalizeDialog = lazyNamed(dialogs, "FinalizeDialog");
const ResultDialog = lazyNamed(dialogs, "ResultDialog");
const SettingsDialog = lazyNamed(dialogs, "SettingsDialog");
const LeaveDialog = lazyNamed(() => import("./leave-dialog.tsx"), "LeaveDialog");

function PageDialogs({
  page: { tournament: t, entry, play, director, dialog },
  reply,
}: {
  page: TournamentPageModel;
  /** A result form that was not saved: its dialog stays open with what was typed. */
  reply: ResultReply | null;
}) {
  const { confirm } = dialog;
  const { matches } = play;
  // A refused result, or a correction to confirm, reopens its dialog even when the form was posted to the bare page.
  const repliedFor = (intent: ResultReply["intent"]) => (reply?.intent === intent ? reply.matchId : null);
  const resultMatch = matches.find(
    (m) => m.id === (dialog.resultFor ?? repliedFor("record-result")) && m.status !== "completed",
  );
  const correctMatch = matches.find(
    (m) => m.id === (dialog.correctFor ?? repliedFor("correct-result")) && m.status === "completed",
  );
  const live = t.status === "in_progress";
  const result = { matches, reply, raceTo: t.raceTo, slug: t.slug };
  return (
    <>
      {entry.me?.entered && entry.me.captain && confirm === "leave" ? (
        <LeaveDialog slug={t.slug} name={t.name} text={entry.leaveText} />
      ) : null}
      {director && confirm === "start" && t.status === "open" ? (
        <StartDialog name={t.name} paidCount={t.playerCount} absent={director.checkIn?.absent ?? 0} slug={t.slug} />
      ) : null}
      {director && confirm === "finalize" && live ? (
        <FinalizeDialog slug={t.slug} preview={director.preview} problem={director.previewProblem} />
      ) : null}
      {director?.queue && confirm === "settings" ? (
        <SettingsDialog
          slug={t.slug}
          cancelTo={`/tournament/${t.slug}${live ? "?tab=bracket" : ""}#queue`}
          autoAssign={director.queue.autoAssign}
          noShowMinutes={director.queue.noShowMinutes}
          resultsFromTables={t.resultsFromTables}
          breakRule={t.breakRule}
        />
      ) : null}
      {director && resultMatch ? <ResultDialog {...result} match={resultMatch} mode="record" /> : null}
      {director && correctMatch ? <ResultDialog {...result} match={correctMatch} mode="correct" /> : null}
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isNetworkError(error)) return <ConnectionLost />;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">{notFound ? "Tournament not found" : "Something went wrong"}</h1>
        <p className="text-slate-600 dark:text-slate-300">
          {notFound ? "The link may be wrong, or the tournament was removed." : "Please try again in a moment."}
        </p>
        <Link to="/" className="btn-primary">
          Go Home
        </Link>
      </main>
    </>
  );
}
