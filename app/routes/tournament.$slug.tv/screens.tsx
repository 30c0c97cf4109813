// What the TV draws: the header (the event, the page, where it is in the round), and each kind of page's body laid
// out in rem for a 1920×1080 screen (the root's font size follows the screen, app.css), scaled down by the page
// model when it would not fit. Big type, no controls: nobody touches it.
import { Logo, TrophyIcon } from "~/components/icons.tsx";
import { Fitted, muted, pill, Reconnecting } from "~/components/tv-screen.tsx";
import { formatDate } from "~/domain/dates.ts";
import { formatGBP } from "~/domain/pence.ts";
import type { TvScreen } from "~/features/screens/domain/tv.ts";
import { TvBracket } from "./bracket.tsx";
import { Tables, UpNext } from "./floor.tsx";
import { SeriesRanking, Standings } from "./standings.tsx";

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

export function TvScreenView({ screen }: { screen: TvScreen }) {
  const { tournament: t, body } = screen;
  const title = body.kind === "bracket" ? body.part.heading : pageTitles[body.kind];
  return (
    <main
      id="main"
      className="flex h-screen flex-col overflow-hidden px-[3rem] pt-[2rem] pb-[1.5rem]"
      data-tv={t.id}
      data-channel={`/api/live/tournaments/${encodeURIComponent(t.id)}`}
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
            <Reconnecting />
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
      <Fitted scale={"scale" in body && typeof body.scale === "number" ? body.scale : 1} className="flex-1">
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
