import { useEffect } from "react";
import { ConnectionLost } from "~/components/document.tsx";
import { isNetworkError } from "~/components/data-reads.ts";
import { lazyNamed } from "~/components/lazy.ts";
import { useLiveRevalidation } from "~/components/live.ts";
import { calledTo, playerStanding, standingText } from "~/domain/player-standing.ts";
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
import { isDecided, leaguePlaces } from "~/domain/formats.ts";
import { groupStandingViews } from "~/domain/standings.ts";
import { placeText } from "~/domain/standings.ts";
import { TabLink } from "~/components/tab-link.tsx";
import { Badge, statusTone } from "~/components/badges.tsx";
import { CopyBox } from "~/components/copy-box.tsx";
import { ActionToast } from "~/components/form.tsx";
import { SiteFooter, SiteHeader } from "~/components/site-header.tsx";
import { totalRowClass } from "~/components/styles.ts";
import { appContext } from "~/context.server.ts";
import { formatDate } from "~/domain/dates.ts";
import { payoutStructures } from "~/domain/money.ts";
import { entryTotalPence, formatGBP } from "~/domain/pence.ts";
import {
  DEFAULT_FORMAT,
  headline,
  registrationState,
  statusLabels,
  type RegistrationState,
} from "~/domain/tournaments.ts";
import { isDomainError } from "~/domain/errors.ts";
import { fullWhileHeldText } from "~/domain/holds.ts";
import { known } from "~/db/batch.server.ts";
import { visitor } from "~/services/access.server.ts";
import { payoutPreview } from "~/domain/play.ts";
import { tournamentResults } from "~/domain/results.ts";
import { paidPrizesQuery, payoutPlanQuery } from "~/services/finalize.server.ts";
import { matchesQuery } from "~/services/match-reads.server.ts";
import { seedsQuery } from "~/services/start.server.ts";
import { registrationsQuery } from "~/services/joining.server.ts";
import { tablesQuery } from "~/services/tables.server.ts";
import { queuePanel, queueQuery } from "~/services/queue-reads.server.ts";
import { directorAction } from "./director.server.ts";
import { isPlayerIntent, playerAction } from "./player.server.ts";
import { floorQuery, myFloorQuery } from "~/services/floor.server.ts";
import { checkedInSplit, leaveText, reserveList, reservePosition } from "~/domain/floor.ts";
import type { PreviewRow } from "./director-dialogs.tsx";
import type { BracketView as BracketViewType } from "~/components/bracket-view.tsx";
import { teamSize } from "~/domain/teams.ts";
import { tournamentBySlugQuery } from "~/services/tournaments.server.ts";
import type { Route } from "./+types/route";

// What only some tournaments show is loaded only by their pages (issue 17): a league's table, a finished
// tournament's results. Rendered on the server with the page; the browser fetches the piece as it hydrates.
const LeagueView = lazyNamed(() => import("~/components/league-view.tsx"), "LeagueView");
const TournamentResults = lazyNamed(() => import("~/components/tournament-results.tsx"), "TournamentResults");
// The director's controls and dialogs, a team event's forms, the check-in and leaving: only for those who use them.
const director = () => import("./director-tools.ts");
const MatchControls = lazyNamed(director, "MatchControls");
const DirectorCard = lazyNamed(director, "DirectorCard");
// Check-in, before the start only.
const FloorCard = lazyNamed(() => import("./floor-card.tsx"), "FloorCard");
const QueueCard = lazyNamed(director, "QueueCard");
// The dialogs only once one opens.
const dialogs = () => import("./director-dialogs.tsx");
const StartDialog = lazyNamed(dialogs, "StartDialog");
const FinalizeDialog = lazyNamed(dialogs, "FinalizeDialog");
const ResultDialog = lazyNamed(dialogs, "ResultDialog");
const SettingsDialog = lazyNamed(dialogs, "SettingsDialog");
// A groups event's groups and knockout only for such events.
const GroupsAndKnockout = lazyNamed(() => import("./groups-view.tsx"), "GroupsAndKnockout");
// The Details tab only when it is open (during play the page opens on the bracket).
const Details = lazyNamed(() => import("./details.tsx"), "Details");
const SeedingForm = lazyNamed(() => import("./seeding.tsx"), "SeedingForm");
const teams = () => import("./teams.tsx");
const TeamJoinForm = lazyNamed(teams, "TeamJoinForm");
const TeamsList = lazyNamed(teams, "TeamsList");
const PlayerFloor = lazyNamed(() => import("./floor.tsx"), "PlayerFloor");
const LeaveDialog = lazyNamed(() => import("./leave-dialog.tsx"), "LeaveDialog");
// The bracket once there is one; the "You're up" banner for those playing.
// (A generic component: lazy() would lose its type parameter, so it keeps the module's own type.)
const BracketView = lazyNamed(
  () => import("~/components/bracket-view.tsx"),
  "BracketView",
) as unknown as typeof BracketViewType;
const CalledBanner = lazyNamed(() => import("~/components/called-banner.tsx"), "CalledBanner");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { env } = context.get(appContext);
  if (params.slug.length > 120) throw data({ message: "Tournament not found" }, { status: 404 });
  const viewer = await visitor(context);
  const session = viewer.session;
  const now = Date.now();
  // Everything the page may show, in one round trip: what depends on the
  // viewer is read for the account the signed cookie names, and comes back
  // only with the session's check (null user when it is over).
  const url = new URL(request.url);
  const confirm = url.searchParams.get("confirm");
  const director = session?.userType === "organiser" ? session.userId : null;
  const slug = { slug: params.slug };
  const player = session?.userType === "player" ? session.userId : null;
  const { tournament, user, allMatches, ownTables, registrations, plan, prizes, seeds, floor, mine, queueState } =
    await viewer.read({
      tournament: tournamentBySlugQuery(params.slug, now),
      allMatches: matchesQuery(slug),
      prizes: paidPrizesQuery(slug),
      ownTables: director ? tablesQuery(director) : known([]),
      registrations: session?.userType === "player" ? registrationsQuery(session.userId, now) : known([]),
      plan: director && confirm === "finalize" ? payoutPlanQuery(slug) : known(null),
      seeds: director ? seedsQuery(slug) : known([]),
      floor: director ? floorQuery(slug) : known(null),
      mine: player ? myFloorQuery(slug, player) : known(null),
      queueState: director ? queueQuery(slug) : known(null),
    });
  if (!tournament) throw data({ message: "Tournament not found" }, { status: 404 });
  const isOwner = user?.userType === "organiser" && user.id === tournament.organiserId;
  const matches = tournament.status === "open" ? [] : allMatches;
  const tables = isOwner && tournament.status === "in_progress" ? ownTables : [];
  let preview: { rows: PreviewRow[]; poolPence: number; rakePence: number } | null = null;
  let previewProblem: string | null = null;
  if (isOwner && user && plan) {
    try {
      preview = payoutPreview(plan, user.id);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      previewProblem = error.message;
    }
  }
  const registrationsOf = user?.userType === "player" ? registrations : [];
  const registered = user?.userType === "player" && tournament.players.some((p) => p.id === user.id);
  const pending =
    user?.userType === "player" &&
    !registered &&
    registrationsOf.some((r) => r.tournamentId === tournament.id && !r.paid);
  // A round robin's table, from the same matches.
  const league =
    tournament.tournamentType === "round_robin" && matches.length > 0
      ? leaguePlaces(
          matches,
          tournament.players.map((p) => p.id),
        ).map((row) => ({
          ...row,
          name: tournament.players.find((p) => p.id === row.playerId)?.name ?? "Unknown player",
          position: row.place,
          place: row.range ? placeText(row.range) : null,
        }))
      : null;
  // Groups into a knockout: each group's table.
  const groups =
    tournament.tournamentType === "round_robin_tier" && matches.length > 0
      ? groupStandingViews(matches, tournament.players)
      : null;
  const ownFloor = isOwner && floor && tournament.status === "open" ? floor : null;
  const myFloor = user?.userType === "player" && mine ? mine : null;
  // A player in this tournament sees where they stand (in a team event, where their team stands).
  const team = tournament.teams.find((x) => x.members.some((m) => m.id === user?.id));
  const you = registered && user ? (team?.id ?? user.id) : null;
  const standing = you ? playerStanding(tournament.status, matches, you) : null;
  const payout = payoutStructures[tournament.payoutStructure];
  return {
    // Issue 19: who is in and the reserve list for the director; the player's own check-in and place in the queue.
    floor: ownFloor
      ? {
          entries: ownFloor.entries,
          absent: checkedInSplit(ownFloor.entries).absent.length,
          reserves: reserveList(ownFloor.reserves, now).map((r) => ({
            id: r.id,
            name: r.name,
            state: r.state,
            position: r.position,
            offerExpiresAt: r.offerExpiresAt,
          })),
        }
      : null,
    me:
      user?.userType === "player" && tournament.status === "open"
        ? {
            entered: registered,
            checkedIn: myFloor?.checkedInAt != null,
            reservePosition: myFloor ? reservePosition(myFloor.reserves, user.id, now) : null,
            captain: !tournament.teams.some(
              (team) => team.members.some((m) => m.id === user.id) && team.captainId !== user.id,
            ),
          }
        : null,
    leaveText: leaveText(tournament, teamSize(tournament.matchType)),
    checkin: url.searchParams.has("checkin"),
    groups,
    advancePerGroup: tournament.advancePerGroup,
    // The format's last match is decided: the final, the grand final (its reset when there is one), a league's last.
    finalPlayed: isDecided(matches),
    payoutText: `${payout.label} (${payout.description})`,
    /** The viewer's entry (their team's in a team event), whose matches are picked out. */
    you,
    yourStanding: standing ? standingText(standing) : null,
    // "You're up on Table 3" (issue 19).
    called: standing ? calledTo(standing) : null,
    // A finished tournament leads with who won what.
    results: tournament.status === "finished" ? tournamentResults(allMatches, prizes) : null,
    origin: env.APP_URL,
    league,
    // The seeding form: the director's, while open and seeded by hand.
    seeds: isOwner && tournament.status === "open" && tournament.seeding === "manual" ? seeds : null,
    tab:
      url.searchParams.get("tab") === "bracket" ||
      (url.searchParams.get("tab") !== "details" && tournament.status === "in_progress")
        ? ("bracket" as const)
        : ("details" as const),
    matches,
    tables,
    // The director's tables and queue (issue 19): settings before and during play, the tables and the queue during.
    queue: isOwner && queueState && tournament.status !== "finished" ? queuePanel(queueState, allMatches, now) : null,
    confirm,
    resultFor: url.searchParams.get("result"),
    correctFor: url.searchParams.get("correct"),
    preview,
    previewProblem,
    paymentToast:
      url.searchParams.get("payment") === "success"
        ? {
            id: "payment-success",
            type: "success" as const,
            title: "Payment Successful!",
            description: "You're in. See you at the table.",
          }
        : null,
    viewer: user ? { id: user.id, userType: user.userType, isOwner: user.id === tournament.organiserId } : null,
    registration: registrationState({ ...tournament, playerCount: tournament.placesTaken, registered, pending, now }),
    deadlinePassed: tournament.registrationDeadline !== null && tournament.registrationDeadline <= now,
    tournament: {
      ...headline(tournament),
      registrationDeadline: tournament.registrationDeadline,
      rules: tournament.rules,
      format: tournament.format || DEFAULT_FORMAT,
      maxPlayers: tournament.maxPlayers,
      tournamentType: tournament.tournamentType,
      matchType: tournament.matchType,
      raceTo: tournament.raceTo,
      // Table scoring (issue 18): the director changes these in the settings dialog.
      resultsFromTables: tournament.resultsFromTables,
      breakRule: tournament.breakRule,
      payoutStructure: tournament.payoutStructure,
      status: tournament.status,
      tdName: tournament.tdName,
      organisationName: tournament.organisationName,
      playerCount: tournament.playerCount,
      holds: tournament.holds,
      players: tournament.players,
      teams: tournament.teams,
      teamSize: teamSize(tournament.matchType),
    },
  };
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
  const {
    tournament: t,
    tab,
    viewer,
    registration,
    deadlinePassed,
    origin,
    paymentToast,
    matches,
    confirm,
    resultFor,
    correctFor,
    preview,
    previewProblem,
    seeds,
    results,
    finalPlayed,
    you,
    floor,
    me,
    leaveText: leaveTerms,
    payoutText,
    checkin,
    queue,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const reply = actionData && "resultReply" in actionData ? actionData.resultReply : null;
  // A refused result, or a correction to confirm, reopens its dialog even when the form was posted to the bare page.
  const repliedFor = (intent: "record-result" | "correct-result") => (reply?.intent === intent ? reply.matchId : null);
  const resultMatch = matches.find(
    (m) => m.id === (resultFor ?? repliedFor("record-result")) && m.status !== "completed",
  );
  const correctMatch = matches.find(
    (m) => m.id === (correctFor ?? repliedFor("correct-result")) && m.status === "completed",
  );
  const navigate = useNavigate();
  // From registration to the final the page follows the evening without a reload: at once when the tournament's
  // channel says something changed, by polling while it cannot open (during play only).
  useLiveRevalidation(t.status === "open" || t.status === "in_progress" ? [t.id] : [], t.status === "in_progress");
  const isOwner = viewer?.isOwner === true;
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
  const directorFirst = isOwner && live && finalPlayed;
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
        {t.status === "in_progress" && you ? <YourCall /> : null}
        {results ? <TournamentResults results={results} /> : null}

        <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0">
            {directorFirst ? (
              <div className="mb-6">
                <DirectorCard tournament={t} matches={matches} finalPlayed={finalPlayed} />
              </div>
            ) : null}
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
            {seeds ? <SeedingForm seeds={seeds} /> : null}
            {tab === "details" ? (
              <Details
                tournament={t}
                payoutText={payoutText}
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
            ) : matches.length === 0 ? (
              <BracketPlaceholder status={t.status} />
            ) : (
              <Bracket />
            )}
          </div>

          <aside className={live ? "space-y-4" : "order-first space-y-4 lg:order-none"} aria-label="Entry">
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
                (me
                  ? me.entered ||
                    me.reservePosition !== null ||
                    checkin ||
                    (registration === "full" && t.teamSize === 1)
                  : !viewer && checkin) ? (
                  <PlayerFloor
                    me={me}
                    slug={t.slug}
                    full={registration === "full" && t.teamSize === 1}
                    checkin={checkin}
                    signedOut={!viewer}
                  />
                ) : null}
              </div>
            </section>
            {isOwner && !directorFirst ? (
              <DirectorCard tournament={t} matches={matches} finalPlayed={finalPlayed} />
            ) : null}
            {floor ? <FloorCard floor={floor} slug={t.slug} name={t.name} /> : null}
            {queue ? <QueueCard queue={queue} slug={t.slug} /> : null}
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
      {me?.entered && me.captain && confirm === "leave" ? (
        <LeaveDialog slug={t.slug} name={t.name} text={leaveTerms} />
      ) : null}
      {isOwner && confirm === "start" && t.status === "open" ? (
        <StartDialog name={t.name} paidCount={t.playerCount} absent={floor?.absent ?? 0} slug={t.slug} />
      ) : null}
      {isOwner && confirm === "finalize" && t.status === "in_progress" ? (
        <FinalizeDialog slug={t.slug} preview={preview} problem={previewProblem} />
      ) : null}
      {isOwner && confirm === "settings" && queue ? (
        <SettingsDialog
          slug={t.slug}
          cancelTo={`/tournament/${t.slug}${live ? "?tab=bracket" : ""}#queue`}
          autoAssign={queue.autoAssign}
          noShowMinutes={queue.noShowMinutes}
          resultsFromTables={t.resultsFromTables}
          breakRule={t.breakRule}
        />
      ) : null}
      {isOwner && resultMatch ? (
        <ResultDialog
          match={resultMatch}
          matches={matches}
          reply={reply}
          mode="record"
          raceTo={t.raceTo}
          slug={t.slug}
        />
      ) : null}
      {isOwner && correctMatch ? (
        <ResultDialog
          match={correctMatch}
          matches={matches}
          reply={reply}
          mode="correct"
          raceTo={t.raceTo}
          slug={t.slug}
        />
      ) : null}
    </>
  );
}

/** "You're up on Table 3" for the player whose match is at a table (issue 19). */
function YourCall() {
  const { tournament: t, called } = useLoaderData<typeof loader>();
  return <CalledBanner calls={called ? [{ id: t.id, ...called }] : []} className="mt-4" />;
}

function Bracket() {
  const {
    tournament: t,
    matches,
    tables,
    viewer,
    league,
    groups,
    advancePerGroup,
    you,
    yourStanding,
  } = useLoaderData<typeof loader>();
  const renderControls =
    viewer?.isOwner && t.status === "in_progress"
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
