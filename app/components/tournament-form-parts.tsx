// What the tournament form's sections share: the fields' names, a text field or a select that shows why it can no
// longer change (an edit), and the sections' look.
import type { ReactNode } from "react";
import { FieldError, TextField } from "~/components/fields.tsx";
import { inputClass } from "~/components/styles.ts";
import { inputProps, type FieldMeta } from "~/components/use-form.ts";

export const sectionClass = "card space-y-4";
export const labelClass = "block text-sm font-medium";
const lockClass = "text-sm font-medium text-amber-800 dark:text-amber-300";

export type Field =
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

/** The form as each section reads it: its fields, those that can no longer change (with why), and whether it runs. */
export type TournamentForm = {
  fields: Record<Field, FieldMeta>;
  locked: Partial<Record<Field, string>>;
  hydrated: boolean;
};

/** A text field with its hint, or disabled with the reason it can no longer change instead of the hint. */
export function textField(
  { fields, locked }: TournamentForm,
  name: Field,
  label: string,
  rest: Omit<Parameters<typeof TextField>[0], "label" | "meta">,
) {
  return (
    <TextField
      label={label}
      meta={fields[name]}
      {...rest}
      hint={locked[name] ?? rest.hint}
      inputProps={{ ...rest.inputProps, disabled: locked[name] ? true : undefined }}
    />
  );
}

/** Why a field is disabled, beside it. */
export function LockNote({ id, reason }: { id?: string; reason: string | undefined }) {
  return reason ? (
    <p id={id} className={lockClass}>
      {reason}
    </p>
  ) : null;
}

/** A labelled select with its hint, or the reason it can no longer change. */
export function Choice({
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
