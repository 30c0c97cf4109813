// The card's head: the league, the week and night, the venue, home v away with the score, and where the card stands.
import { Link } from "react-router";
import { Badge } from "~/components/badges.tsx";
import { fixtureDate } from "~/components/league-fixtures.tsx";
import { leagueCardPrintPath, leaguePath, leagueTeamPath } from "~/domain/anchors.ts";
import { type FixtureStatus, fixtureStatusText } from "~/features/leagues/domain/leagues.ts";
import type { CardPage } from "./route.tsx";

const muted = "text-slate-600 dark:text-slate-400";
const linkClass = "font-semibold text-baize-700 hover:underline dark:text-baize-300";

/** Each status's badge colour (its words are every page's, `fixtureStatusText`). */
const TONE = {
  scheduled: "slate",
  postponed: "amber",
  in_progress: "blue",
  disputed: "red",
  played: "green",
  awarded: "green",
  voided: "slate",
} as const satisfies Record<FixtureStatus, string>;

const statusOf = (status: string) => {
  const known = (status in TONE ? status : "scheduled") as FixtureStatus;
  return { label: fixtureStatusText(known), tone: TONE[known] };
};

export function CardHeader({ page }: { page: CardPage }) {
  const { fixture, league, division, season } = page;
  const status = statusOf(fixture.status);
  const scored = fixture.homeScore !== null && fixture.awayScore !== null;
  return (
    <header className="space-y-3">
      <p className="flex flex-wrap items-center gap-x-2 text-sm">
        <Link to={leaguePath(league.slug)} className={linkClass}>
          {league.name}
        </Link>
        <span className={muted}>
          · {season} · {division} · Week {fixture.week} · {fixtureDate(fixture.date)} · {fixture.venue}
        </span>
      </p>
      <h1 className="grid grid-cols-[1fr_auto_1fr] items-center gap-3 text-center">
        <TeamLink slug={league.slug} id={fixture.homeTeamId} name={fixture.home} />
        <span className="text-4xl font-bold tabular-nums sm:text-5xl" data-testid="card-score">
          {scored ? (
            <>
              <span className="sr-only"> </span>
              {fixture.homeScore}–{fixture.awayScore}
              <span className="sr-only"> </span>
            </>
          ) : (
            <span className={`text-2xl ${muted}`}> v </span>
          )}
        </span>
        <TeamLink slug={league.slug} id={fixture.awayTeamId} name={fixture.away} />
      </h1>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2" data-testid="card-status">
          <Badge tone={status.tone}>{status.label}</Badge>
          <Confirmations page={page} />
        </p>
        <a href={leagueCardPrintPath(league.slug, fixture.id)} className={`${linkClass} text-sm`}>
          Print card
        </a>
      </div>
      {fixture.status === "disputed" && fixture.disputeReason ? (
        <p className="rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          <span className="font-semibold">In dispute: </span>
          {fixture.disputeReason}
        </p>
      ) : null}
      {fixture.note ? (
        <p className="rounded-lg bg-slate-100 p-3 text-sm dark:bg-slate-800">
          <span className="font-semibold">The secretary's note: </span>
          {fixture.note}
        </p>
      ) : null}
    </header>
  );
}

function TeamLink({ slug, id, name }: { slug: string; id: string; name: string }) {
  return (
    <Link to={leagueTeamPath(slug, id)} className="text-lg font-bold break-words hover:underline sm:text-2xl">
      {name}
    </Link>
  );
}

/** Which captains have confirmed the card, while it waits for both. */
function Confirmations({ page }: { page: CardPage }) {
  const { fixture } = page;
  if (fixture.status !== "in_progress") return null;
  const confirmed = [
    fixture.confirmations.home ? fixture.home : null,
    fixture.confirmations.away ? fixture.away : null,
  ].filter((name) => name !== null);
  return confirmed.map((name) => (
    <span key={name} className={`text-sm ${muted}`}>
      {name}'s captain has confirmed
    </span>
  ));
}
