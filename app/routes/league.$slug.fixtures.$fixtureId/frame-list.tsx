// The card's frames in their sections: each frame's players a side (or "—") and its winner marked; for a captain or
// the secretary, two big buttons a frame (one a side, named by its players) that record who won it. With JavaScript a
// tap is kept and sent by the card's outbox (use-frame-outbox.ts), shown at once, and waits through a dropped
// connection; without, the button posts its form.
import { Form } from "react-router";
import { leagueFixturePath } from "~/domain/anchors.ts";
import { replyFor } from "./card-reply.ts";
import type { CardPage } from "./route.tsx";
import type { Outbox } from "./use-frame-outbox.ts";

type Frame = CardPage["card"]["frames"][number];

const muted = "text-slate-600 dark:text-slate-400";

const names = (players: Frame["homePlayers"]) => (players.length === 0 ? "—" : players.map((p) => p.name).join(" & "));

export function FrameList({ page, outbox }: { page: CardPage; outbox: Outbox }) {
  const { card } = page;
  return (
    <section id="frames" className="card scroll-mt-20 space-y-4" aria-labelledby="frames-title">
      <h2 id="frames-title" className="text-lg font-semibold">
        Frames
      </h2>
      {page.viewer.mayRecord && page.fixture.status === "postponed" ? (
        <p className={`text-sm ${muted}`}>Postponed: its frames are recorded once it has a date again.</p>
      ) : null}
      {card.sections.map((section, index) => {
        const frames = card.frames.filter((f) => f.section === index);
        return (
          <div key={frames[0]?.number ?? section.name}>
            <h3 className="text-sm font-semibold uppercase tracking-wide text-baize-800 dark:text-baize-300">
              {section.name}
            </h3>
            <ol className="divide-y divide-slate-200 dark:divide-slate-800">
              {frames.map((frame) => (
                <FrameRow key={frame.number} page={page} frame={frame} outbox={outbox} />
              ))}
            </ol>
          </div>
        );
      })}
      <Waiting outbox={outbox} />
    </section>
  );
}

/** How many frames have taps waiting while the server cannot be reached, kept in sight at the foot of the screen. */
function Waiting({ outbox }: { outbox: Outbox }) {
  const count = outbox.state.held ? new Set(outbox.state.waiting.map((tap) => tap.number)).size : 0;
  return (
    <p
      role="status"
      className={
        count
          ? "sticky bottom-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950 " +
            "shadow-md dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          : "sr-only"
      }
      data-testid="frames-waiting"
    >
      {count
        ? `${count} ${count === 1 ? "frame" : "frames"} waiting to send: ${count === 1 ? "it" : "they"}'ll go ` +
          "when the connection is back."
        : ""}
    </p>
  );
}

function FrameRow({ page, frame, outbox }: { page: CardPage; frame: Frame; outbox: Outbox }) {
  const { fixture, viewer } = page;
  const reply = replyFor(page.reply, "frame");
  const message = outbox.state.refused[frame.number] ?? (reply?.frame === frame.number ? reply.message : null);
  const waiting = outbox.state.held && outbox.state.waiting.some((tap) => tap.number === frame.number);
  const ready = frame.homePlayers.length > 0 && frame.awayPlayers.length > 0;
  const recordable = viewer.mayRecord && fixture.status !== "postponed";
  const number = (
    <span className={`text-sm font-semibold tabular-nums ${muted}`}>
      <span className="sr-only">Frame </span>
      {frame.number}
    </span>
  );
  return (
    <li id={`frame-${frame.number}`} className="scroll-mt-20 py-3" data-testid="frame">
      {recordable && ready ? (
        // The buttons name the players and mark the winner: the frame's line would say it twice.
        <div className="grid grid-cols-[2rem_1fr] items-center gap-2">
          {number}
          <Form
            method="post"
            action={`${leagueFixturePath(page.league.slug, fixture.id)}/frames`}
            preventScrollReset
            className="grid grid-cols-2 gap-2"
            aria-label={`Frame ${frame.number}: who won`}
          >
            <input type="hidden" name="number" value={frame.number} />
            <WinnerButton side="home" frame={frame} outbox={outbox} />
            <WinnerButton side="away" frame={frame} outbox={outbox} />
          </Form>
        </div>
      ) : (
        <div className="grid grid-cols-[2rem_1fr_auto_1fr] items-baseline gap-2">
          {number}
          <FrameSide name={names(frame.homePlayers)} won={frame.winner === "home"} align="text-left" />
          <span className={`text-sm ${muted}`}>v</span>
          <FrameSide name={names(frame.awayPlayers)} won={frame.winner === "away"} align="text-right" />
        </div>
      )}
      {recordable && !ready ? <p className={`mt-1 pl-10 text-sm ${muted}`}>Set both players first</p> : null}
      {waiting ? (
        <p className="mt-1 pl-10 text-sm font-medium text-amber-800 dark:text-amber-300">Waiting to send</p>
      ) : null}
      {message ? (
        <p className="mt-1 pl-10 text-sm font-medium text-red-700 dark:text-red-400" role="alert">
          {message}
        </p>
      ) : null}
    </li>
  );
}

function FrameSide({ name, won, align }: { name: string; won: boolean; align: string }) {
  return (
    <span className={`min-w-0 break-words ${align} ${won ? "font-bold" : ""}`}>
      {won ? (
        <span className="mr-1 text-baize-700 dark:text-baize-300" aria-hidden="true">
          ✓
        </span>
      ) : null}
      {name}
      {won ? <span className="sr-only"> (won)</span> : null}
    </span>
  );
}

const buttonBase =
  "min-h-12 w-full rounded-lg border-2 px-3 py-2 text-base font-semibold break-words focus-visible:outline-2 " +
  "focus-visible:outline-offset-2";
const chosen = "border-baize-700 bg-baize-700 text-white dark:border-baize-400 dark:bg-baize-600";
const unchosen =
  "border-slate-300 bg-white text-slate-900 hover:border-baize-600 dark:border-slate-600 dark:bg-slate-900 " +
  "dark:text-slate-100";

function WinnerButton({ side, frame, outbox }: { side: "home" | "away"; frame: Frame; outbox: Outbox }) {
  const won = frame.winner === side;
  const players = side === "home" ? frame.homePlayers : frame.awayPlayers;
  return (
    <button
      type="submit"
      name="winner"
      value={side}
      aria-pressed={won}
      onClick={(event) => {
        if (outbox.tap(frame.number, side)) event.preventDefault();
      }}
      className={`${buttonBase} ${won ? chosen : unchosen}`}
    >
      {names(players)}
      {won ? " ✓" : ""}
    </button>
  );
}
