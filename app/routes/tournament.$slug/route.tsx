import { type ComponentProps, type ReactNode, useEffect } from "react";
import { data, isRouteErrorResponse, Link, useLoaderData, useNavigate, useRouteError } from "react-router";
import { ConnectionLost } from "~/components/document.tsx";
import { isNetworkError } from "~/components/data-reads.ts";
import { lazyNamed } from "~/components/lazy.ts";
import { useLiveRevalidation } from "~/components/live.ts";
import { TabLink } from "~/components/tab-link.tsx";
import { Badge, statusTone } from "~/components/badges.tsx";
import { CopyBox } from "~/components/copy-box.tsx";
import { ActionToast } from "~/components/form.tsx";
import type { SiteHeaderHandle } from "~/components/site-header.tsx";
import { tabletsOnline } from "~/features/live/server/live.server.ts";
import { appContext } from "~/context.server.ts";
import { known } from "~/db/batch.server.ts";
import { formatDate } from "~/domain/dates.ts";
import { tournamentPage, type TournamentPageModel } from "~/features/tournaments/domain/tournament-page.ts";
import { statusLabels } from "~/domain/tournaments.ts";
import { visitor } from "~/web/access.server.ts";
import { flashedReply } from "~/web/session.server.ts";
import {
  pageReplyOf,
  resultReplyOf,
  startingRatingsReplyOf,
  walkInReplyOf,
} from "~/features/tournaments/domain/page-actions.ts";
import { checkInQuery, myCheckInQuery } from "~/features/entries/server/check-in.server.ts";
import { registrationsQuery } from "~/features/entries/server/joining.server.ts";
import { paidPrizesQuery, payoutPlanQuery } from "~/features/play/server/finalize.server.ts";
import { matchesQuery, withdrawnQuery } from "~/features/play/server/match-reads.server.ts";
import { seedsQuery } from "~/features/play/server/start.server.ts";
import { ratedEntrantsQuery } from "~/features/ratings/server/starting-ratings.server.ts";
import { queueQuery } from "~/features/floor/server/queue-reads.server.ts";
import { tablesQuery } from "~/features/floor/server/tables.server.ts";
import { tournamentBySlugQuery } from "~/features/tournaments/server/tournaments.server.ts";
import { BracketTab, YourCall } from "./bracket-tab.tsx";
import { EntryCard } from "./entry-card.tsx";
import { useLivePlay } from "./live-play.ts";
import { PageDialogs } from "./page-dialogs.tsx";
import { useStickyReply } from "./page-reply.ts";
import type { Route } from "./+types/route";

// What only some viewers or tournaments show is loaded only by their pages (decision 016): a finished tournament's
// results, the director's cards, the seeding form, a team event's list. Rendered on the server with the page; the
// browser fetches the piece as it hydrates.
const TournamentResults = lazyNamed(() => import("~/components/tournament-results.tsx"), "TournamentResults");
const directorTools = () => import("./director-tools.ts");
const DirectorCard = lazyNamed(directorTools, "DirectorCard");
const QueueCard = lazyNamed(directorTools, "QueueCard");
// The floor, the director's first screen during play: its own piece, so the bracket tab does not carry it.
const FloorTab = lazyNamed(() => import("./floor.tsx"), "FloorTab");
// Check-in and walk-ins paying at the bar: the director's, before the start only.
const beforeStart = () => import("./before-start.ts");
const CheckInCard = lazyNamed(beforeStart, "CheckInCard");
const VenueQrCard = lazyNamed(beforeStart, "VenueQrCard");
const WalkInsCard = lazyNamed(beforeStart, "WalkInsCard");
const StartingRatingsCard = lazyNamed(beforeStart, "StartingRatingsCard");
// The Details tab only when it is open (during play the page opens on the bracket).
const Details = lazyNamed(() => import("./details.tsx"), "Details");
const SeedingForm = lazyNamed(() => import("./seeding.tsx"), "SeedingForm");
const TeamsList = lazyNamed(() => import("./teams.tsx"), "TeamsList");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { env } = app;
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
    entrantRatings: director ? ratedEntrantsQuery(slug) : known([]),
    checkIn: director ? checkInQuery(slug) : known(null),
    mine: player ? myCheckInQuery(slug, player) : known(null),
    queue: director ? queueQuery(slug) : known(null),
    withdrawn: withdrawnQuery(slug),
  });
  if (!tournament) throw data({ message: "Tournament not found" }, { status: 404 });
  // Which of the director's tables have a tablet on them, asked of the push channel for their floor alone: their own
  // tournament, in progress (once the read has said whose it is and how it stands).
  const { user } = read;
  const floor =
    user?.userType === "organiser" && user.id === tournament.organiserId && tournament.status === "in_progress";
  const tablets = floor ? tabletsOnline(app, user.id) : null;
  // A form of the page the rules refused (its own route redirected back here): what was typed and why.
  const reply = pageReplyOf(await flashedReply(request, env));
  const page = { tournament, ...read, tablets: await tablets };
  return { ...tournamentPage(page, { search, now, origin: env.APP_URL }), reply };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Tournament not found — Break & Run" }];
  const t = loaderData.tournament;
  const title = `${t.name} — Break & Run`;
  // The total first (a team's, per team): what entering costs, every fee inside it.
  const price = t.price.per ? `${t.price.total} ${t.price.per}` : t.price.total;
  const description =
    `${t.venue} · ${formatDate(t.date)} ${t.time} · ` + `${price} to enter · ${t.playerCount}/${t.maxPlayers} players`;
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
  const { tournament: t, paymentToast, results, director } = page;
  // The bracket tab as the read left it, or as the push channel's messages have changed it since.
  const live = useLivePlay(page);
  const { play } = live;
  const replied = useStickyReply(page.reply);
  const reply = resultReplyOf(replied);
  const walkInReply = walkInReplyOf(replied);
  const ratingsReply = startingRatingsReplyOf(replied);
  // From registration to the final the page follows the evening without a reload: at once when the tournament's
  // channel says something changed, by polling while it cannot open (during play only).
  useLiveRevalidation(
    t.status === "open" || t.status === "in_progress" ? [t.id] : [],
    t.status === "in_progress",
    live.drawn,
  );
  usePaymentToastOnce(paymentToast, t.slug);
  const playing = t.status === "in_progress";
  // During play the bracket comes first; once the final is played, so does Finalize.
  const directorFirst = director !== null && playing && play.finalPlayed;
  const directorCard = <DirectorCard tournament={t} matches={play.matches} finalPlayed={play.finalPlayed} />;

  return (
    <>
      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8">
        <ActionToast toast={paymentToast} />
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={statusTone[t.status]}>{statusLabels[t.status]}</Badge>
          <span className="text-sm text-slate-600 dark:text-slate-400">Run by {t.organisationName}</span>
        </div>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{t.name}</h1>
        <p className="mt-1 text-lg text-slate-700 dark:text-slate-300">
          {t.venue} · {formatDate(t.date)} · {t.time}
        </p>
        {playing && play.you ? <YourCall tournamentId={t.id} called={play.called} /> : null}
        {results ? (
          <TournamentResults results={results} printHref={`/tournament/${t.slug}/draw`} profiles={t.teamSize === 1} />
        ) : null}

        <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <TournamentTabs page={page} play={play} directorCard={directorFirst ? directorCard : null} />
          <EntryAside
            page={page}
            directorCard={director && !directorFirst ? directorCard : null}
            walkInReply={walkInReply}
            ratingsReply={ratingsReply}
          />
        </div>
      </main>
      <PageDialogs page={page} reply={reply} />
    </>
  );
}

/** The toast of a payment shows once: `payment` is then removed from the address (the tab stays). */
function usePaymentToastOnce(paymentToast: TournamentPageModel["paymentToast"], slug: string) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!paymentToast) return;
    const params = new URLSearchParams(window.location.search);
    params.delete("payment");
    navigate(
      { pathname: `/tournament/${slug}`, search: params.size ? `?${params}` : "" },
      { replace: true, preventScrollReset: true },
    );
  }, [paymentToast, navigate, slug]);
}

/** In the site header (the public layout draws it): the way to the viewer's dashboard, or to sign in and come back. */
export const handle = {
  siteHeader: (page) => (page ? <HeaderLink viewer={page.viewer} slug={page.tournament.slug} /> : null),
} satisfies SiteHeaderHandle<TournamentPageModel>;

function HeaderLink({ viewer, slug }: { viewer: TournamentPageModel["viewer"]; slug: string }) {
  return viewer ? (
    <Link to={viewer.userType === "organiser" ? "/td/dashboard" : "/player/dashboard"} className="btn-secondary">
      Dashboard
    </Link>
  ) : (
    <Link to={`/login?${new URLSearchParams({ redirectTo: `/tournament/${slug}` })}`} className="btn-primary">
      Sign In
    </Link>
  );
}

/**
 * The main column: the director's card when it comes first, the tabs (the floor, the details, the bracket), the
 * seeding before the start, and the open tab.
 */
function TournamentTabs({
  page,
  play,
  directorCard,
}: {
  page: TournamentPageModel;
  play: TournamentPageModel["play"];
  /** The director's card, when it comes before the tabs. */
  directorCard: ReactNode;
}) {
  const { tournament: t, tab, viewer, director } = page;
  const playing = t.status === "in_progress";
  return (
    <div className="min-w-0">
      {directorCard ? <div className="mb-6">{directorCard}</div> : null}
      <nav aria-label="Tournament sections" className="flex gap-2 border-b border-slate-200 dark:border-slate-800">
        {director?.queue && playing ? (
          <TabLink to={`/tournament/${t.slug}?tab=floor`} current={tab === "floor"}>
            Floor
          </TabLink>
        ) : null}
        <TabLink to={`/tournament/${t.slug}?tab=details`} current={tab === "details"}>
          Details
        </TabLink>
        <TabLink to={`/tournament/${t.slug}?tab=bracket`} current={tab === "bracket"}>
          Bracket {playing ? <Badge tone="red">Live</Badge> : null}
        </TabLink>
      </nav>
      {director?.seeds ? <SeedingForm seeds={director.seeds} slug={t.slug} open={director.open.seeding} /> : null}
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
                withdrawn={t.withdrawn}
              />
            ) : null
          }
        />
      ) : tab === "floor" && director?.queue ? (
        <FloorTab floor={director.queue} matches={play.matches} slug={t.slug} raceTo={t.raceTo} />
      ) : (
        <BracketTab tournament={t} play={play} tables={director?.tables ?? null} />
      )}
    </div>
  );
}

/**
 * Beside the tabs: the director's card and, before the start, their panels (check-in, walk-ins, starting ratings, the
 * QR code, the queue's settings), each folding away so a phone's first screen shows what matters now; the entry;
 * sharing. On a phone it comes before the tabs until the start.
 */
function EntryAside({
  page,
  directorCard,
  walkInReply,
  ratingsReply,
}: {
  page: TournamentPageModel;
  /** The director's card, when it is not before the tabs. */
  directorCard: ReactNode;
  walkInReply: ComponentProps<typeof WalkInsCard>["reply"];
  ratingsReply: ComponentProps<typeof StartingRatingsCard>["reply"];
}) {
  const { tournament: t, viewer, director, origin } = page;
  const playing = t.status === "in_progress";
  const shareUrl = `${origin}/tournament/${t.slug}`;
  return (
    <aside className={playing ? "space-y-4" : "order-first space-y-4 lg:order-none"} aria-label="Entry">
      {directorCard}
      {director?.checkIn ? (
        <CheckInCard checkIn={director.checkIn} slug={t.slug} tournamentId={t.id} open={director.open["check-in"]} />
      ) : null}
      {director?.walkIns ? (
        <WalkInsCard
          walkIns={director.walkIns}
          slug={t.slug}
          teamSize={t.teamSize}
          entryFeePence={t.entryFeePence}
          siteFeePence={t.siteFeePence}
          full={t.playerCount + t.holds >= t.maxPlayers}
          reply={walkInReply}
          open={director.open["walk-ins"]}
        />
      ) : null}
      {director?.entrantRatings ? (
        <StartingRatingsCard
          entrants={director.entrantRatings}
          slug={t.slug}
          reply={ratingsReply}
          open={director.open.ratings}
        />
      ) : null}
      {director?.checkIn ? <VenueQrCard slug={t.slug} name={t.name} open={director.open.qr} /> : null}
      {/* During play the floor is a tab of its own. */}
      {director?.queue && !playing ? (
        <QueueCard queue={director.queue} slug={t.slug} open={director.open.settings} />
      ) : null}
      <EntryCard tournament={t} viewer={viewer} entry={page.entry} withdrawn={page.play.withdrawn} />
      <section className="card">
        <CopyBox label="Share this tournament" value={shareUrl} copiedMessage="Tournament link copied to clipboard" />
      </section>
    </aside>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isNetworkError(error)) return <ConnectionLost />;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{notFound ? "Tournament not found" : "Something went wrong"}</h1>
      <p className="text-slate-600 dark:text-slate-300">
        {notFound ? "The link may be wrong, or the tournament was removed." : "Please try again in a moment."}
      </p>
      <Link to="/" className="btn-primary">
        Go Home
      </Link>
    </main>
  );
}
