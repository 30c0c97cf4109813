import { parseWithZod } from "@conform-to/zod/v4";
import { CreateTournamentSchema } from "~/features/tournaments/domain/tournament-schema.ts";
import { previewFromValues } from "~/features/tournaments/domain/creation-preview.ts";
import { useForm, VALIDATE_INTENT } from "~/components/use-form.ts";
import { isNetworkError } from "~/components/data-reads.ts";
import { useEffect, useState } from "react";
import { data, Form, redirect, useActionData, useLoaderData } from "react-router";
import { ActionToast, useIsSubmitting } from "~/components/form.tsx";
import { FormError } from "~/components/fields.tsx";
import { useHydrated } from "~/components/hydrated.ts";
import { PrizePreview } from "~/components/prize-preview.tsx";
import { TournamentFields } from "~/components/tournament-form.tsx";
import { isDomainError } from "~/domain/errors.ts";
import { errorToast } from "~/web/forms.server.ts";
import { signedIn } from "~/web/access.server.ts";
import { appContext } from "~/context.server.ts";
import { createTournament } from "~/features/tournaments/server/use-cases.server.ts";
import { organiserSeriesQuery } from "~/features/series/server/series.server.ts";
import { defaultVenueQuery } from "~/features/tournaments/server/tournament-create.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { creationDefaults } from "~/features/tournaments/domain/creation-form.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = () => [{ title: "Create Tournament — Break & Run" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const claim = await signedIn(request, context, "organiser");
  const { venue, series } = await claim.read({
    venue: defaultVenueQuery(claim.id),
    series: organiserSeriesQuery(claim.id),
  });
  return { venue, series: series.map((s) => ({ id: s.id, name: s.name })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const organiser = await signedIn(request, context, "organiser");
  const formData = await request.formData();
  const values = Object.fromEntries([...formData].map(([k, v]) => [k, typeof v === "string" ? v : ""]));
  const submission = parseWithZod(formData, { schema: CreateTournamentSchema });

  // The page asking for a check as the director goes: the messages, nothing written.
  if (formData.get("intent") === VALIDATE_INTENT)
    return data({ result: submission.reply(), preview: null, toast: null });

  // Without JavaScript the preview is a round trip: show it, keep the values.
  if (formData.get("intent") === "preview") {
    return data({ result: submission.reply(), preview: previewFromValues(values), toast: null });
  }
  if (submission.status !== "success") {
    return data({ result: submission.reply(), preview: previewFromValues(values), toast: null }, { status: 400 });
  }
  try {
    // A series chosen is the director's own: 404 or 403 beside the picker, as the API says (decision 029).
    const input = { organiserId: organiser.id, fields: submission.value };
    const tournament = await perform(context.get(appContext), organiser, createTournament, input);
    return redirect(`/tournament/${tournament.slug}`);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(
      {
        result: submission.reply(
          error.field === "seriesId" ? { fieldErrors: { seriesId: [error.message] } } : { formErrors: [error.message] },
        ),
        preview: previewFromValues(values),
        toast: errorToast("Failed to create tournament", error.message),
      },
      { status: error.status },
    );
  }
}

/**
 * A check as the director goes that cannot reach the server (a dropped connection) is only a missed check: the
 * form stays as it is, its messages as they were. Everything else goes to the action as it is.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  if (intent !== VALIDATE_INTENT) return serverAction();
  try {
    return await serverAction();
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    return { result: null, preview: null, toast: null };
  }
}

export default function CreateTournament() {
  const { venue, series } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useIsSubmitting();
  const hydrated = useHydrated();
  const [timeZone, setTimeZone] = useState("");
  useEffect(() => setTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);

  const [form, fields] = useForm<typeof CreateTournamentSchema>({
    id: "create-tournament",
    lastResult: actionData?.result,
    // The director's usual venue, so a weekly night needs only its name, date and time.
    defaultValue: { ...creationDefaults, venue },
    // The action checks each field as the director leaves it: its schema is too large to send to the browser.
    serverCheck: true,
  });

  const liveValues = {
    entryFee: fields.entryFee.value,
    siteFee: fields.siteFee.value,
    rakeType: fields.rakeType.value,
    rakeValue: fields.rakeValue.value,
    maxPlayers: fields.maxPlayers.value,
    payoutStructure: fields.payoutStructure.value,
    matchType: fields.matchType.value,
  };
  const preview = previewFromValues(liveValues) ?? actionData?.preview ?? null;

  return (
    <>
      <ActionToast toast={actionData?.toast} />
      <div className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight">Create Tournament</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          Takes under 2 minutes. The prize pool is worked out as you type.
        </p>
      </div>
      <Form
        method="post"
        className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]"
        {...form.props}
      >
        <input type="hidden" name="timeZone" value={timeZone} />
        <div className="space-y-6">
          <FormError id={form.errorId} errors={form.errors} />
          <TournamentFields
            fields={fields}
            hydrated={hydrated}
            preview={preview}
            series={series}
            previewButton={
              <noscript>
                <button
                  type="submit"
                  name="intent"
                  value="preview"
                  className="btn-secondary mt-3 w-full"
                  formNoValidate
                >
                  Preview
                </button>
              </noscript>
            }
          />
        </div>

        <aside className="space-y-4 lg:sticky lg:top-36 lg:self-start" aria-label="Prize pool preview">
          <PrizePreview preview={preview} />
          <noscript>
            {/* On a phone the Preview button stands with the sums beside the fees. */}
            <button
              type="submit"
              name="intent"
              value="preview"
              className="btn-secondary hidden w-full lg:flex"
              formNoValidate
            >
              Preview
            </button>
          </noscript>
          <button type="submit" name="intent" value="create" className="btn-primary w-full" disabled={busy}>
            {busy ? "Creating..." : "Create Tournament"}
          </button>
        </aside>
      </Form>
    </>
  );
}
