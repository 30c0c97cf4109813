import { useLiveRevalidation } from "~/components/live.ts";
import { Link, useLoaderData } from "react-router";
import { AddToCalendar } from "~/components/add-to-calendar.tsx";
import { TabLink } from "~/components/tab-link.tsx";
import { noneOpenText } from "~/features/ratings/domain/player-dashboard.ts";
import { Badge } from "~/components/badges.tsx";
import { LocalDateTime } from "~/components/local-date-time.tsx";
import { nameLinkClass } from "~/components/styles.ts";
import { profilePath } from "~/domain/anchors.ts";
import { formatDate } from "~/domain/dates.ts";
import { parsePence } from "~/domain/pence.ts";
import { headlinePrice } from "~/features/money/domain/headline-price.ts";
import { Price } from "~/components/price.tsx";
import { fullBadgeLabel } from "~/features/entries/domain/holds.ts";
import { entriesText, isTeamEvent, teamLine } from "~/features/entries/domain/teams.ts";
import {
  LIST_FORMAT_LABEL,
  registrationState,
  type RegistrationState,
  type TournamentStatus,
} from "~/domain/tournaments.ts";
import { signedIn } from "~/web/access.server.ts";
import { browseForPlayerQuery, matchesSearch } from "~/features/tournaments/server/tournament-lists.server.ts";
import { playerBracketsQuery } from "~/features/play/server/match-reads.server.ts";
import { calledTo, playerStanding, standingText, type Standing } from "~/features/ratings/domain/player-standing.ts";
import { CalledBanner, type Call } from "~/components/called-banner.tsx";
import type { MatchView } from "~/features/play/domain/play.ts";
import { EmptyState } from "~/components/empty-state.tsx";
import { SearchFilters } from "./filters.tsx";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = () => [{ title: "Tournaments — Break & Run" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const claim = await signedIn(request, context, "player");
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const maxFee = (url.searchParams.get("maxFee") ?? "").slice(0, 20);
  const maxFeePence = maxFee ? parsePence(maxFee) : null; // not a number: ignored (SPEC §5)
  const tab = url.searchParams.get("tab") === "registered" ? ("registered" as const) : ("available" as const);
  const {
    browse: { available, registered, pending },
    brackets,
  } = await claim.read({
    browse: browseForPlayerQuery(claim.id),
    brackets: playerBracketsQuery(claim.id, ["in_progress", "finished"]),
  });
  const keep = (t: (typeof available)[number]) =>
    matchesSearch(t, q) && (maxFeePence === null || t.entryFeePence <= maxFeePence);
  const now = Date.now();
  type Entry = (typeof available)[number] & {
    team?: { name: string; captainId: string; captainName: string; entryId: string } | null;
    withdrawn?: boolean;
  };
  const view = (t: Entry, isRegistered: boolean, isPending = false) => ({
    id: t.id,
    slug: t.slug,
    name: t.name,
    venue: t.venue,
    format: t.format || LIST_FORMAT_LABEL,
    date: t.date,
    time: t.time,
    tdName: t.tdName,
    playerCount: t.playerCount,
    entries: entriesText(t.playerCount, t.maxPlayers, t.matchType),
    teamEvent: isTeamEvent(t.matchType),
    team: t.team ? teamLine(t.team) : null,
    // A teammate's page is the tournament's: only the captain pays.
    captain: !t.team || t.team.captainId === claim.id,
    holds: t.holds,
    maxPlayers: t.maxPlayers,
    price: headlinePrice(t),
    raceTo: t.raceTo,
    registrationDeadline: t.registrationDeadline,
    deadlinePassed: t.registrationDeadline !== null && t.registrationDeadline <= now,
    state: registrationState({ ...t, playerCount: t.placesTaken, registered: isRegistered, pending: isPending, now }),
    // Once play starts, where the player stands says more than "Registered".
    standing:
      isRegistered && t.status !== "open"
        ? standingView(t.status, brackets.get(t.id) ?? [], {
            playerId: t.team?.entryId ?? claim.id,
            singles: !isTeamEvent(t.matchType),
            withdrawn: t.withdrawn ?? false,
          })
        : null,
  });
  return {
    tab,
    q,
    maxFee,
    available: available.filter(keep).map((t) => view(t, false)),
    registered: [
      ...pending.filter(keep).map((t) => view(t, false, true)),
      ...registered.filter(keep).map((t) => view(t, true)),
    ],
    // The player's own still open (matching the search): Available, which leaves them out, says where they are.
    enteredOpen: registered.filter((t) => t.status === "open" && keep(t)).length,
    // The tournaments whose changes this page follows (decision 009): the player's, until they finish.
    following: registered.filter((t) => t.status === "open" || t.status === "in_progress").map((t) => t.id),
  };
}

type Card = Awaited<ReturnType<typeof loader>>["available"][number];

export default function PlayerTournaments() {
  const { tab, q, maxFee, available, registered, following, enteredOpen } = useLoaderData<typeof loader>();
  useLiveRevalidation(following, false);
  // "You're up on Table 3" whichever tab is showing (decisions 013–015).
  const calls = registered.flatMap((t): Call[] =>
    t.standing?.called ? [{ id: t.id, ...t.standing.called, tournament: { name: t.name, slug: t.slug } }] : [],
  );
  const list = tab === "registered" ? registered : available;
  const filtered = Boolean(q || maxFee);

  const tabHref = (next: "available" | "registered") => {
    const params = new URLSearchParams();
    params.set("tab", next);
    if (q) params.set("q", q);
    if (maxFee) params.set("maxFee", maxFee);
    return `/player/tournaments?${params}`;
  };

  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">Tournaments</h1>
      <CalledBanner className="mt-6" calls={calls} />
      <SearchFilters tab={tab} q={q} maxFee={maxFee} />

      <nav aria-label="Tournament lists" className="mt-6 flex gap-2 border-b border-slate-200 dark:border-slate-800">
        <TabLink to={tabHref("available")} current={tab === "available"}>
          Available ({available.length})
        </TabLink>
        <TabLink to={tabHref("registered")} current={tab === "registered"}>
          My Tournaments ({registered.length})
        </TabLink>
      </nav>

      {list.length === 0 ? (
        tab === "available" ? (
          <EmptyState
            title="No Available Tournaments"
            text={noneOpenText({
              searched: filtered,
              entered: enteredOpen,
              under: "My Tournaments",
            })}
          />
        ) : (
          <EmptyState title="No Registered Tournaments" text="You haven't registered for any tournaments yet.">
            <Link to="/player/tournaments?tab=available" className="btn-primary mt-4">
              Browse Available Tournaments
            </Link>
          </EmptyState>
        )
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((t) => (
            <PlayerTournamentCard key={t.id} t={t} />
          ))}
        </ul>
      )}
    </>
  );
}

/** `singles`: the opponent named in the text is a player, whose name links to their profile (decision 027). */
function standingView(
  status: TournamentStatus,
  matches: MatchView[],
  { playerId, singles, withdrawn }: { playerId: string; singles: boolean; withdrawn: boolean },
) {
  const standing = playerStanding(status, matches, playerId, withdrawn);
  const text = standingText(standing);
  return {
    kind: standing.kind,
    text,
    called: calledTo(standing),
    opponent: singles ? opponentIn(standing, text, playerId) : null,
  };
}

/** The text around the opponent's name ("In progress — next: vs " · Liam · " on Table 3") and who they are. */
function opponentIn(standing: Standing<MatchView>, text: string, playerId: string) {
  if (standing.kind !== "playing" || standing.opponent === null) return null;
  const { match, opponent: name } = standing;
  const id = match.player1Id === playerId ? match.player2Id : match.player1Id;
  const at = text.indexOf(`vs ${name}`);
  if (id === null || at < 0) return null;
  const from = at + "vs ".length;
  return { before: text.slice(0, from), id, name, after: text.slice(from + name.length) };
}

const inPlay = "text-baize-800 dark:text-baize-300";
const done = "text-slate-700 dark:text-slate-300";
const standingClass: Record<Standing["kind"], string> = {
  registered: done,
  playing: inPlay,
  waiting: inPlay,
  out: done,
  champion: "text-amber-800 dark:text-amber-300",
  over: done,
  withdrawn: done,
};

const badgeFor: Record<
  RegistrationState,
  { tone: "green" | "blue" | "amber" | "red" | "slate"; label: string } | null
> = {
  registered: { tone: "blue", label: "Registered" },
  pending: { tone: "amber", label: "Payment pending" },
  full: { tone: "red", label: "Full" },
  closed: { tone: "slate", label: "Registration Closed" },
  started: null,
  open: { tone: "green", label: "Open" },
};

function PlayerTournamentCard({ t }: { t: Card }) {
  // Full only because players are paying for the last places: say so (it may free up).
  const badge = t.standing
    ? null
    : t.state === "full" && t.holds > 0
      ? { tone: "amber" as const, label: fullBadgeLabel(t.holds) }
      : badgeFor[t.state];
  const button =
    t.state === "registered"
      ? "View Tournament"
      : t.state === "open"
        ? "Register Now"
        : t.state === "pending"
          ? "Resume"
          : "View Details";
  return (
    <li className="card flex flex-col gap-3">
      <div className="flex items-start justify-between gap-2">
        {/* The badge keeps its one line; a long name breaks instead of pushing the card wider. */}
        <div className="min-w-0 wrap-anywhere">
          <h2 className="text-lg leading-tight font-semibold">{t.name}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {t.venue} · {t.format}
          </p>
        </div>
        {badge ? <Badge tone={badge.tone}>{badge.label}</Badge> : null}
      </div>
      {t.team ? (
        <p data-testid="team" className="text-sm font-semibold">
          {t.team}
        </p>
      ) : null}
      {t.standing ? (
        <p data-testid="standing" className={`text-sm font-semibold ${standingClass[t.standing.kind]}`}>
          {t.standing.opponent ? (
            <>
              {t.standing.opponent.before}
              <Link to={profilePath(t.standing.opponent.id)} className={nameLinkClass}>
                {t.standing.opponent.name}
              </Link>
              {t.standing.opponent.after}
            </>
          ) : (
            t.standing.text
          )}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500 dark:text-slate-400">Date</dt>
        <dd>{formatDate(t.date)}</dd>
        <dt className="text-slate-500 dark:text-slate-400">Time</dt>
        <dd>{t.time}</dd>
        <dt className="text-slate-500 dark:text-slate-400">By</dt>
        <dd>{t.tdName}</dd>
        <dt className="text-slate-500 dark:text-slate-400">{t.teamEvent ? "Teams" : "Players"}</dt>
        <dd>{t.entries}</dd>
        <dt className="text-slate-500 dark:text-slate-400">Entry</dt>
        <dd>
          <Price price={t.price} />
        </dd>
        {t.raceTo ? (
          <>
            <dt className="text-slate-500 dark:text-slate-400">Race To</dt>
            <dd>{t.raceTo}</dd>
          </>
        ) : null}
        {t.registrationDeadline !== null ? (
          <>
            <dt className="text-slate-500 dark:text-slate-400">Registration Deadline</dt>
            <dd className={t.deadlinePassed ? "font-semibold text-red-700 dark:text-red-400" : undefined}>
              <LocalDateTime instant={t.registrationDeadline} />
            </dd>
          </>
        ) : null}
      </dl>
      {/* Entered and still to come: put it in the calendar (decision 030). */}
      {t.state === "registered" && !t.standing ? <AddToCalendar slug={t.slug} className="-my-2 self-start" /> : null}
      <Link
        to={t.state === "pending" && t.captain ? `/tournament/${t.slug}/checkout` : `/tournament/${t.slug}`}
        className={`mt-auto ${button === "Register Now" || button === "Resume" ? "btn-primary" : "btn-secondary"}`}
      >
        {button}
      </Link>
    </li>
  );
}
