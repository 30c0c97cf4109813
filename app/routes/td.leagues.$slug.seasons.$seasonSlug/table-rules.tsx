// The season's table as its secretary runs it: the points a result gives and the merit table's minimum (the points
// until a fixture is played, when the page says so), and points deducted from a team with the reason its page shows.
import { Form, useLocation } from "react-router";
import { FormError } from "~/components/fields.tsx";
import { useIsSubmitting } from "~/components/form.tsx";
import { InputField, SelectField } from "~/components/league-fields.tsx";
import { describePoints } from "~/components/league-table.tsx";
import { noteClass } from "~/components/styles.ts";
import { LEAGUE_MESSAGES } from "~/features/leagues/domain/leagues.ts";
import { POINTS_FIELDS } from "~/features/leagues/domain/season-format.ts";
import { replyFor } from "./reply.ts";
import type { SeasonPageData } from "./route.tsx";

const POINT_LABELS = { win: "A win", draw: "A draw", loss: "A loss", frame: "A frame won" } as const;

export function TableRulesCard({ page, here }: { page: SeasonPageData; here: string }) {
  const { season } = page;
  return (
    <section id="table-rules" className="card space-y-4" aria-labelledby="table-rules-title">
      <h2 id="table-rules-title" className="text-lg font-semibold">
        Table and averages
      </h2>
      <p data-testid="points-summary">
        {`Points: ${describePoints(season.points)}. Merit table: `}
        {season.meritMinFrames > 0 ? `${season.meritMinFrames} singles frames to qualify.` : "every player."}
      </p>
      {page.locks.points ? (
        <p className={noteClass} data-testid="points-locked">
          {`${LEAGUE_MESSAGES.pointsLocked}.`}
        </p>
      ) : null}
      <PointsForm page={page} here={here} />
      <Deductions page={page} here={here} />
      <PenaltyForm page={page} here={here} />
    </section>
  );
}

function PointsForm({ page, here }: { page: SeasonPageData; here: string }) {
  const action = `${here}/points`;
  const busy = useIsSubmitting(action);
  const reply = replyFor(page.reply, "points");
  const { key } = useLocation();
  const { season } = page;
  const value = (name: string, stored: number) => (reply ? (reply.values[name] ?? "") : String(stored));
  const errors = reply?.errors ?? {};
  const formMessage = reply && (errors.form ?? (Object.keys(errors).length === 0 ? reply.message : undefined));
  return (
    <details key={key} open={reply !== null}>
      <summary className="cursor-pointer text-sm font-medium text-baize-700 dark:text-baize-300">
        {page.locks.points ? "Change the merit table's minimum" : "Change the points"}
      </summary>
      <Form method="post" action={action} preventScrollReset className="mt-3 space-y-4" noValidate>
        <input type="hidden" name="seasonId" value={season.id} />
        {formMessage ? <FormError id="points-form-error" errors={[formMessage]} /> : null}
        {page.locks.points ? null : (
          <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <legend className="mb-1 text-sm font-medium">Points for</legend>
            {POINTS_FIELDS.map((field) => (
              <InputField
                key={field}
                id={`points-${field}`}
                name={field}
                label={POINT_LABELS[field]}
                inputMode="numeric"
                autoComplete="off"
                defaultValue={value(field, season.points[field])}
                error={errors[field]}
              />
            ))}
          </fieldset>
        )}
        <InputField
          id="points-merit-min"
          name="meritMinFrames"
          label="Singles frames to qualify for the merit table"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={value("meritMinFrames", season.meritMinFrames)}
          error={errors.meritMinFrames}
        />
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
          {busy ? "Saving..." : "Save"}
        </button>
      </Form>
    </details>
  );
}

/** The deductions made, each with its reason; until the season is finished, each may be taken back (asked first). */
function Deductions({ page, here }: { page: SeasonPageData; here: string }) {
  const names = new Map(page.divisions.flatMap((d) => d.teams.map((t) => [t.id, t.name] as const)));
  if (page.penalties.length === 0) return null;
  const open = page.season.status !== "finished";
  return (
    <div>
      <h3 className="text-sm font-semibold">Points deducted</h3>
      <ul className="mt-1 divide-y divide-slate-200 dark:divide-slate-800" data-testid="season-penalties">
        {page.penalties.map((p) => (
          <li key={p.id} className="py-2 text-sm">
            <p>
              <span className="font-semibold text-red-700 dark:text-red-400">{`−${p.points}`}</span>{" "}
              <span className="font-medium">{names.get(p.teamId) ?? "A team"}</span>
              {`: ${p.reason}`}
            </p>
            {open ? (
              <details className="mt-1">
                <summary className="cursor-pointer text-baize-700 dark:text-baize-300">Take back</summary>
                <Form method="post" action={`${here}/penalties`} preventScrollReset className="mt-2">
                  <input type="hidden" name="seasonId" value={page.season.id} />
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="penaltyId" value={p.id} />
                  <button type="submit" className="btn-secondary min-h-11">
                    {`Give ${names.get(p.teamId) ?? "the team"} back ${p.points} point${p.points === 1 ? "" : "s"}`}
                  </button>
                </Form>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function PenaltyForm({ page, here }: { page: SeasonPageData; here: string }) {
  const action = `${here}/penalties`;
  const busy = useIsSubmitting(action);
  const reply = replyFor(page.reply, "penalty");
  const { key } = useLocation();
  const teams = page.divisions.flatMap((d) => d.teams);
  if (teams.length === 0 || page.season.status === "finished") return null;
  const value = (name: string) => reply?.values[name] ?? "";
  const errors = reply?.errors ?? {};
  const formMessage = reply && (errors.form ?? (Object.keys(errors).length === 0 ? reply.message : undefined));
  return (
    <details key={key} open={reply !== null}>
      <summary className="cursor-pointer text-sm font-medium text-baize-700 dark:text-baize-300">
        Deduct points from a team
      </summary>
      <Form
        method="post"
        action={action}
        preventScrollReset
        className="mt-3 space-y-4"
        noValidate
        aria-label="Deduct points"
      >
        <input type="hidden" name="seasonId" value={page.season.id} />
        {formMessage ? <FormError id="penalty-form-error" errors={[formMessage]} /> : null}
        <SelectField id="penalty-team" name="teamId" label="Team" defaultValue={value("teamId")} error={errors.teamId}>
          <option value="">Choose a team</option>
          {teams.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </SelectField>
        <InputField
          id="penalty-points"
          name="points"
          label="Points deducted"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={value("points")}
          error={errors.points}
        />
        <InputField
          id="penalty-reason"
          name="reason"
          label="Reason"
          hint="Shown on the team's page and under the table."
          autoComplete="off"
          defaultValue={value("reason")}
          error={errors.reason}
        />
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
          {busy ? "Deducting..." : "Deduct points"}
        </button>
      </Form>
    </details>
  );
}
