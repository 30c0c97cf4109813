// The season's end on its secretary's page: while fixtures are left, how many; once every one is played, awarded or
// voided, "Finish the season" (confirmed first: its results then stand); once finished, each division's champion and
// the "Start the next season" form — name, first date, night, how many go up and down — which makes the draft and
// goes to it. Plain forms posting to the routes nested here (decision 037), their refusals beside them.
import { Form, Link } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog.tsx";
import { FormError } from "~/components/fields.tsx";
import { useIsSubmitting } from "~/components/form.tsx";
import { TrophyIcon } from "~/components/icons.tsx";
import { InputField, SelectField } from "~/components/league-fields.tsx";
import { nightLabel } from "~/components/season-status.tsx";
import { noteClass } from "~/components/styles.ts";
import { leagueHonoursPath } from "~/domain/anchors.ts";
import { suggestedNextSeason } from "~/features/leagues/domain/promotion.ts";
import { NIGHTS } from "~/features/leagues/domain/season-weeks.ts";
import { isClosedStatus } from "~/features/leagues/domain/leagues.ts";
import { replyFor } from "./reply.ts";
import type { SeasonPageData } from "./route.tsx";

type SeasonPage = {
  season: { name: string; night: string; startDate: string; status: string };
  divisions: { id: string; name: string; standings: { team: string }[] }[];
  fixtures: { status: string; date: string | null }[];
};

/** What the panel shows, as the loader reads it: the fixtures left, the champions, the next season's defaults. */
export function seasonEndOf(page: SeasonPage, finishing: boolean) {
  const finished = page.season.status === "finished";
  return {
    left: page.fixtures.filter((f) => !isClosedStatus(f.status)).length,
    finishing,
    champions: finished
      ? page.divisions.flatMap((d) =>
          d.standings[0] ? [{ id: d.id, division: d.name, team: d.standings[0].team }] : [],
        )
      : [],
    next: suggestedNextSeason(
      page.season,
      page.fixtures.flatMap((f) => (f.date ? [f.date] : [])),
    ),
  };
}

export function SeasonEndCard({ page, here }: { page: SeasonPageData; here: string }) {
  const { season, end } = page;
  if (season.status === "draft" || page.fixtureCount === 0) return null;
  return (
    <section id="season-end" className="card mt-6 space-y-4" aria-labelledby="season-end-title">
      <h2 id="season-end-title" className="text-lg font-semibold">
        {season.status === "finished" ? "Champions" : "The season's end"}
      </h2>
      {season.status === "finished" ? <Finished page={page} here={here} /> : <Finishing page={page} here={here} />}
      <ConfirmDialog
        open={end.finishing && end.left === 0 && season.status === "active"}
        title="Finish the season?"
        description={
          "Each division's champion is the top of its table now. " +
          "Its results then stand: no card of it can be resolved or awarded again."
        }
        confirmLabel="Finish the season"
        cancelTo={`${here}#season-end`}
        action={`${here}/finish`}
      >
        <input type="hidden" name="seasonId" value={season.id} />
      </ConfirmDialog>
    </section>
  );
}

function Finishing({ page, here }: { page: SeasonPageData; here: string }) {
  const { left } = page.end;
  const refused = replyFor(page.reply, "finish");
  return (
    <>
      {refused ? <FormError id="finish-error" errors={[refused.message]} /> : null}
      {left > 0 ? (
        <p className={noteClass} data-testid="fixtures-left">
          {`${left} ${left === 1 ? "fixture is" : "fixtures are"} still to be played, awarded or voided: ` +
            "once every one is in, you can finish the season."}
        </p>
      ) : (
        <>
          <p className={noteClass}>
            Every fixture is played, awarded or voided. Finish the season to crown each division's champion.
          </p>
          <Link to={`${here}?finish=1#season-end`} preventScrollReset className="btn-primary w-full sm:w-auto">
            Finish the season
          </Link>
        </>
      )}
    </>
  );
}

function Finished({ page, here }: { page: SeasonPageData; here: string }) {
  const { champions } = page.end;
  return (
    <>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="champions">
        {champions.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center justify-between gap-x-3 py-2">
            <span className={noteClass}>{c.division}</span>
            <span className="inline-flex min-w-0 items-center gap-1.5 font-semibold wrap-anywhere">
              <TrophyIcon width={18} height={18} className="shrink-0 text-amber-500" aria-hidden="true" />
              {c.team}
            </span>
          </li>
        ))}
      </ul>
      <Link to={leagueHonoursPath(page.league.slug)} className="btn-secondary w-full sm:w-auto">
        Roll of honour
      </Link>
      <NextSeason page={page} here={here} />
    </>
  );
}

function NextSeason({ page, here }: { page: SeasonPageData; here: string }) {
  const action = `${here}/next`;
  const busy = useIsSubmitting(action);
  const reply = replyFor(page.reply, "next");
  const errors = reply?.errors ?? {};
  const { next } = page.end;
  const value = (name: string, fallback: string) => (reply ? (reply.values[name] ?? "") : fallback);
  const formMessage = reply && (errors.form ?? (Object.keys(errors).length === 0 ? reply.message : undefined));
  const many = page.divisions.length > 1;
  return (
    <section
      className="space-y-4 border-t border-slate-200 pt-4 dark:border-slate-700"
      aria-labelledby="next-season-title"
    >
      <h3 id="next-season-title" className="font-semibold">
        Start the next season
      </h3>
      <p className={noteClass}>
        {many
          ? "The same divisions and teams, with their captains and players; " +
            "teams move up and down by this season's final tables."
          : "The same division and teams, with their captains and players."}
      </p>
      <Form method="post" action={action} preventScrollReset className="space-y-4" noValidate>
        <input type="hidden" name="seasonId" value={page.season.id} />
        {formMessage ? <FormError id="next-form-error" errors={[formMessage]} /> : null}
        <InputField
          id="next-name"
          name="name"
          label="Season name"
          autoComplete="off"
          defaultValue={value("name", next.name)}
          error={errors.name}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            id="next-start"
            name="startDate"
            type="date"
            label="First date"
            defaultValue={value("startDate", next.startDate)}
            error={errors.startDate}
          />
          <SelectField
            id="next-night"
            name="night"
            label="League night"
            defaultValue={value("night", next.night)}
            error={errors.night}
          >
            {NIGHTS.map((n) => (
              <option key={n} value={n}>
                {nightLabel(n)}
              </option>
            ))}
          </SelectField>
        </div>
        {many ? (
          <div className="grid grid-cols-2 gap-4">
            <InputField
              id="next-promote"
              name="promote"
              label="Promoted from each division"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={value("promote", String(next.promote))}
              error={errors.promote}
            />
            <InputField
              id="next-relegate"
              name="relegate"
              label="Relegated from each division"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={value("relegate", String(next.relegate))}
              error={errors.relegate}
            />
          </div>
        ) : null}
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
          {busy ? "Starting..." : "Start the next season"}
        </button>
      </Form>
    </section>
  );
}
