// The secretary's leagues (DESIGN §11): each with its seasons count, leading to its page, and "New league". A plain
// form, checked by the API's schema; the league is made by the API's use case.
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { ActionToast, useIsSubmitting } from "~/components/form.tsx";
import { InputField } from "~/components/league-fields.tsx";
import { noteClass } from "~/components/styles.ts";
import { appContext } from "~/context.server.ts";
import { isDomainError } from "~/domain/errors.ts";
import { CreateLeagueSchema } from "~/features/leagues/domain/leagues.ts";
import { secretaryLeaguesQuery } from "~/features/leagues/server/secretary.server.ts";
import { createLeague } from "~/features/leagues/server/use-cases.server.ts";
import { signedIn } from "~/web/access.server.ts";
import { errorToast, fieldMessages, formText } from "~/web/forms.server.ts";
import { perform } from "~/web/use-case.server.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = () => [{ title: "Leagues — Break & Run" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const claim = await signedIn(request, context, "organiser");
  const { mine } = await claim.read({ mine: secretaryLeaguesQuery(claim.id) });
  return { leagues: mine };
}

export async function action({ request, context }: Route.ActionArgs) {
  const secretary = await signedIn(request, context, "organiser");
  const name = formText(await request.formData(), "name", 300);
  const parsed = CreateLeagueSchema.safeParse({ name });
  if (!parsed.success) {
    return data({ errors: fieldMessages(parsed.error.issues), name, toast: null }, { status: 400 });
  }
  try {
    const app = context.get(appContext);
    const league = await perform(app, secretary, createLeague, { organiserId: secretary.id, name: parsed.data.name });
    return redirect(`/td/leagues/${league.slug}`);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(
      { errors: {} as Record<string, string>, name, toast: errorToast("Could not create the league", error.message) },
      { status: error.status },
    );
  }
}

export default function SecretaryLeagues() {
  const { leagues } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useIsSubmitting();
  return (
    <>
      <ActionToast toast={actionData?.toast} />
      <h1 className="text-3xl font-bold tracking-tight">Leagues</h1>
      <p className={`mt-1 ${noteClass}`}>
        Your pub leagues: each season's divisions and teams, its fixtures made week by week.
      </p>
      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        <section aria-labelledby="mine-title">
          <h2 id="mine-title" className="text-lg font-semibold">
            Your leagues
          </h2>
          {leagues.length === 0 ? (
            <p className={`card mt-3 ${noteClass}`}>No leagues yet. Start one here.</p>
          ) : (
            <ul className="mt-3 grid gap-3" data-testid="leagues">
              {leagues.map((l) => (
                <li key={l.id} className="card p-4">
                  <Link to={`/td/leagues/${l.slug}`} className="font-semibold underline wrap-anywhere">
                    {l.name}
                  </Link>
                  <p className={`mt-1 ${noteClass}`}>{l.seasons === 1 ? "1 season" : `${l.seasons} seasons`}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card h-fit" aria-labelledby="new-title">
          <h2 id="new-title" className="text-lg font-semibold">
            New league
          </h2>
          <Form method="post" className="mt-3 space-y-4" noValidate>
            <InputField
              id="league-name"
              name="name"
              label="League name"
              autoComplete="off"
              defaultValue={actionData?.name ?? ""}
              error={actionData?.errors.name}
            />
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              {busy ? "Creating..." : "Create league"}
            </button>
          </Form>
        </section>
      </div>
    </>
  );
}
