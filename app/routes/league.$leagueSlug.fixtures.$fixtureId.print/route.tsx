// A fixture's match card on paper, for when the tablet fails (DESIGN §11): the fixture, both rosters, the season's
// frames section by section — each with its number, a line for each side's player(s) and a box to tick the winner —
// the totals, both captains' signatures, and a QR code to the card's page. Frames already recorded are printed in.
// Anyone may print it. A4 portrait in black on white (`print-portrait` in app.css); no client code but Print.
import { data, Link, useLoaderData } from "react-router";
import { PrintButton } from "~/components/print-button.tsx";
import { appContext } from "~/context.server.ts";
import { leagueFixturePath } from "~/domain/anchors.ts";
import { formatDate } from "~/domain/dates.ts";
import { LEAGUE_MESSAGES } from "~/features/leagues/domain/leagues.ts";
import { cardScore, frameSlots } from "~/features/leagues/domain/match-card.ts";
import { describeFormat } from "~/features/leagues/domain/season-format.ts";
import { cardPrintQuery, type PrintedFrame } from "~/features/leagues/server/card-print.server.ts";
import { qrCode } from "~/features/screens/server/qr-code.server.ts";
import { visitor } from "~/web/access.server.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `${loaderData.home.name} v ${loaderData.away.name} card` : "Match card"} — Break & Run` },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { env } = context.get(appContext);
  const { card } = await (await visitor(context)).read({ card: cardPrintQuery(params.leagueSlug, params.fixtureId) });
  if (!card) throw data(LEAGUE_MESSAGES.fixtureNotFound, { status: 404 });
  const url = `${env.APP_URL}${leagueFixturePath(card.league.slug, card.fixture.id)}`;
  const recorded = new Map(card.frames.map((f) => [f.number, f]));
  const slots = frameSlots(card.format);
  const frames = slots.map((slot): PrintedFrame & { players: 1 | 2 } => ({
    ...(recorded.get(slot.number) ?? { number: slot.number, home: [], away: [], winner: null }),
    players: slot.players,
  }));
  const played = frames.some((f) => f.winner !== null);
  return {
    ...card,
    when: card.fixture.date === null ? "Postponed" : formatDate(card.fixture.date),
    formatText: describeFormat(card.format),
    sections: card.format.sections.map((section, index) => ({
      ...section,
      frames: frames.filter((_, i) => slots[i]?.section === index),
    })),
    score: played ? cardScore(frames) : null,
    url,
    qr: qrCode(url),
  };
}

type Frame = Card["sections"][number]["frames"][number];

const cell = "border border-slate-400 px-2 py-1.5 align-middle dark:border-slate-600";
const box = "inline-block size-5 border-2 border-current text-center text-sm leading-4 font-bold";

type Card = Awaited<ReturnType<typeof loader>>;

export default function MatchCardPrint() {
  const card = useLoaderData<typeof loader>();
  return (
    <main id="main" className="print-portrait match-card mx-auto max-w-3xl px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link
          to={leagueFixturePath(card.league.slug, card.fixture.id)}
          className="text-sm font-medium text-baize-700 underline dark:text-baize-300"
        >
          ← The card on screen
        </Link>
        <PrintButton
          label="Print card"
          fallback={
            <p className="text-sm font-medium" data-testid="print-hint">
              Use your browser's Print to print the card (A4 portrait).
            </p>
          }
        />
      </div>
      <CardHeader card={card} />
      <Rosters card={card} />
      <FramesTable card={card} />
      <div className="mt-8 grid grid-cols-2 gap-6 text-sm">
        {(["home", "away"] as const).map((side) => (
          <div key={side} className="min-w-0" data-testid="signature">
            <div className="h-10 border-b border-slate-500" />
            <p className="mt-1 wrap-anywhere">{`${side === "home" ? "Home" : "Away"} captain (${card[side].name})`}</p>
          </div>
        ))}
      </div>
      <p className="mt-6 text-xs break-all text-slate-600 dark:text-slate-300">
        The card online:{" "}
        <a href={card.url} data-testid="card-link">
          {card.url}
        </a>
      </p>
    </main>
  );
}

/** The fixture — league, season, division, week, date, venue, the teams — and the QR code to its card's page. */
function CardHeader({ card }: { card: Card }) {
  return (
    <header className="mt-4 flex items-start justify-between gap-4">
      <div className="min-w-0">
        <p className="text-sm font-medium wrap-anywhere" data-testid="card-league">
          {`${card.league.name} · ${card.season.name} · ${card.division}`}
        </p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl" data-testid="card-teams">
          {`${card.home.name} v ${card.away.name}`}
        </h1>
        <p className="mt-1 text-sm wrap-anywhere" data-testid="card-when">
          {`Week ${card.fixture.week} · ${card.when} · ${card.fixture.venue}`}
        </p>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{card.formatText}</p>
      </div>
      <figure className="w-24 shrink-0 text-center sm:w-28">
        <svg
          className="aspect-square w-full"
          viewBox={`0 0 ${card.qr.size} ${card.qr.size}`}
          shapeRendering="crispEdges"
          role="img"
          aria-label={`QR code: ${card.url}`}
          data-testid="card-qr"
        >
          <rect width={card.qr.size} height={card.qr.size} fill="#fff" />
          <path d={card.qr.path} fill="#000" />
        </svg>
        <figcaption className="mt-1 text-[10px] leading-tight">Scan for the card on a phone</figcaption>
      </figure>
    </header>
  );
}

/** Both teams' rosters, the captain marked. */
function Rosters({ card }: { card: Card }) {
  return (
    <div className="mt-4 grid grid-cols-2 gap-4 text-sm">
      {(["home", "away"] as const).map((side) => (
        <section key={side} aria-labelledby={`roster-${side}`} data-testid={`roster-${side}`} className="min-w-0">
          <h2 id={`roster-${side}`} className="font-semibold wrap-anywhere">
            {`${side === "home" ? "Home" : "Away"}: ${card[side].name}`}
          </h2>
          <ul className="mt-1 space-y-0.5">
            {card[side].roster.map((p) => (
              <li key={p.name} className="wrap-anywhere">
                {p.name}
                {p.captain ? <span className="font-semibold"> (captain)</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The frames section by section, and the frames each side won. */
function FramesTable({ card }: { card: Card }) {
  return (
    <table className="mt-4 w-full table-fixed border-collapse text-left text-sm" data-testid="card-frames">
      <colgroup>
        <col className="w-9" />
        <col />
        <col className="w-11" />
        <col />
        <col className="w-11" />
      </colgroup>
      <thead>
        <tr>
          <th scope="col" className={cell}>
            <span className="sr-only">Frame</span>#
          </th>
          <th scope="col" className={`${cell} wrap-anywhere`}>
            {card.home.name}
          </th>
          <th scope="col" className={`${cell} text-center text-xs`}>
            Won
          </th>
          <th scope="col" className={`${cell} wrap-anywhere`}>
            {card.away.name}
          </th>
          <th scope="col" className={`${cell} text-center text-xs`}>
            Won
          </th>
        </tr>
      </thead>
      {card.sections.map((section, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a format's sections are in a fixed order
        <tbody key={index} data-testid="card-section">
          <tr>
            <th scope="colgroup" colSpan={5} className={`${cell} bg-slate-100 font-semibold dark:bg-slate-800`}>
              {sectionTitle(section)}
            </th>
          </tr>
          {section.frames.map((frame) => (
            <FrameRow key={frame.number} frame={frame} />
          ))}
        </tbody>
      ))}
      <tfoot>
        <tr data-testid="card-totals">
          <th scope="row" colSpan={2} className={`${cell} text-right`}>
            Frames won
          </th>
          <td className={`${cell} text-center text-base font-bold`}>{card.score?.home ?? ""}</td>
          <td className={cell} />
          <td className={`${cell} text-center text-base font-bold`}>{card.score?.away ?? ""}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** "Singles", or a section named otherwise with how it is played: "Round one · singles". */
function sectionTitle({ name, players }: { name: string; players: 1 | 2 }) {
  const kind = players === 1 ? "singles" : "doubles";
  return name.toLowerCase() === kind ? name : `${name} · ${kind}`;
}

/** A frame's row: its number, each side's player line(s) — names as recorded, else blank to write on — and boxes. */
function FrameRow({ frame }: { frame: Frame }) {
  const lines = (names: string[]) =>
    Array.from({ length: frame.players }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: a side's players are in a fixed order
      <span key={i} className="block min-h-6 border-b border-dotted border-slate-400 wrap-anywhere">
        {names[i] ?? ""}
      </span>
    ));
  const tick = (side: "home" | "away") => (
    <td className={`${cell} text-center`}>
      <span className={box} role="img" aria-label={frame.winner === side ? "Won" : "Not marked"}>
        {frame.winner === side ? "✓" : ""}
      </span>
    </td>
  );
  return (
    <tr data-testid="card-frame" data-number={frame.number}>
      <td className={`${cell} text-center font-semibold tabular-nums`}>{frame.number}</td>
      <td className={cell} data-testid="frame-home">
        {lines(frame.home)}
      </td>
      {tick("home")}
      <td className={cell} data-testid="frame-away">
        {lines(frame.away)}
      </td>
      {tick("away")}
    </tr>
  );
}
