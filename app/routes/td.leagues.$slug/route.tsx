// A secretary's league (DESIGN §11), for its secretary only (anyone else: not found): its seasons, each leading to its
// page, and "New season" — name, league night, first date, legs and blackout dates — checked by the API's schema and
// made by the API's use case. A plain form: without JavaScript it comes back with each message beside its field.
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { ActionToast, useIsSubmitting } from "~/components/form.tsx";
import { InputField, SelectField, TextAreaField } from "~/components/league-fields.tsx";
import { nightLabel, SeasonStatusBadge } from "~/components/season-status.tsx";
import { noteClass } from "~/components/styles.ts";
import { appContext } from "~/context.server.ts";
import { leaguePath } from "~/domain/anchors.ts";
import { formatDate } from "~/domain/dates.ts";
import { isDomainError } from "~/domain/errors.ts";
import { CreateSeasonSchema, LEAGUE_MESSAGES } from "~/features/leagues/domain/leagues.ts";
import { NIGHTS } from "~/features/leagues/domain/season-weeks.ts";
import { leaguePageQuery } from "~/features/leagues/server/leagues.server.ts";
import { leagueSecretaryQuery } from "~/features/leagues/server/secretary.server.ts";
import { createSeason } from "~/features/leagues/server/use-cases.server.ts";
import { signedIn } from "~/web/access.server.ts";
import { errorToast, fieldMessages, formValues } from "~/web/forms.server.ts";
import { perform } from "~/web/use-case.server.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.league.name ?? "League"} — Break & Run` },
];

const notFound = () => data(LEAGUE_MESSAGES.leagueNotFound, { status: 404 });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const secretary = await signedIn(request, context, "organiser");
  const { owner, page } = await secretary.read({
    owner: leagueSecretaryQuery(params.slug),
    page: leaguePageQuery(params.slug.slice(0, 160)),
  });
  if (!owner || !page || owner.organiserId !== secretary.id) throw notFound();
  return {
    league: page.league,
    seasons: page.seasons.map((s) => ({ ...s, night: nightLabel(s.night), firstDate: formatDate(s.startDate) })),
  };
}

/** The form as the API's body: the legs a number, the blackout dates one a line (or split by spaces or commas). */
function seasonBody(values: Record<string, string>) {
  const blackoutDates = (values.blackoutDates ?? "").split(/[\s,]+/).filter(Boolean);
  return {
    name: values.name ?? "",
    night: values.night ?? "",
    startDate: values.startDate ?? "",
    legs: values.legs ? Number(values.legs) : undefined,
    blackoutDates,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const secretary = await signedIn(request, context, "organiser");
  const values = formValues(await request.formData(), 2000);
  const parsed = CreateSeasonSchema.safeParse(seasonBody(values));
  if (!parsed.success) {
    // A blackout date's message is the field's, whichever line it is about.
    const errors = Object.fromEntries(
      Object.entries(fieldMessages(parsed.error.issues)).map(([k, m]) => [k.split(".")[0] as string, m]),
    );
    return data({ errors, values, toast: null }, { status: 400 });
  }
  const { owner } = await secretary.read({ owner: leagueSecretaryQuery(params.slug) });
  try {
    const app = context.get(appContext);
    const season = await perform(app, secretary, createSeason, {
      organiserId: secretary.id,
      league: owner,
      fields: parsed.data,
    });
    return redirect(`/td/leagues/${encodeURIComponent(params.slug)}/seasons/${season.slug}`);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(
      { errors: {}, values, toast: errorToast("Could not create the season", error.message) },
      { status: error.status },
    );
  }
}

export default function SecretaryLeague() {
  const { league, seasons } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <ActionToast toast={actionData?.toast} />
      <Link to="/td/leagues" className="text-sm font-medium text-baize-700 dark:text-baize-300">
        ← All leagues
      </Link>
      <h1 className="mt-2 text-3xl font-bold tracking-tight wrap-anywhere">{league.name}</h1>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={leaguePath(league.slug)} className="btn-secondary">
          Public page
        </Link>
      </div>
      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        <section aria-labelledby="seasons-title">
          <h2 id="seasons-title" className="text-lg font-semibold">
            Seasons
          </h2>
          {seasons.length === 0 ? (
            <p className={`card mt-3 ${noteClass}`}>No seasons yet. Start the first one here.</p>
          ) : (
            <ul className="mt-3 grid gap-3" data-testid="seasons">
              {seasons.map((s) => (
                <li key={s.id} className="card flex flex-wrap items-start justify-between gap-2 p-4">
                  <span className="min-w-0">
                    <Link
                      to={`/td/leagues/${league.slug}/seasons/${s.slug}`}
                      className="font-semibold underline wrap-anywhere"
                    >
                      {s.name}
                    </Link>
                    <span className={`mt-1 block ${noteClass}`}>
                      {`${s.night}s from ${s.firstDate} · ${s.legs === 1 ? "one leg" : "home and away"}`}
                    </span>
                  </span>
                  <SeasonStatusBadge status={s.status} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <NewSeason values={actionData?.values ?? {}} errors={actionData?.errors ?? {}} />
      </div>
    </>
  );
}

function NewSeason({ values, errors }: { values: Record<string, string>; errors: Record<string, string> }) {
  const busy = useIsSubmitting();
  return (
    <section className="card h-fit" aria-labelledby="new-season-title">
      <h2 id="new-season-title" className="text-lg font-semibold">
        New season
      </h2>
      <Form method="post" className="mt-3 space-y-4" noValidate>
        <InputField
          id="season-name"
          name="name"
          label="Season name"
          autoComplete="off"
          defaultValue={values.name ?? ""}
          error={errors.name}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            id="season-night"
            name="night"
            label="League night"
            defaultValue={values.night ?? ""}
            error={errors.night}
          >
            <option value="">Choose a night</option>
            {NIGHTS.map((n) => (
              <option key={n} value={n}>
                {nightLabel(n)}
              </option>
            ))}
          </SelectField>
          <InputField
            id="season-start"
            name="startDate"
            type="date"
            label="First date"
            defaultValue={values.startDate ?? ""}
            error={errors.startDate}
          />
        </div>
        <SelectField id="season-legs" name="legs" label="Legs" defaultValue={values.legs ?? "2"} error={errors.legs}>
          <option value="2">Two: home and away</option>
          <option value="1">One: each pair meets once</option>
        </SelectField>
        <TextAreaField
          id="season-blackouts"
          name="blackoutDates"
          label="Blackout dates (optional)"
          hint="Nights with no fixtures, one date a line (YYYY-MM-DD): Christmas, a bank holiday."
          rows={3}
          defaultValue={values.blackoutDates ?? ""}
          error={errors.blackoutDates}
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Creating..." : "Create season"}
        </button>
      </Form>
    </section>
  );
}
