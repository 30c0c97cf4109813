// The card as a whole: a captain confirms the result once every frame has one, or disputes it (deliberately, behind a
// fold); the league's secretary resolves a disputed card frame by frame, or awards the fixture (a box to tick first).
// Each form posts to the card's `card` route with its `intent`; a refusal comes back beside its form.
import type { ReactNode } from "react";
import { Form } from "react-router";
import { inputClass, noteClass } from "~/components/styles.ts";
import { leagueFixturePath } from "~/domain/anchors.ts";
import { type CardFormName, replyFor } from "./card-reply.ts";
import type { CardPage } from "./route.tsx";

const choiceClass = "flex min-h-12 items-center gap-2 rounded-lg border border-slate-300 px-3 dark:border-slate-700";
const summaryClass = "flex min-h-12 cursor-pointer items-center font-semibold text-baize-700 dark:text-baize-300";

export function CardActions({ page }: { page: CardPage }) {
  const { fixture, viewer, card } = page;
  const side = viewer.captainOf;
  const finished = card.frames.every((f) => f.winner !== null);
  const bothConfirmed = fixture.confirmations.home && fixture.confirmations.away;
  const captainOpen = side !== null && (fixture.status === "scheduled" || fixture.status === "in_progress");
  const mayConfirm = captainOpen && fixture.status === "in_progress" && finished && !fixture.confirmations[side];
  const mayDispute = captainOpen && !bothConfirmed;
  const waiting = side !== null && fixture.status === "in_progress";
  if (!mayConfirm && !mayDispute && !viewer.secretary && !waiting) return null;
  const other = side === "home" ? "away" : "home";
  return (
    <section id="result" className="card scroll-mt-20 space-y-4" aria-labelledby="result-title">
      <h2 id="result-title" className="text-lg font-semibold">
        The result
      </h2>
      {side && fixture.status === "in_progress" ? (
        <p className="text-sm">
          {fixture.confirmations[side] ? "You have confirmed the result. " : ""}
          {fixture.confirmations[other]
            ? `${other === "home" ? fixture.home : fixture.away}'s captain has confirmed.`
            : `${other === "home" ? fixture.home : fixture.away}'s captain hasn't confirmed yet.`}
        </p>
      ) : null}
      {side && fixture.status === "in_progress" && !finished ? (
        <p className={noteClass}>Once every frame has a result, each captain confirms it here.</p>
      ) : null}
      {mayConfirm ? (
        <CardForm page={page} intent="confirm" label="Confirm the result">
          <button type="submit" className="btn-primary min-h-12 w-full text-lg sm:w-auto">
            Confirm the result ({fixture.homeScore ?? 0}–{fixture.awayScore ?? 0})
          </button>
        </CardForm>
      ) : null}
      {mayDispute ? <DisputeForm page={page} /> : null}
      {viewer.secretary && fixture.status === "disputed" ? <ResolveForm page={page} /> : null}
      {viewer.secretary ? <AwardForm page={page} /> : null}
      {viewer.secretary && fixture.status !== "voided" ? <VoidForm page={page} /> : null}
    </section>
  );
}

function CardForm({
  page,
  intent,
  label,
  children,
}: {
  page: CardPage;
  intent: CardFormName;
  label: string;
  children: ReactNode;
}) {
  const reply = replyFor(page.reply, intent);
  return (
    <Form
      method="post"
      action={`${leagueFixturePath(page.league.slug, page.fixture.id)}/card`}
      preventScrollReset
      className="space-y-3"
      aria-label={label}
    >
      <input type="hidden" name="intent" value={intent} />
      {reply ? (
        <p className="text-sm font-medium text-red-700 dark:text-red-400" role="alert">
          {reply.message}
        </p>
      ) : null}
      {children}
    </Form>
  );
}

function DisputeForm({ page }: { page: CardPage }) {
  const reply = replyFor(page.reply, "dispute");
  return (
    <details open={reply !== null} className="border-t border-slate-200 pt-2 dark:border-slate-800">
      <summary className={summaryClass}>Dispute the result</summary>
      <CardForm page={page} intent="dispute" label="Dispute the result">
        <p className={noteClass}>The league's secretary is told, and settles the card.</p>
        <label htmlFor="dispute-reason" className="block text-sm font-medium">
          What is in dispute
        </label>
        <textarea
          id="dispute-reason"
          name="reason"
          required
          maxLength={500}
          rows={3}
          defaultValue={reply?.values.reason ?? ""}
          className={inputClass}
        />
        <button type="submit" className="btn-secondary min-h-12 w-full sm:w-auto">
          Send the dispute
        </button>
      </CardForm>
    </details>
  );
}

function NoteField({ id, value }: { id: string; value: string }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        Note (shown on the card)
      </label>
      <textarea id={id} name="note" maxLength={500} rows={2} defaultValue={value} className={inputClass} />
    </div>
  );
}

function ResolveForm({ page }: { page: CardPage }) {
  const { fixture, card } = page;
  const reply = replyFor(page.reply, "resolve");
  const names = (players: { name: string }[]) => players.map((p) => p.name).join(" & ") || "—";
  return (
    <details open className="border-t border-slate-200 pt-2 dark:border-slate-800">
      <summary className={summaryClass}>Resolve the dispute</summary>
      <CardForm page={page} intent="resolve" label="Resolve the dispute">
        <p className={noteClass}>Each frame's winner as you settle it; the card is then played.</p>
        <ol className="space-y-2">
          {card.frames.map((frame) => {
            const chosen = reply?.values[`winner-${frame.number}`] ?? frame.winner ?? "";
            return (
              <li key={frame.number}>
                <fieldset className="grid grid-cols-2 gap-2">
                  <legend className="text-sm font-medium">Frame {frame.number}</legend>
                  {(["home", "away"] as const).map((side) => (
                    <label key={side} className={choiceClass}>
                      <input
                        type="radio"
                        name={`winner-${frame.number}`}
                        value={side}
                        defaultChecked={chosen === side}
                      />
                      <span className="break-words">
                        {names(side === "home" ? frame.homePlayers : frame.awayPlayers)}
                        <span className="sr-only"> ({side === "home" ? fixture.home : fixture.away})</span>
                      </span>
                    </label>
                  ))}
                </fieldset>
              </li>
            );
          })}
        </ol>
        <NoteField id="resolve-note" value={reply?.values.note ?? ""} />
        <button type="submit" className="btn-primary min-h-12 w-full sm:w-auto">
          Resolve: the card is played
        </button>
      </CardForm>
    </details>
  );
}

function AwardForm({ page }: { page: CardPage }) {
  const { fixture } = page;
  const reply = replyFor(page.reply, "award");
  return (
    <details open={reply !== null} className="border-t border-slate-200 pt-2 dark:border-slate-800">
      <summary className={summaryClass}>Award the fixture</summary>
      <CardForm page={page} intent="award" label="Award the fixture">
        <p className={noteClass}>Every frame goes to the side you choose, whatever the card says now.</p>
        <fieldset className="grid grid-cols-2 gap-2">
          <legend className="text-sm font-medium">Award it to</legend>
          {(["home", "away"] as const).map((side) => (
            <label key={side} className={choiceClass}>
              <input type="radio" name="to" value={side} required defaultChecked={reply?.values.to === side} />
              <span className="break-words">{side === "home" ? fixture.home : fixture.away}</span>
            </label>
          ))}
        </fieldset>
        <NoteField id="award-note" value={reply?.values.note ?? ""} />
        <SureSubmit verb="award" label="Award the fixture" />
      </CardForm>
    </details>
  );
}

function VoidForm({ page }: { page: CardPage }) {
  const reply = replyFor(page.reply, "void");
  return (
    <details open={reply !== null} className="border-t border-slate-200 pt-2 dark:border-slate-800">
      <summary className={summaryClass}>Void the fixture</summary>
      <CardForm page={page} intent="void" label="Void the fixture">
        <p className={noteClass}>
          A voided fixture counts for nothing: not in the table, not for the ratings. For a team that has withdrawn, or
          a match that will never be played.
        </p>
        <NoteField id="void-note" value={reply?.values.note ?? ""} />
        <SureSubmit verb="void" label="Void the fixture" />
      </CardForm>
    </details>
  );
}

/** A secretary's final step on the card: a box to tick ("I mean to void this fixture"), then its button. */
function SureSubmit({ verb, label }: { verb: string; label: string }) {
  return (
    <>
      <label className="flex min-h-12 items-center gap-2 text-sm font-medium">
        <input type="checkbox" name="sure" value="yes" required />
        {`I mean to ${verb} this fixture`}
      </label>
      <button type="submit" className="btn-secondary min-h-12 w-full sm:w-auto">
        {label}
      </button>
    </>
  );
}
