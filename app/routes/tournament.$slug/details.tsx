// The tournament page's Details tab: when and where, the format, the prizes,
// the rules and who has entered. Loaded only when the tab is open (decision 016).
import type { ReactNode } from "react";
import { AddToCalendar } from "~/components/add-to-calendar.tsx";
import { LocalDateTime } from "~/components/local-date-time.tsx";
import { formatDate } from "~/domain/dates.ts";
import { matchTypeOptions, tournamentTypeOptions, type MatchType, type TournamentType } from "~/domain/tournaments.ts";

export function Details({
  tournament: t,
  payoutText,
  teams,
}: {
  tournament: {
    slug: string;
    venue: string;
    date: string;
    time: string;
    format: string;
    tournamentType: TournamentType;
    matchType: MatchType;
    raceTo: number | null;
    /** Ratings (decision 028): races set from them, and the cap on who may enter. */
    handicap: "none" | "race";
    maxRating: number | null;
    seeding: string;
    registrationDeadline: number | null;
    tdName: string;
    organisationName: string;
    teamSize: number;
    playerCount: number;
    maxPlayers: number;
    rules: string | null;
    players: { id: string; name: string }[];
    /** Entries withdrawn during play (decision 021). */
    withdrawn: string[];
  };
  payoutText: string;
  /** A team event's teams, in place of the players. */
  teams: ReactNode;
}) {
  const typeLabel = tournamentTypeOptions.find((o) => o.value === t.tournamentType)?.label ?? t.tournamentType;
  const matchLabel = matchTypeOptions.find((o) => o.value === t.matchType)?.label ?? t.matchType;
  return (
    <div className="mt-6 space-y-6">
      <section className="card">
        <h2 className="sr-only">Details</h2>
        {/* Two columns on a phone too: the page is short enough to find what matters. */}
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm">
          <Item label="Venue" value={t.venue} />
          <Item label="Date" value={formatDate(t.date)} />
          <Item label="Start time" value={t.time} />
          <Item label="Format" value={t.format} />
          <Item label="Tournament type" value={typeLabel} />
          <Item label="Match type" value={matchLabel} />
          {t.raceTo ? <Item label="Race to" value={String(t.raceTo)} /> : null}
          {t.handicap === "race" ? (
            <Item label="Handicap" value="Races set from the players' ratings before each match" />
          ) : null}
          {t.maxRating !== null ? <Item label="Who may enter" value={`Players rated up to ${t.maxRating}`} /> : null}
          {t.seeding === "rating" ? <Item label="Seeding" value="By rating, highest first" /> : null}
          <Item label="Prizes" value={payoutText} wide />
          {t.registrationDeadline !== null ? (
            <div className="col-span-2 sm:col-span-1">
              <dt className="text-slate-500 dark:text-slate-400">Registration deadline</dt>
              <dd className="font-medium">
                <LocalDateTime instant={t.registrationDeadline} />
              </dd>
            </div>
          ) : null}
          <Item label="Organiser" value={`${t.tdName} (${t.organisationName})`} wide />
          <Item label={t.teamSize > 1 ? "Teams" : "Players"} value={`${t.playerCount}/${t.maxPlayers}`} />
        </dl>
        <AddToCalendar slug={t.slug} className="mt-3" />
      </section>
      {t.rules ? (
        <section className="card">
          <h2 className="text-lg font-semibold">Rules</h2>
          <p className="mt-2 text-sm whitespace-pre-line">{t.rules}</p>
        </section>
      ) : null}
      {teams}
      <section className="card" hidden={t.teamSize > 1}>
        <h2 className="text-lg font-semibold">Players ({t.players.length})</h2>
        {t.players.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">No one has entered yet. Be the first.</p>
        ) : (
          <PlayersList players={t.players} withdrawn={t.withdrawn} />
        )}
      </section>
    </div>
  );
}

/** Who has entered, in two columns even on a phone (the page stays short), those withdrawn marked. */
function PlayersList({ players, withdrawn }: { players: { id: string; name: string }[]; withdrawn: string[] }) {
  return (
    <ol className="mt-3 columns-2 gap-x-4 text-sm">
      {players.map((p, index) => (
        <li key={p.id} className="mb-1 flex min-w-0 break-inside-avoid gap-2">
          <span className="w-6 shrink-0 text-right text-slate-500 tabular-nums dark:text-slate-400">{index + 1}.</span>
          <span className="min-w-0 wrap-anywhere">
            {p.name}
            {withdrawn.includes(p.id) ? (
              <>
                {" "}
                <WithdrawnMark />
              </>
            ) : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

function Item({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? "col-span-2 min-w-0 sm:col-span-1" : "min-w-0"}>
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-medium wrap-anywhere">{value}</dd>
    </div>
  );
}

/** "Withdrawn" beside an entry that left during play (decision 021). */
export function WithdrawnMark() {
  return <span className="text-slate-500 italic dark:text-slate-400">(withdrawn)</span>;
}
