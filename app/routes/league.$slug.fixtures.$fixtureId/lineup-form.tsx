// A side's lineup: for each frame still without a result, a select of the side's roster (two in doubles), each
// player shown with the singles frames they are already down for, so the limit is seen before it is broken (with
// JavaScript the counts follow the selects, and a player at the limit can't be chosen for another singles frame). One
// form for the whole card, posting to the card's `lineup` route; a refusal comes back beside the frame it names.
import { useEffect, useState } from "react";
import { Form } from "react-router";
import { noteClass } from "~/components/styles.ts";
import { leagueFixturePath } from "~/domain/anchors.ts";
import { lineupField, replyFor } from "./card-reply.ts";
import type { CardPage } from "./route.tsx";

type Lineup = CardPage["lineups"][number];
type Frame = CardPage["card"]["frames"][number];

const muted = "text-slate-600 dark:text-slate-400";
const selectClass =
  "block min-h-12 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base dark:border-slate-700 " +
  "dark:bg-slate-950";

export function LineupForm({ page, lineup }: { page: CardPage; lineup: Lineup }) {
  const { side } = lineup;
  const reply = replyFor(page.reply, "lineup", side);
  const titleId = `lineup-${side}-title`;
  const state = page.card.frames
    .map((f) => (side === "home" ? f.homePlayers : f.awayPlayers).map((p) => p.id))
    .join(";");
  return (
    <section id={`lineup-${side}`} className="card scroll-mt-20" aria-labelledby={titleId}>
      <h2 id={titleId} className="text-lg font-semibold">
        {lineup.team}'s lineup
      </h2>
      {/* A lineup saved is a new card: the form starts from it again (a refusal keeps what was chosen). */}
      <LineupFields key={`${state}:${reply?.message ?? ""}`} page={page} lineup={lineup} titleId={titleId} />
    </section>
  );
}

const isDoubles = (page: CardPage, frame: Frame) => page.card.sections[frame.section]?.players === 2;

/** Each field's player as the form starts: what a refused form had, else the card's. */
function startingChoices(page: CardPage, lineup: Lineup): Record<string, string> {
  const reply = replyFor(page.reply, "lineup", lineup.side);
  const choices: Record<string, string> = {};
  for (const frame of page.card.frames) {
    if (frame.winner !== null) continue;
    const players = lineup.side === "home" ? frame.homePlayers : frame.awayPlayers;
    for (const slot of isDoubles(page, frame) ? [0, 1] : [0]) {
      const name = lineupField(frame.number, slot);
      choices[name] = reply ? (reply.values[name] ?? "") : (players[slot]?.id ?? "");
    }
  }
  return choices;
}

/** Each player's singles frames with these choices: the played frames' and the chosen. */
function singlesWith(page: CardPage, lineup: Lineup, choices: Record<string, string>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const frame of page.card.frames) {
    if (isDoubles(page, frame)) continue;
    const players = lineup.side === "home" ? frame.homePlayers : frame.awayPlayers;
    const id = frame.winner !== null ? players[0]?.id : choices[lineupField(frame.number, 0)];
    if (id) counts[id] = (counts[id] ?? 0) + 1;
  }
  return counts;
}

function LineupFields({ page, lineup, titleId }: { page: CardPage; lineup: Lineup; titleId: string }) {
  const { card, fixture } = page;
  const { side } = lineup;
  const reply = replyFor(page.reply, "lineup", side);
  const max = card.maxSinglesPerPlayer;
  const [choices, setChoices] = useState(() => startingChoices(page, lineup));
  // Before hydration (and without JavaScript) the counts are the card's as saved, and nothing is held back: a captain
  // moving a player from one frame to another does it in one go.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const singles = live ? singlesWith(page, lineup, choices) : lineup.singles;
  const singlesOf = (id: string) => singles[id] ?? 0;
  return (
    <>
      {lineup.roster.length === 0 ? (
        <p className={`mt-2 text-sm ${muted}`}>No players on the roster yet.</p>
      ) : (
        <>
          <p className={`mt-1 ${noteClass}`}>
            A player plays at most {max} singles frame{max === 1 ? "" : "s"}. Singles so far:
          </p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid={`singles-${side}`}>
            {lineup.roster.map((p) => (
              <li
                key={p.id}
                className={singlesOf(p.id) >= max ? "font-semibold text-amber-800 dark:text-amber-300" : ""}
              >
                {p.name}: {singlesOf(p.id)} of {max}
              </li>
            ))}
          </ul>
        </>
      )}
      <Form
        method="post"
        action={`${leagueFixturePath(page.league.slug, fixture.id)}/lineup`}
        preventScrollReset
        className="mt-3 space-y-3"
        aria-labelledby={titleId}
        onChange={(event) => {
          const target = event.target;
          if (target instanceof HTMLSelectElement) setChoices((c) => ({ ...c, [target.name]: target.value }));
        }}
      >
        <input type="hidden" name="side" value={side} />
        {reply && reply.frame === null ? (
          <p className="text-sm font-medium text-red-700 dark:text-red-400" role="alert">
            {reply.message}
          </p>
        ) : null}
        <ol className="space-y-3">
          {card.frames.map((frame) => (
            <FrameFields
              key={frame.number}
              frame={frame}
              lineup={lineup}
              doubles={isDoubles(page, frame)}
              max={max}
              chosen={choices}
              singles={singles}
              holdBack={live}
              message={reply?.frame === frame.number ? reply.message : null}
            />
          ))}
        </ol>
        <button type="submit" className="btn-primary min-h-12 w-full sm:w-auto">
          Save {lineup.team}'s lineup
        </button>
      </Form>
    </>
  );
}

function FrameFields({
  frame,
  lineup,
  doubles,
  max,
  chosen,
  singles,
  holdBack,
  message,
}: {
  frame: Frame;
  lineup: Lineup;
  doubles: boolean;
  max: number;
  chosen: Record<string, string>;
  singles: Record<string, number>;
  /** Whether a player at the limit is held back from another singles frame (with JavaScript). */
  holdBack: boolean;
  message: string | null;
}) {
  const players = lineup.side === "home" ? frame.homePlayers : frame.awayPlayers;
  const errorId = `lineup-${lineup.side}-${frame.number}-error`;
  if (frame.winner !== null) {
    return (
      <li className="text-sm">
        <span className="font-medium">Frame {frame.number}:</span> {players.map((p) => p.name).join(" & ") || "—"}{" "}
        <span className={muted}>(played)</span>
      </li>
    );
  }
  const slots = doubles ? [0, 1] : [0];
  return (
    <li>
      <fieldset className="grid grid-cols-[4.5rem_1fr] items-center gap-x-2 gap-y-2">
        <legend className="sr-only">Frame {frame.number}</legend>
        {slots.map((slot) => {
          const name = lineupField(frame.number, slot);
          const id = `lineup-${lineup.side}-${name}`;
          return (
            <div key={slot} className="contents">
              <label htmlFor={id} className="text-sm font-medium">
                {doubles ? `Frame ${frame.number}, player ${slot + 1}` : `Frame ${frame.number}`}
              </label>
              <select
                id={id}
                name={name}
                defaultValue={chosen[name] ?? ""}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? errorId : undefined}
                className={selectClass}
              >
                <option value="">—</option>
                {lineup.roster.map((p) => (
                  <option
                    key={p.id}
                    value={p.id}
                    disabled={holdBack && !doubles && (singles[p.id] ?? 0) >= max && chosen[name] !== p.id}
                  >
                    {doubles ? p.name : `${p.name} (${singles[p.id] ?? 0} of ${max} singles)`}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </fieldset>
      {message ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400" role="alert">
          {message}
        </p>
      ) : null}
    </li>
  );
}
