// The tournament form's fields — the night, the format, fees and prizes — shared by creating a tournament and
// editing one. An edit shows the fields that can no longer change disabled, with the reason beside them (a disabled
// field is not sent: the action keeps what is stored).
import type { ReactNode } from "react";
import type { FieldMeta } from "~/components/use-form.ts";
import type { PrizePreview } from "~/features/money/domain/prize-preview.ts";
import { FormatSection } from "./tournament-form-format.tsx";
import { MoneySection } from "./tournament-form-money.tsx";
import { Choice, sectionClass, textField, type Field, type TournamentForm } from "./tournament-form-parts.tsx";

/** A field that can no longer change looks it (its reason beside it does not fade). */
const lockedLook =
  "[&_:is(input,select,textarea):disabled]:cursor-not-allowed " + "[&_:is(input,select,textarea):disabled]:opacity-60";

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
  const form: TournamentForm = { fields, locked, hydrated };
  return (
    // A field that can no longer change looks it.
    <div className={`space-y-6 ${lockedLook}`}>
      <NightSection form={form} deadlineHint={deadlineHint} series={series} />
      <FormatSection form={form} minPlayers={minPlayers} />
      <MoneySection form={form} preview={preview} previewButton={previewButton} />
    </div>
  );
}

/** When and where: the name, the venue, the date and time, the deadline, and the series it counts in. */
function NightSection({
  form,
  deadlineHint,
  series,
}: {
  form: TournamentForm;
  deadlineHint: string;
  series: readonly { id: string; name: string }[];
}) {
  return (
    <section aria-labelledby="basics" className={sectionClass}>
      <h2 id="basics" className="text-lg font-semibold">
        The night
      </h2>
      {textField(form, "name", "Tournament name", { placeholder: "e.g., Friday 8-Ball Knockout" })}
      {textField(form, "venue", "Venue", { placeholder: "e.g., The Red Lion, Leeds" })}
      <div className="grid gap-4 sm:grid-cols-2">
        {textField(form, "date", "Date", { type: "date" })}
        {textField(form, "time", "Start time", { type: "time" })}
      </div>
      {textField(form, "registrationDeadline", "Registration deadline (optional)", {
        type: "datetime-local",
        hint: deadlineHint,
      })}
      {series.length > 0 ? (
        <Choice
          label="Series"
          meta={form.fields.seriesId}
          locked={form.locked.seriesId}
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
  );
}
