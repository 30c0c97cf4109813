// A league's fixtures and results week by week (DESIGN §11), on the league's page (a division's) and a team's: each
// fixture's night (or "Postponed"), home v away, the venue and the score once played. A list, not a table, so a phone
// reads each fixture on its own lines.
import { Link } from "react-router";
import { leagueCardPrintPath, leagueFixturePath, leagueTeamPath } from "~/domain/anchors.ts";
import { formatShortDate } from "~/domain/dates.ts";
import { byWeek } from "./fixture-weeks.ts";
import { nameLinkClass } from "./styles.ts";

export type FixtureView = {
  id: string;
  week: number;
  date: string | null;
  homeTeamId: string;
  awayTeamId: string;
  home: string;
  away: string;
  venue: string;
  status: string;
  homeScore: number | null;
  awayScore: number | null;
};

const muted = "text-slate-600 dark:text-slate-400";

/** "Tue 1 Sep", or "Postponed" for a fixture without a date. */
export const fixtureDate = (date: string | null) => (date === null ? "Postponed" : formatShortDate(date));

function TeamName({ leagueSlug, id, name, us }: { leagueSlug: string; id: string; name: string; us: boolean }) {
  return us ? (
    <span className="font-semibold">{name}</span>
  ) : (
    <Link to={leagueTeamPath(leagueSlug, id)} className={`font-medium ${nameLinkClass} underline`}>
      {name}
    </Link>
  );
}

function FixtureRow({ f, leagueSlug, teamId }: { f: FixtureView; leagueSlug: string; teamId: string | null }) {
  const voided = f.status === "voided";
  const played = !voided && f.homeScore !== null && f.awayScore !== null;
  const said = played ? `, ${f.homeScore}–${f.awayScore}` : voided ? ", voided" : "";
  return (
    <li className="grid grid-cols-[1fr_auto] items-start gap-x-3 py-2" data-testid="fixture">
      <div className="min-w-0">
        <p className={`text-sm ${muted}`}>
          <span className={f.date === null ? "font-semibold text-amber-800 dark:text-amber-300" : ""}>
            {fixtureDate(f.date)}
          </span>
          <span> · {f.venue}</span>
        </p>
        <p className="break-words">
          <TeamName leagueSlug={leagueSlug} id={f.homeTeamId} name={f.home} us={f.homeTeamId === teamId} />
          <span className={muted}> v </span>
          <TeamName leagueSlug={leagueSlug} id={f.awayTeamId} name={f.away} us={f.awayTeamId === teamId} />
        </p>
        <Link to={leagueCardPrintPath(leagueSlug, f.id)} className={`text-sm ${muted} underline`}>
          Print card<span className="sr-only">{` ${f.home} v ${f.away}`}</span>
        </Link>
      </div>
      {/* The fixture's match card: the score once there is one. */}
      <Link
        to={leagueFixturePath(leagueSlug, f.id)}
        className={`inline-flex min-h-11 items-center self-center ${nameLinkClass} underline`}
        aria-label={`Match card: ${f.home} v ${f.away}${said}`}
      >
        {voided ? (
          <span className={`text-sm font-semibold ${muted}`}>Voided</span>
        ) : played ? (
          <span className="text-lg font-bold tabular-nums" data-testid="score">
            {f.homeScore}–{f.awayScore}
          </span>
        ) : (
          <span className="text-sm font-semibold">Card</span>
        )}
      </Link>
    </li>
  );
}

/** The fixtures week by week; `teamId` names the team whose page this is (its name not linked). */
export function FixtureList({
  fixtures,
  leagueSlug,
  teamId = null,
  headingLevel = 3,
}: {
  fixtures: readonly FixtureView[];
  leagueSlug: string;
  teamId?: string | null;
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <ol className="mt-2 space-y-3">
      {byWeek(fixtures).map(([week, rows]) => (
        <li key={week}>
          <Heading className="text-sm font-semibold uppercase tracking-wide text-baize-800 dark:text-baize-300">
            {`Week ${week}`}
          </Heading>
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {rows.map((f) => (
              <FixtureRow key={f.id} f={f} leagueSlug={leagueSlug} teamId={teamId} />
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
