// The season's match format: the card in words, and the form that changes it — section rows (blank ones left out)
// and the singles limit — until a frame of the season is played, when the page says so instead.
import { Form, useLocation } from "react-router";
import { FormError } from "~/components/fields.tsx";
import { useIsSubmitting } from "~/components/form.tsx";
import { InputField, SelectField } from "~/components/league-fields.tsx";
import { noteClass } from "~/components/styles.ts";
import { CARD_MESSAGES } from "~/features/leagues/domain/match-card.ts";
import { FORMAT_ROWS } from "~/features/leagues/domain/season-format.ts";
import { replyFor } from "./reply.ts";
import type { SeasonPageData } from "./route.tsx";

/** A section's row: its name over frames and singles/doubles on a phone, the three side by side from `sm`. */
const rowClass = [
  "grid grid-cols-2 gap-2 border-t border-slate-200 pt-3 dark:border-slate-700",
  "sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]",
].join(" ");

export function FormatCard({ page, here }: { page: SeasonPageData; here: string }) {
  const action = `${here}/format`;
  const busy = useIsSubmitting(action);
  const reply = replyFor(page.reply, "format");
  const { key } = useLocation();
  const { format } = page.season;
  const stored = (row: number, field: "name" | "frames" | "players") => {
    const section = format.sections[row];
    if (!section) return field === "players" ? "1" : "";
    return String(section[field]);
  };
  const value = (name: string, fallback: string) => (reply ? (reply.values[name] ?? "") : fallback);
  const errors = reply?.errors ?? {};
  const formMessage = reply && (errors.form ?? (Object.keys(errors).length === 0 ? reply.message : undefined));
  return (
    <section id="format" className="card space-y-4" aria-labelledby="format-title">
      <h2 id="format-title" className="text-lg font-semibold">
        Match format
      </h2>
      <p data-testid="format-summary">{page.season.formatText}</p>
      {page.locks.format ? (
        <p className={noteClass} data-testid="format-locked">
          {CARD_MESSAGES.formatLocked}.
        </p>
      ) : (
        <details key={key} open={reply !== null}>
          <summary className="cursor-pointer text-sm font-medium text-baize-700 dark:text-baize-300">
            Change the format
          </summary>
          <Form method="post" action={action} preventScrollReset className="mt-3 space-y-4" noValidate>
            <input type="hidden" name="seasonId" value={page.season.id} />
            {formMessage ? <FormError id="format-form-error" errors={[formMessage]} /> : null}
            <p className={noteClass}>
              The frames are numbered section by section, in this order. Blank rows are left out.
            </p>
            {Array.from({ length: FORMAT_ROWS }, (_, row) => (
              <fieldset
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows are fixed places in the form
                key={row}
                className={rowClass}
                data-testid="format-row"
              >
                <legend className="sr-only">{`Section ${row + 1}`}</legend>
                <div className="col-span-2 sm:col-span-1">
                  <InputField
                    id={`format-name-${row}`}
                    name={`name-${row}`}
                    label={`Section ${row + 1} name`}
                    autoComplete="off"
                    defaultValue={value(`name-${row}`, stored(row, "name"))}
                    error={errors[`name-${row}`]}
                  />
                </div>
                <InputField
                  id={`format-frames-${row}`}
                  name={`frames-${row}`}
                  label="Frames"
                  inputMode="numeric"
                  autoComplete="off"
                  defaultValue={value(`frames-${row}`, stored(row, "frames"))}
                  error={errors[`frames-${row}`]}
                />
                <SelectField
                  id={`format-players-${row}`}
                  name={`players-${row}`}
                  label="Played as"
                  defaultValue={value(`players-${row}`, stored(row, "players")) || "1"}
                  error={errors[`players-${row}`]}
                >
                  <option value="1">Singles</option>
                  <option value="2">Doubles</option>
                </SelectField>
              </fieldset>
            ))}
            <InputField
              id="format-max-singles"
              name="maxSingles"
              label="Singles frames a player may play"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={value("maxSingles", String(format.maxSinglesPerPlayer))}
              error={errors.maxSingles}
            />
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
              {busy ? "Saving..." : "Save format"}
            </button>
          </Form>
        </details>
      )}
    </section>
  );
}
