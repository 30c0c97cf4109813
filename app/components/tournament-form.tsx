// The tournament form's fields — the night, the format, fees and prizes — shared by creating a tournament and
// editing one. An edit shows the fields that can no longer change disabled, with the reason beside them (a disabled
// field is not sent: the action keeps what is stored).
import type { ReactNode } from "react";
import { FieldError, TextField } from "~/components/fields.tsx";
import { PrizeSummary } from "~/components/prize-preview.tsx";
import { choiceCardClass, inputClass } from "~/components/styles.ts";
import { inputProps, type FieldMeta } from "~/components/use-form.ts";
import { grandFinalOptions, handicapOptions, seedingOptions } from "~/features/tournaments/domain/creation-form.ts";
import { ADVANCE_PER_GROUP, GROUP_SIZE } from "~/features/play/domain/group-sizes.ts";
import { MAX_RATING_RANGE } from "~/features/ratings/domain/ratings.ts";
import {
  payoutStructures,
  payoutWording,
  rakeTypeLabels,
  rakeTypes,
  structuresForFieldSize,
} from "~/features/money/domain/money.ts";
import type { PrizePreview } from "~/features/money/domain/prize-preview.ts";
import { breakRuleOptions, resultsFromTablesOptions } from "~/features/floor/domain/table-scoring.ts";
import { matchTypeOptions, tournamentTypeOptions, tournamentTypes } from "~/domain/tournaments.ts";

const sectionClass = "card space-y-4";
const labelClass = "block text-sm font-medium";
const lockClass = "text-sm font-medium text-amber-800 dark:text-amber-300";
/** A field that can no longer change looks it (its reason beside it does not fade). */
const lockedLook =
  "[&_:is(input,select,textarea):disabled]:cursor-not-allowed " + "[&_:is(input,select,textarea):disabled]:opacity-60";

type Field =
  | "name"
  | "venue"
  | "date"
  | "time"
  | "registrationDeadline"
  | "rules"
  | "format"
  | "maxPlayers"
  | "tournamentType"
  | "matchType"
  | "grandFinal"
  | "groupSize"
  | "advancePerGroup"
  | "seeding"
  | "handicap"
  | "maxRating"
  | "resultsFromTables"
  | "breakRule"
  | "raceTo"
  | "entryFee"
  | "siteFee"
  | "rakeType"
  | "rakeValue"
  | "payoutStructure"
  | "seriesId";

export function TournamentFields({
  fields,
  hydrated,
  preview,
  previewButton,
  locked = {},
  deadlineHint = "In your local time. Leave empty to take entries until the draw.",
  minPlayers = 2,
  series = [],
}: {
  fields: Record<Field, FieldMeta>;
  hydrated: boolean;
  preview: PrizePreview | null;
  /** Without JavaScript: the button that shows the preview, beside the sums on a phone. */
  previewButton: ReactNode;
  /** Fields that can no longer change, with the reason (an edit). */
  locked?: Partial<Record<Field, string>>;
  deadlineHint?: string;
  /** The fewest entries max players may be set to (an edit: those already taken). */
  minPlayers?: number;
  /** The director's series a night may count in (decision 029); none, no choice shown. */
  series?: readonly { id: string; name: string }[];
}) {
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
  /** A text field's lock: disabled, the reason instead of the hint. */
  const lock = (name: Field, hint?: ReactNode) => ({
    hint: locked[name] ?? hint,
    disabled: locked[name] ? true : undefined,
  });
  const textField = (name: Field, label: string, rest: Omit<Parameters<typeof TextField>[0], "label" | "meta">) => {
    const { hint, disabled } = lock(name, rest.hint);
    return (
      <TextField
        label={label}
        meta={fields[name]}
        {...rest}
        hint={hint}
        inputProps={{ ...rest.inputProps, disabled }}
      />
    );
  };

  return (
    // A field that can no longer change looks it.
    <div className={`space-y-6 ${lockedLook}`}>
      <section aria-labelledby="basics" className={sectionClass}>
        <h2 id="basics" className="text-lg font-semibold">
          The night
        </h2>
        {textField("name", "Tournament name", { placeholder: "e.g., Friday 8-Ball Knockout" })}
        {textField("venue", "Venue", { placeholder: "e.g., The Red Lion, Leeds" })}
        <div className="grid gap-4 sm:grid-cols-2">
          {textField("date", "Date", { type: "date" })}
          {textField("time", "Start time", { type: "time" })}
        </div>
        {textField("registrationDeadline", "Registration deadline (optional)", {
          type: "datetime-local",
          hint: deadlineHint,
        })}
        {series.length > 0 ? (
          <Choice
            label="Series"
            meta={fields.seriesId}
            locked={locked.seriesId}
            hint="The season this night counts in: its places score in the series' ranking."
          >
            <option value="">None</option>
            {series.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Choice>
        ) : null}
      </section>

      <section aria-labelledby="format" className={sectionClass}>
        <h2 id="format" className="text-lg font-semibold">
          Format
        </h2>
        {textField("format", "Format", { hint: "Shown to players, e.g. 8-ball knockout, 9-ball, UK blackball." })}
        <div className="grid gap-4 sm:grid-cols-2">
          <Choice label="Tournament type" meta={fields.tournamentType} locked={locked.tournamentType}>
            {tournamentTypeOptions.map((o) => (
              <option key={o.value} value={o.value} disabled={Boolean(o.unavailable)}>
                {o.label}
                {o.unavailable ? ` — ${o.unavailable}` : ""}
              </option>
            ))}
          </Choice>
          <Choice label="Match type" meta={fields.matchType} locked={locked.matchType}>
            {matchTypeOptions.map((o) => (
              <option key={o.value} value={o.value} disabled={Boolean(o.unavailable)}>
                {o.label}
                {o.unavailable ? ` — ${o.unavailable}` : ""}
              </option>
            ))}
          </Choice>
          <Choice label="Seeding" meta={fields.seeding} locked={locked.seeding}>
            {seedingOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Choice>
          {/* Without JavaScript the choice is always there; with it, only for double elimination. */}
          <Choice
            label="Grand final"
            meta={fields.grandFinal}
            locked={locked.grandFinal}
            hidden={hydrated && fields.tournamentType.value !== "double_elimination"}
            hint={
              "With a reset, an unbeaten finalist who loses the grand final gets a second match. " +
              "Double elimination only."
            }
          >
            {grandFinalOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Choice>
          {/* Without JavaScript the group settings are always there; with it, only for groups. */}
          {textField("groupSize", "Players per group", {
            type: "number",
            hidden: hydrated && fields.tournamentType.value !== "round_robin_tier",
            inputProps: { min: GROUP_SIZE.min, max: GROUP_SIZE.max, step: 1, inputMode: "numeric" },
            hint: "Groups into a knockout only: each group plays a round robin.",
          })}
          {textField("advancePerGroup", "Through from each group", {
            type: "number",
            hidden: hydrated && fields.tournamentType.value !== "round_robin_tier",
            inputProps: { min: ADVANCE_PER_GROUP.min, max: ADVANCE_PER_GROUP.max, step: 1, inputMode: "numeric" },
            hint: "Groups into a knockout only: how many go on to the knockout.",
          })}
          {textField(
            "maxPlayers",
            teamEvent ? "Max teams" : hydrated ? "Max players" : "Max players (teams in a team event)",
            {
              type: "number",
              inputProps: { min: minPlayers, max: 512, step: 1, inputMode: "numeric" },
              hint: minPlayers > 2 ? `At least ${minPlayers}: the places already taken.` : undefined,
            },
          )}
          {textField("raceTo", "Race to (optional)", {
            type: "number",
            inputProps: { min: 1, max: 50, step: 1, inputMode: "numeric" },
            hint: "Frames needed to win a match.",
          })}
          {/* Ratings (decision 027): singles only; without JavaScript always there, the action says when not. */}
          <Choice
            label="Handicap"
            meta={fields.handicap}
            locked={locked.handicap}
            hidden={teamEvent}
            hint="Handicapped: the higher-rated player races to the race-to, the other to a race set from the ratings."
          >
            {handicapOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Choice>
          {textField("maxRating", "Rating cap (optional)", {
            type: "number",
            hidden: teamEvent,
            inputProps: { min: MAX_RATING_RANGE.min, max: MAX_RATING_RANGE.max, step: 1, inputMode: "numeric" },
            hint: "Only players rated up to this may enter (new players start at 500).",
          })}
          <Choice
            label="Results from tables"
            meta={fields.resultsFromTables}
            locked={locked.resultsFromTables}
            hint="When players confirm a result on the table's tablet."
          >
            {resultsFromTablesOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Choice>
          <Choice
            label="Break rule"
            meta={fields.breakRule}
            locked={locked.breakRule}
            hint="Who breaks after the first rack (the lag's winner breaks first)."
          >
            {breakRuleOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Choice>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={fields.rules.id} className={labelClass}>
            Rules (optional)
          </label>
          <textarea
            {...inputProps(fields.rules, { ariaDescribedBy: locked.rules ? `${fields.rules.id}-locked` : undefined })}
            rows={3}
            className={inputClass}
            disabled={Boolean(locked.rules)}
          />
          <LockNote id={`${fields.rules.id}-locked`} reason={locked.rules} />
          <FieldError id={fields.rules.errorId} errors={fields.rules.errors} />
        </div>
      </section>

      <section aria-labelledby="money" className={sectionClass}>
        <h2 id="money" className="text-lg font-semibold">
          Fees and prizes
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {textField("entryFee", "Entry fee (£)", {
            type: "number",
            inputProps: { min: 0, step: 0.01, inputMode: "decimal" },
          })}
          {textField("siteFee", "Site fee (£)", {
            type: "number",
            inputProps: { min: 0, step: 0.01, inputMode: "decimal" },
            hint: "Paid by each player on top of the entry fee.",
          })}
        </div>
        <fieldset className="space-y-2" disabled={Boolean(locked.rakeType ?? locked.rakeValue)}>
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
          {textField("rakeValue", rakeIsPercent ? "Rake (% of the entry fee)" : "Rake per entry (£)", {
            type: "number",
            inputProps: { min: 0, step: 0.01, inputMode: "decimal", max: rakeIsPercent ? 100 : undefined },
          })}
        </fieldset>
        {/* On a phone the full preview is below the whole form: the sums stand here, beside the fees. */}
        <PrizeSummary preview={preview} className="lg:hidden">
          {previewButton}
        </PrizeSummary>
        <fieldset className="space-y-2" disabled={Boolean(locked.payoutStructure)}>
          <legend className={labelClass}>Payout structure</legend>
          <LockNote reason={locked.payoutStructure} />
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
  );
}

/** Why a field is disabled, beside it. */
function LockNote({ id, reason }: { id?: string; reason: string | undefined }) {
  return reason ? (
    <p id={id} className={lockClass}>
      {reason}
    </p>
  ) : null;
}

/** A labelled select with its hint, or the reason it can no longer change. */
function Choice({
  label,
  meta,
  hint,
  locked,
  hidden,
  children,
}: {
  label: string;
  meta: FieldMeta;
  hint?: string;
  locked: string | undefined;
  hidden?: boolean;
  children: ReactNode;
}) {
  const note = locked ?? hint;
  return (
    <div className="space-y-1.5" hidden={hidden}>
      <label htmlFor={meta.id} className={labelClass}>
        {label}
      </label>
      <select
        {...inputProps(meta, { ariaDescribedBy: note ? meta.descriptionId : undefined })}
        className={inputClass}
        disabled={Boolean(locked)}
      >
        {children}
      </select>
      {note ? (
        <p id={meta.descriptionId} className={locked ? lockClass : "text-sm text-slate-600 dark:text-slate-400"}>
          {note}
        </p>
      ) : null}
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
