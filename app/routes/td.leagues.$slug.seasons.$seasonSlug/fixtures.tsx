// The season's fixtures: "Make fixtures" (or "Make fixtures again", confirmed first: it replaces the list), why the
// generator refused, and the list week by week — each fixture with its venue and status, movable to another date or
// postponed while it is unplayed.
import { Form, Link, useLocation } from "react-router";
import { Badge } from "~/components/badges.tsx";
import { FormError } from "~/components/fields.tsx";
import type { FixtureWeek } from "~/components/fixture-weeks.ts";
import { useIsSubmitting } from "~/components/form.tsx";
import { inputClass, noteClass } from "~/components/styles.ts";
import { leagueCardPrintPath } from "~/domain/anchors.ts";
import { FieldError } from "~/components/fields.tsx";
import { replyFor, type SeasonReply } from "./reply.ts";
import type { SeasonPageData } from "./route.tsx";

type Fixture = FixtureWeek["fixtures"][number];

export function FixturesCard({ page, here }: { page: SeasonPageData; here: string }) {
  const action = `${here}/fixtures`;
  const busy = useIsSubmitting(action);
  const refused = replyFor(page.reply, "fixtures");
  const made = page.fixtureCount > 0;
  const teams = page.divisions.reduce((n, d) => n + d.teams.length, 0);
  return (
    <section id="fixtures" className="card mt-6 space-y-4" aria-labelledby="fixtures-title">
      <h2 id="fixtures-title" className="text-lg font-semibold">
        Fixtures
      </h2>
      {made ? null : (
        <p className={noteClass}>
          {teams < 2
            ? "Add the teams first: the fixtures are made from each division's teams."
            : "Once every team is in, make the fixtures: each division's teams meet week by week on the league night."}
        </p>
      )}
      {refused ? <FormError id="fixtures-error" errors={[refused.message]} /> : null}
      {page.season.status === "finished" ? null : made ? (
        <Link to={`${here}?remake=1#fixtures`} preventScrollReset className="btn-secondary">
          Make fixtures again
        </Link>
      ) : (
        <Form method="post" action={action} preventScrollReset>
          <input type="hidden" name="intent" value="make-fixtures" />
          <input type="hidden" name="seasonId" value={page.season.id} />
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
            {busy ? "Making..." : "Make fixtures"}
          </button>
        </Form>
      )}
      {page.weeks.map((w) => (
        <section key={w.week} aria-labelledby={`week-${w.week}`} data-testid="fixture-week">
          <h3
            id={`week-${w.week}`}
            className="border-b border-slate-200 pb-1 font-semibold dark:border-slate-700"
          >{`Week ${w.week} · ${w.dateText}`}</h3>
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {w.fixtures.map((f) => (
              <FixtureItem key={f.id} fixture={f} page={page} action={action} />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function FixtureItem({ fixture: f, page, action }: { fixture: Fixture; page: SeasonPageData; action: string }) {
  const reply = replyFor(page.reply, "move", f.id);
  return (
    <li id={`fixture-${f.id}`} className="py-2" data-testid="fixture">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <span className="min-w-0">
          <span className="block font-medium wrap-anywhere">{`${f.home} v ${f.away}`}</span>
          <span className={`block ${noteClass} wrap-anywhere`}>
            {[f.venue, f.division, f.movedTo ? `moved to ${f.movedTo}` : null].filter(Boolean).join(" · ")}
          </span>
        </span>
        <Badge tone={f.status === "postponed" ? "amber" : f.status === "scheduled" ? "slate" : "blue"}>
          {f.statusText}
        </Badge>
      </div>
      <Link
        to={leagueCardPrintPath(page.league.slug, f.id)}
        className="text-sm font-medium text-baize-700 underline dark:text-baize-300"
      >
        Print card<span className="sr-only">{` ${f.home} v ${f.away}`}</span>
      </Link>
      {f.movable ? <MoveFixture fixture={f} reply={reply} seasonId={page.season.id} action={action} /> : null}
    </li>
  );
}

function MoveFixture({
  fixture: f,
  reply,
  seasonId,
  action,
}: {
  fixture: Fixture;
  reply: SeasonReply | null;
  seasonId: string;
  action: string;
}) {
  const { key } = useLocation();
  const id = `move-${f.id}`;
  const error = reply?.errors.date ?? reply?.message;
  return (
    <details key={key} open={reply !== null} className="mt-1">
      <summary className="cursor-pointer text-sm font-medium text-baize-700 dark:text-baize-300">
        Move or postpone<span className="sr-only">{` ${f.home} v ${f.away}`}</span>
      </summary>
      <Form method="post" action={action} preventScrollReset className="mt-2 space-y-2" noValidate>
        <input type="hidden" name="seasonId" value={seasonId} />
        <input type="hidden" name="fixtureId" value={f.id} />
        <label htmlFor={`${id}-date`} className="block text-sm font-medium">
          New date
        </label>
        <input
          id={`${id}-date`}
          name="date"
          type="date"
          defaultValue={reply?.values.date ?? f.date ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
          className={inputClass}
        />
        <FieldError id={`${id}-error`} errors={error ? [error] : undefined} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="move-fixture" className="btn-primary">
            Move
          </button>
          {f.status === "postponed" ? null : (
            <button type="submit" name="intent" value="postpone-fixture" className="btn-secondary">
              Postpone
            </button>
          )}
        </div>
      </Form>
    </details>
  );
}
