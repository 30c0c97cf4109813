import { parseWithZod } from "@conform-to/zod/v4";
import { CreateTournamentSchema } from "~/domain/tournament-schema.ts";
import { previewFromValues } from "~/domain/creation-preview.ts";
import { inputProps, useForm, VALIDATE_INTENT, type FieldMeta } from "~/components/use-form.ts";
import { isNetworkError } from "~/components/data-reads.ts";
import { useEffect, useState } from "react";
import { data, Form, redirect, useActionData, useLoaderData } from "react-router";
import { AppShell, organiserNav } from "~/components/app-shell.tsx";
import { ActionToast, useIsSubmitting } from "~/components/form.tsx";
import { FieldError, FormError, TextField } from "~/components/fields.tsx";
import { useHydrated } from "~/components/hydrated.ts";
import { PrizePreview, PrizeSummary } from "~/components/prize-preview.tsx";
import { choiceCardClass, inputClass } from "~/components/styles.ts";
import { isDomainError } from "~/domain/errors.ts";
import { breakRuleOptions, resultsFromTablesOptions } from "~/domain/table-scoring.ts";
import { ADVANCE_PER_GROUP, GROUP_SIZE } from "~/domain/group-sizes.ts";
import { payoutStructures, payoutWording, rakeTypeLabels, rakeTypes, structuresForFieldSize } from "~/domain/money.ts";
import { matchTypeOptions, tournamentTypeOptions, tournamentTypes } from "~/domain/tournaments.ts";
import { errorToast } from "~/services/forms.server.ts";
import { signedIn } from "~/services/access.server.ts";
import { createTournament, defaultVenueQuery } from "~/services/tournaments.server.ts";
import { creationDefaults, grandFinalOptions, seedingOptions } from "~/domain/creation-form.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = () => [{ title: "Create Tournament — Break & Run" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const claim = await signedIn(request, context, "organiser");
  const { venue } = await claim.read({ venue: defaultVenueQuery(claim.id) });
  return { venue };
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
    const tournament = await createTournament(organiser, organiser.id, submission.value);
    return redirect(`/tournament/${tournament.slug}`);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(
      {
        result: submission.reply({ formErrors: [error.message] }),
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

const sectionClass = "card space-y-4";
const labelClass = "block text-sm font-medium";

export default function CreateTournament() {
  const { venue } = useLoaderData<typeof loader>();
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
  const maxPlayers = Number(fields.maxPlayers.value);
  const available = structuresForFieldSize(
    Number.isInteger(maxPlayers) && maxPlayers >= 2 ? Math.min(maxPlayers, 512) : 2,
  );
  const rakeIsPercent = fields.rakeType.value === "percent";
  // A league or groups event pays places, not rounds reached: the payout choices say so (without JavaScript, once
  // the form comes back from Preview).
  const tournamentType = tournamentTypes.find((type) => type === fields.tournamentType.value);
  // An entry is a team in a team event: the field counts teams (decision 011).
  const teamEvent = hydrated && (fields.matchType.value ?? "1v1") !== "1v1";

  return (
    <AppShell nav={organiserNav}>
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
          <section aria-labelledby="basics" className={sectionClass}>
            <h2 id="basics" className="text-lg font-semibold">
              The night
            </h2>
            <TextField label="Tournament name" meta={fields.name} placeholder="e.g., Friday 8-Ball Knockout" />
            <TextField label="Venue" meta={fields.venue} placeholder="e.g., The Red Lion, Leeds" />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Date" meta={fields.date} type="date" />
              <TextField label="Start time" meta={fields.time} type="time" />
            </div>
            <TextField
              label="Registration deadline (optional)"
              meta={fields.registrationDeadline}
              type="datetime-local"
              hint="In your local time. Leave empty to take entries until the draw."
            />
          </section>

          <section aria-labelledby="format" className={sectionClass}>
            <h2 id="format" className="text-lg font-semibold">
              Format
            </h2>
            <TextField
              label="Format"
              meta={fields.format}
              hint="Shown to players, e.g. 8-ball knockout, 9-ball, UK blackball."
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-1.5">
                <label htmlFor={fields.tournamentType.id} className={labelClass}>
                  Tournament type
                </label>
                <select {...inputProps(fields.tournamentType)} className={inputClass}>
                  {tournamentTypeOptions.map((o) => (
                    <option key={o.value} value={o.value} disabled={Boolean(o.unavailable)}>
                      {o.label}
                      {o.unavailable ? ` — ${o.unavailable}` : ""}
                    </option>
                  ))}
                </select>
                <FieldError id={fields.tournamentType.errorId} errors={fields.tournamentType.errors} />
              </div>
              <div className="space-y-1.5">
                <label htmlFor={fields.matchType.id} className={labelClass}>
                  Match type
                </label>
                <select {...inputProps(fields.matchType)} className={inputClass}>
                  {matchTypeOptions.map((o) => (
                    <option key={o.value} value={o.value} disabled={Boolean(o.unavailable)}>
                      {o.label}
                      {o.unavailable ? ` — ${o.unavailable}` : ""}
                    </option>
                  ))}
                </select>
                <FieldError id={fields.matchType.errorId} errors={fields.matchType.errors} />
              </div>
              <div className="space-y-1.5">
                <label htmlFor={fields.seeding.id} className={labelClass}>
                  Seeding
                </label>
                <select {...inputProps(fields.seeding)} className={inputClass}>
                  {seedingOptions.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
                <FieldError id={fields.seeding.errorId} errors={fields.seeding.errors} />
              </div>
              {/* Without JavaScript the choice is always there; with it, only for double elimination. */}
              <div className="space-y-1.5" hidden={hydrated && fields.tournamentType.value !== "double_elimination"}>
                <label htmlFor={fields.grandFinal.id} className={labelClass}>
                  Grand final
                </label>
                <select
                  {...inputProps(fields.grandFinal)}
                  className={inputClass}
                  aria-describedby={`${fields.grandFinal.id}-hint`}
                >
                  {grandFinalOptions.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
                <p id={`${fields.grandFinal.id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
                  With a reset, an unbeaten finalist who loses the grand final gets a second match. Double elimination
                  only.
                </p>
                <FieldError id={fields.grandFinal.errorId} errors={fields.grandFinal.errors} />
              </div>
              {/* Without JavaScript the group settings are always there; with it, only for groups. */}
              <TextField
                label="Players per group"
                meta={fields.groupSize}
                type="number"
                hidden={hydrated && fields.tournamentType.value !== "round_robin_tier"}
                inputProps={{ min: GROUP_SIZE.min, max: GROUP_SIZE.max, step: 1, inputMode: "numeric" }}
                hint="Groups into a knockout only: each group plays a round robin."
              />
              <TextField
                label="Through from each group"
                meta={fields.advancePerGroup}
                type="number"
                hidden={hydrated && fields.tournamentType.value !== "round_robin_tier"}
                inputProps={{ min: ADVANCE_PER_GROUP.min, max: ADVANCE_PER_GROUP.max, step: 1, inputMode: "numeric" }}
                hint="Groups into a knockout only: how many go on to the knockout."
              />
              <TextField
                label={teamEvent ? "Max teams" : hydrated ? "Max players" : "Max players (teams in a team event)"}
                meta={fields.maxPlayers}
                type="number"
                inputProps={{ min: 2, max: 512, step: 1, inputMode: "numeric" }}
              />
              <TextField
                label="Race to (optional)"
                meta={fields.raceTo}
                type="number"
                inputProps={{ min: 1, max: 50, step: 1, inputMode: "numeric" }}
                hint="Frames needed to win a match."
              />
              <SettingSelect
                label="Results from tables"
                meta={fields.resultsFromTables}
                options={resultsFromTablesOptions}
                hint="When players confirm a result on the table's tablet."
              />
              <SettingSelect
                label="Break rule"
                meta={fields.breakRule}
                options={breakRuleOptions}
                hint="Who breaks after the first rack (the lag's winner breaks first)."
              />
            </div>
            <div className="space-y-1.5">
              <label htmlFor={fields.rules.id} className={labelClass}>
                Rules (optional)
              </label>
              <textarea {...inputProps(fields.rules)} rows={3} className={inputClass} />
              <FieldError id={fields.rules.errorId} errors={fields.rules.errors} />
            </div>
          </section>

          <section aria-labelledby="money" className={sectionClass}>
            <h2 id="money" className="text-lg font-semibold">
              Fees and prizes
            </h2>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Entry fee (£)"
                meta={fields.entryFee}
                type="number"
                inputProps={{ min: 0, step: 0.01, inputMode: "decimal" }}
              />
              <TextField
                label="Site fee (£)"
                meta={fields.siteFee}
                type="number"
                inputProps={{ min: 0, step: 0.01, inputMode: "decimal" }}
                hint="Paid by each player on top of the entry fee."
              />
            </div>
            <fieldset className="space-y-2">
              <legend className={labelClass}>Rake (the house's share of each entry)</legend>
              <div className="grid grid-cols-2 gap-2">
                {rakeTypes.map((value) => (
                  <label
                    key={value}
                    className={
                      `${choiceCardClass} flex min-h-11 items-center justify-center px-3 py-2 ` +
                      "text-sm font-semibold has-focus-visible:outline-2"
                    }
                  >
                    <input {...inputProps(fields.rakeType, { type: "radio", value })} key={value} className="sr-only" />
                    {rakeTypeLabels[value]}
                  </label>
                ))}
              </div>
              <TextField
                label={rakeIsPercent ? "Rake (% of the entry fee)" : "Rake per entry (£)"}
                meta={fields.rakeValue}
                type="number"
                inputProps={{ min: 0, step: 0.01, inputMode: "decimal", max: rakeIsPercent ? 100 : undefined }}
              />
            </fieldset>
            {/* On a phone the full preview is below the whole form: the sums stand here, beside the fees. */}
            <PrizeSummary preview={preview} className="lg:hidden">
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
            </PrizeSummary>
            <fieldset className="space-y-2">
              <legend className={labelClass}>Payout structure</legend>
              <div className="grid gap-2">
                {Object.values(payoutStructures).map((structure) => {
                  const fits = available.some((s) => s.id === structure.id);
                  const { label, description } = payoutWording(structure.id, tournamentType);
                  return (
                    <label
                      key={structure.id}
                      className={
                        `${choiceCardClass} flex items-start gap-3 p-3 has-focus-visible:outline-2 ` +
                        (fits ? "" : "cursor-not-allowed opacity-50")
                      }
                    >
                      <input
                        {...inputProps(fields.payoutStructure, { type: "radio", value: structure.id })}
                        key={structure.id}
                        disabled={!fits}
                        className="mt-1 accent-baize-700"
                      />
                      <span>
                        <span className="block text-sm font-semibold">{label}</span>
                        <span className="block text-sm text-slate-600 dark:text-slate-400">
                          {description}
                          {fits ? "" : ` — needs ${structure.paidPlaces} players`}
                        </span>
                      </span>
                    </label>
                  );
                })}
              </div>
              <FieldError id={fields.payoutStructure.errorId} errors={fields.payoutStructure.errors} />
            </fieldset>
          </section>
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
    </AppShell>
  );
}

/** One of the table-scoring settings (decision 012): a labelled select with a hint. */
function SettingSelect({
  label,
  meta,
  options,
  hint,
}: {
  label: string;
  meta: FieldMeta;
  options: readonly { value: string; label: string }[];
  hint: string;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={meta.id} className={labelClass}>
        {label}
      </label>
      <select {...inputProps(meta)} className={inputClass} aria-describedby={`${meta.descriptionId} ${meta.errorId}`}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <p id={meta.descriptionId} className="text-sm text-slate-500 dark:text-slate-400">
        {hint}
      </p>
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
