// What the TV draws: the header (the event, the page, where it is in the round), and each kind of page's body laid
// out in rem for a 1920×1080 screen (the root's font size follows the screen, app.css), scaled down by the page
// model when it would not fit. Big type, no controls: nobody touches it.
import type { ReactNode } from "react";
import { joinsOf } from "~/components/bracket-joins.ts";
import { unreachable } from "~/components/bracket-view.tsx";
import { Logo, TrophyIcon } from "~/components/icons.tsx";
import type { LeagueRowView } from "~/components/league-view.tsx";
import { formatDate, formatTime } from "~/domain/dates.ts";
import { formatGBP } from "~/domain/pence.ts";
import type { MatchView } from "~/features/play/domain/play.ts";
import { TV_BODY, type BracketPart, type TvScreen, type TvTable } from "~/features/screens/domain/tv.ts";

/** The TV's address for one of its pages. */
export const tvAddress = (slug: string, page: string) =>
  `/tournament/${encodeURIComponent(slug)}/tv?${new URLSearchParams({ page })}`;

type Body = TvScreen["body"];

const pageTitles: Record<Body["kind"], string> = {
  welcome: "Tonight",
  bracket: "Bracket",
  standings: "Standings",
  series: "Series ranking",
  tables: "Now on the tables",
  next: "Up next",
  champion: "Champion",
};

const muted = "text-slate-600 dark:text-slate-300";
const pill = "rounded-full px-[0.9rem] text-[1.25rem]";

export function TvScreenView({ screen }: { screen: TvScreen }) {
  const { tournament: t, body } = screen;
  const title = body.kind === "bracket" ? body.part.heading : pageTitles[body.kind];
  return (
    <main
      id="main"
      className="flex h-screen flex-col overflow-hidden px-[3rem] pt-[2rem] pb-[1.5rem]"
      data-tv={t.id}
      data-page={screen.page.key}
      data-address={tvAddress(t.slug, screen.page.key)}
      data-next={tvAddress(t.slug, screen.next.key)}
      data-lead={screen.lead.key}
      data-lead-address={tvAddress(t.slug, screen.lead.key)}
      data-seconds={screen.page.seconds}
    >
      <header className="flex h-[8.5rem] shrink-0 items-start justify-between gap-[2rem]">
        <div className="min-w-0">
          <p className="flex items-center gap-[1rem] text-[1.5rem] font-semibold">
            <Logo className="size-[2rem] text-baize-700 dark:text-baize-400" />
            {t.status === "in_progress" ? (
              <span className={`${pill} bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100`}>Live</span>
            ) : null}
            {/* Put in place by the script while the server cannot be reached (tv.js). */}
            <span
              data-reconnecting=""
              hidden
              role="status"
              className={`${pill} bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100`}
            >
              Reconnecting…
            </span>
          </p>
          <h1 className="mt-[0.5rem] truncate text-[2.5rem] leading-tight font-bold tracking-tight">{t.name}</h1>
          <p className={`truncate text-[1.35rem] ${muted}`}>
            {t.venue} · {formatDate(t.date)} · {t.time}
            {t.raceTo !== null ? ` · Race to ${t.raceTo}` : ""}
          </p>
        </div>
        <div className="shrink-0 text-right">
          <h2 className="text-[2.25rem] leading-tight font-bold" data-testid="tv-page-title">
            {title}
          </h2>
          <p className={`text-[1.25rem] ${muted}`}>
            Screen {screen.index + 1} of {screen.count}
          </p>
        </div>
      </header>
      <Fitted scale={"scale" in body && typeof body.scale === "number" ? body.scale : 1}>
        <PageBody body={body} now={screen.now} />
      </Fitted>
      <ol className="mt-[0.75rem] flex h-[1rem] shrink-0 justify-center gap-[0.75rem]" aria-hidden="true">
        {Array.from({ length: screen.count }, (_, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: the dots are positions, nothing else
            key={i}
            className={
              "size-[0.75rem] rounded-full " + (i === screen.index ? "bg-baize-600" : "bg-slate-300 dark:bg-slate-600")
            }
          />
        ))}
      </ol>
    </main>
  );
}

/** The body's box: the screen's body size, its contents scaled down by `scale` (CSS zoom scales layout too). */
function Fitted({ scale, children }: { scale: number; children: ReactNode }) {
  return (
    <div className="min-h-0 flex-1 overflow-hidden" data-tv-body="">
      <div
        style={{ zoom: scale, width: `${TV_BODY.width / scale}rem`, height: `${TV_BODY.height / scale}rem` }}
        className="mx-auto"
      >
        {children}
      </div>
    </div>
  );
}

function PageBody({ body, now }: { body: Body; now: number }) {
  switch (body.kind) {
    case "bracket":
      return <TvBracket part={body.part} />;
    case "standings":
      return <Standings body={body} />;
    case "series":
      return <SeriesRanking body={body} />;
    case "tables":
      return <Tables tables={body.tables} columns={body.columns} />;
    case "next":
      return <UpNext queue={body.queue} more={body.more} now={now} />;
    case "champion":
      return <Champion results={body.results} />;
    case "welcome":
      return (
        <div className="flex h-full flex-col items-center justify-center gap-[1.5rem] text-center">
          <p className="text-[4rem] font-bold">The draw appears here when the tournament starts.</p>
          <p className={`text-[2.5rem] ${muted}`}>
            {body.entries} of {body.maxPlayers} entered
          </p>
        </div>
      );
  }
}

/** A bracket page: its rounds side by side, every match an equal share of its column, joined by lines. */
function TvBracket({ part }: { part: BracketPart }) {
  const join = joinsOf(part.rounds.flatMap((r) => r.matches));
  return (
    <ol className="bracket-joined grid h-full auto-cols-fr grid-flow-col gap-[2rem]">
      {part.rounds.map((round) => (
        <li key={round.label} className="flex min-w-0 flex-col">
          <h3 className={`mb-[0.75rem] h-[2rem] truncate text-[1.35rem] font-semibold uppercase ${muted}`}>
            {round.label}
          </h3>
          <ol className="flex flex-1 flex-col">
            {round.matches.map((m) => {
              if (unreachable(m)) return <li key={m.id} aria-hidden="true" className="flex-1" />;
              const lines = join(m);
              return (
                <li
                  key={m.id}
                  className="relative flex flex-1 items-center py-[0.4rem]"
                  data-out={lines.out ?? undefined}
                  data-fed={lines.fed ? "" : undefined}
                >
                  <BracketCard match={m} />
                </li>
              );
            })}
          </ol>
        </li>
      ))}
    </ol>
  );
}

function BracketCard({ match: m }: { match: MatchView }) {
  const live = m.status === "in_progress";
  const scored =
    m.outcome === "played" && !m.isBye && (m.status === "completed" || m.player1Score + m.player2Score > 0);
  return (
    <article
      aria-label={`${m.label}, match ${m.matchNumber}`}
      data-testid="tv-match"
      data-status={m.status}
      className={
        "relative w-full rounded-[0.5rem] border-2 bg-white px-[0.75rem] py-[0.4rem] dark:bg-slate-900 " +
        (live ? "border-baize-500" : "border-slate-200 dark:border-slate-700")
      }
    >
      {live && m.tableName ? (
        <span
          className={
            "absolute -top-[0.8rem] right-[0.5rem] rounded bg-baize-700 px-[0.4rem] text-[0.9rem] leading-snug " +
            "font-semibold text-white"
          }
        >
          {m.tableName}
        </span>
      ) : null}
      {(["player1", "player2"] as const).map((slot) => {
        const id = m[`${slot}Id`];
        const won = m.winnerId !== null && m.winnerId === id;
        const name = m[slot]?.name ?? null;
        return (
          <p
            key={slot}
            className={
              "flex h-[2rem] items-center justify-between gap-[0.5rem] text-[1.35rem]" + (won ? " font-bold" : "")
            }
          >
            <span className="flex min-w-0 items-center gap-[0.4rem]">
              {won ? <TrophyIcon width="1em" height="1em" className="shrink-0 text-amber-500" /> : null}
              <span className={`truncate ${name ? "" : "text-slate-500 italic dark:text-slate-400"}`}>
                {name ?? (m.isBye && !id ? "Bye" : "TBD")}
              </span>
              {won ? <span className="sr-only">(winner)</span> : null}
            </span>
            {scored ? <span className="tabular-nums">{m[`${slot}Score`]}</span> : null}
            {m.outcome !== "played" && won ? <abbr title="Walkover">W/O</abbr> : null}
          </p>
        );
      })}
    </article>
  );
}

type StandingsBody = Extract<Body, { kind: "standings" }>;

function Standings({ body }: { body: StandingsBody }) {
  if (body.league) return <StandingsTable rows={body.league} caption="Standings" />;
  return (
    <div className="grid gap-x-[3rem] gap-y-[2rem]" style={{ gridTemplateColumns: `repeat(${body.columns}, 1fr)` }}>
      {(body.groups ?? []).map((g) => (
        <section key={g.group} aria-labelledby={`tv-group-${g.group}`}>
          <h3 id={`tv-group-${g.group}`} className="mb-[0.5rem] text-[1.75rem] font-bold">
            Group {g.group}
          </h3>
          <StandingsTable rows={g.rows} caption={`Group ${g.group} standings`} />
        </section>
      ))}
    </div>
  );
}

const cell = "w-[6rem] px-[0.75rem] text-center tabular-nums";

function StandingsTable({ rows, caption }: { rows: LeagueRowView[]; caption: string }) {
  const decided = rows.some((r) => r.place !== null);
  return (
    <table className="w-full table-fixed text-[1.6rem]" data-testid="tv-standings">
      <caption className="sr-only">{caption}</caption>
      <thead className={`border-b-2 border-slate-300 text-[1.1rem] uppercase dark:border-slate-600 ${muted}`}>
        <tr className="h-[2.75rem]">
          <th scope="col" className={cell}>
            {decided ? "Place" : "Pos"}
          </th>
          <th scope="col" className="px-[0.75rem] text-left">
            Player
          </th>
          <th scope="col" className={cell}>
            <abbr title="Played">P</abbr>
          </th>
          <th scope="col" className={cell}>
            <abbr title="Won">W</abbr>
          </th>
          <th scope="col" className={cell}>
            <abbr title="Lost">L</abbr>
          </th>
          <th scope="col" className={`${cell} w-[8rem]`}>
            Racks
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.playerId} className="h-[3.25rem] border-b border-slate-200 last:border-0 dark:border-slate-800">
            <td className={`${cell} font-semibold`}>{r.place ?? r.position}</td>
            <td className="max-w-0 truncate px-[0.75rem] font-semibold">
              {r.name}
              {r.through ? (
                <span
                  className={
                    "ml-[0.75rem] rounded bg-baize-100 px-[0.5rem] text-[1rem] text-baize-900 " +
                    "dark:bg-baize-900 dark:text-baize-100"
                  }
                >
                  Through
                </span>
              ) : null}
            </td>
            <td className={cell}>{r.played}</td>
            <td className={cell}>{r.won}</td>
            <td className={cell}>{r.lost}</td>
            <td className={cell}>
              {r.racksFor}–{r.racksAgainst}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Tables({ tables, columns }: { tables: TvTable[]; columns: number }) {
  return (
    <ul className="grid gap-[1.5rem]" style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}>
      {tables.map((table) => (
        <li
          key={table.id}
          className={
            "flex h-[11rem] min-w-0 flex-col rounded-[0.75rem] border-2 px-[1.25rem] py-[0.75rem] " +
            (table.match
              ? "border-baize-500 bg-white dark:bg-slate-900"
              : "border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800")
          }
          data-testid="tv-table"
        >
          <div className="flex items-baseline justify-between gap-[1rem]">
            <h3 className="truncate text-[1.75rem] font-bold">{table.name}</h3>
            <p className={`truncate text-[1.2rem] ${muted}`}>
              {table.match
                ? table.match.awaitingApproval
                  ? "Result waiting for approval"
                  : table.match.title
                : { free: "Free", elsewhere: "In use", resting: "Not in use", playing: "" }[table.state]}
            </p>
          </div>
          {table.match ? (
            <div className="mt-auto space-y-[0.25rem]">
              <ScoreLine name={table.match.player1} score={table.match.score1} />
              <ScoreLine name={table.match.player2} score={table.match.score2} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function ScoreLine({ name, score }: { name: string; score: number }) {
  return (
    <p className="flex items-center justify-between gap-[1rem] text-[1.9rem] leading-tight font-semibold">
      <span className="truncate">{name}</span>
      <span className="text-[2.25rem] font-bold tabular-nums" data-testid="tv-score">
        {score}
      </span>
    </p>
  );
}

function UpNext({ queue, more, now }: { queue: Extract<Body, { kind: "next" }>["queue"]; more: number; now: number }) {
  return (
    <div>
      <ol className="divide-y-2 divide-slate-200 dark:divide-slate-700">
        {queue.map((q, i) => (
          <li key={q.matchId} className="flex h-[5.5rem] items-center gap-[2rem]" data-testid="tv-next">
            <span className={`w-[3rem] text-[2.25rem] font-bold tabular-nums ${muted}`}>{i + 1}</span>
            <div className="min-w-0 flex-1">
              <p className="truncate text-[2rem] font-semibold">
                {q.player1} <span className={`font-normal ${muted}`}>vs</span> {q.player2}
              </p>
              <p className={`truncate text-[1.25rem] ${muted}`}>
                {q.title}
                {q.pinned ? ` · kept for ${q.pinned}` : ""}
              </p>
            </div>
            <p className="shrink-0 text-right text-[1.75rem] font-semibold">
              {q.starts === null || q.at === null ? (
                "Waiting for a table"
              ) : (
                <>
                  {q.starts === "now" ? "Any minute now" : `Starts ${q.starts}`}
                  <span className={`block text-[1.25rem] font-normal ${muted}`}>
                    about {formatTime(Math.max(q.at, now))}
                  </span>
                </>
              )}
            </p>
          </li>
        ))}
      </ol>
      {more > 0 ? <p className={`mt-[1rem] text-[1.5rem] ${muted}`}>and {more} more waiting</p> : null}
    </div>
  );
}

function Champion({ results }: { results: Extract<Body, { kind: "champion" }>["results"] }) {
  const [first, ...rest] = results.podium;
  return (
    <div className="grid h-full grid-cols-[3fr_2fr] gap-[3rem]">
      <section className="flex flex-col items-center justify-center text-center" data-testid="tv-champion">
        <TrophyIcon width="9rem" height="9rem" className="text-amber-500" />
        <p className={`mt-[1rem] text-[2rem] font-semibold uppercase ${muted}`}>{first?.label ?? "Champion"}</p>
        {first?.players.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two players may share a name; the list never reorders
          <p key={i} className="text-[5rem] leading-tight font-extrabold wrap-anywhere">
            {p.name}
          </p>
        ))}
        {rest.map((place) => (
          <p key={place.position} className="mt-[1rem] text-[1.75rem]">
            <span className={muted}>{place.label}:</span>{" "}
            <span className="font-semibold">{place.players.map((p) => p.name).join(", ")}</span>
          </p>
        ))}
      </section>
      <section aria-labelledby="tv-prizes" className="flex flex-col justify-center">
        <h3 id="tv-prizes" className="mb-[1rem] text-[2rem] font-bold">
          Prizes
        </h3>
        {results.prizes.length === 0 ? (
          <p className={`text-[1.6rem] ${muted}`}>The prizes are paid when the director finalizes the results.</p>
        ) : (
          <ul className="divide-y divide-slate-200 text-[1.6rem] dark:divide-slate-700" data-testid="tv-prizes">
            {results.prizes.slice(0, 10).map((prize, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two players may share a name; the rows never reorder
              <li key={i} className="flex h-[3.25rem] items-center justify-between gap-[1rem]">
                <span className="min-w-0 truncate">
                  <span className={muted}>{prize.position}</span> <span className="font-semibold">{prize.name}</span>
                </span>
                <span className="font-bold tabular-nums">{formatGBP(prize.amountPence)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** A series' ranking (decision 029): the top of the table, the qualifying line after the top N. */
function SeriesRanking({ body }: { body: Extract<Body, { kind: "series" }> }) {
  return (
    <section className="flex h-full flex-col gap-[1rem]" data-testid="tv-series">
      <h3 className="text-[2rem] font-bold">{body.name}</h3>
      {body.rows.length === 0 ? (
        <p className={`text-[2rem] ${muted}`}>No nights finalized yet</p>
      ) : (
        <table className="w-full text-left text-[1.75rem]">
          <thead className={`text-[1.25rem] ${muted}`}>
            <tr>
              <th className="w-[5rem] py-[0.25rem]">Pos</th>
              <th>Player</th>
              <th className="w-[9rem] text-right">Points</th>
              <th className="w-[9rem] text-right">Nights</th>
              <th className="w-[9rem] text-right">Wins</th>
            </tr>
          </thead>
          <tbody>
            {body.rows.map((row, i) => {
              const line = body.qualify !== null && row.qualifies && !body.rows[i + 1]?.qualifies;
              return (
                <tr
                  key={row.playerId}
                  className={
                    line
                      ? "border-b-4 border-dashed border-baize-600"
                      : "border-b border-slate-200 dark:border-slate-700"
                  }
                >
                  <td className="py-[0.35rem] font-bold tabular-nums">{row.position}</td>
                  <td className="truncate font-semibold">{row.name}</td>
                  <td className="text-right font-bold tabular-nums">{row.points}</td>
                  <td className="text-right tabular-nums">{row.played}</td>
                  <td className="text-right tabular-nums">{row.wins}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {body.more > 0 ? <p className={`text-[1.25rem] ${muted}`}>and {body.more} more on the series' page</p> : null}
    </section>
  );
}
