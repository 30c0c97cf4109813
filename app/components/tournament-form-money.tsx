// The tournament form's Fees and prizes section: the fees, the rake, the prize sums beside them on a phone, and the
// payout structure.
import type { ReactNode } from "react";
import { FieldError } from "~/components/fields.tsx";
import { PrizeSummary } from "~/components/prize-preview.tsx";
import { choiceCardClass } from "~/components/styles.ts";
import { inputProps } from "~/components/use-form.ts";
import {
  payoutStructures,
  payoutWording,
  rakeTypeLabels,
  rakeTypes,
  structuresForFieldSize,
} from "~/features/money/domain/money.ts";
import type { PrizePreview } from "~/features/money/domain/prize-preview.ts";
import { tournamentTypes } from "~/domain/tournaments.ts";
import { labelClass, LockNote, sectionClass, textField, type TournamentForm } from "./tournament-form-parts.tsx";

export function MoneySection({
  form,
  preview,
  previewButton,
}: {
  form: TournamentForm;
  preview: PrizePreview | null;
  previewButton: ReactNode;
}) {
  const { fields, locked } = form;
  const rakeIsPercent = fields.rakeType.value === "percent";
  return (
    <section aria-labelledby="money" className={sectionClass}>
      <h2 id="money" className="text-lg font-semibold">
        Fees and prizes
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {textField(form, "entryFee", "Entry fee (£)", {
          type: "number",
          inputProps: { min: 0, step: 0.01, inputMode: "decimal" },
        })}
        {textField(form, "siteFee", "Site fee (£)", {
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
        {textField(form, "rakeValue", rakeIsPercent ? "Rake (% of the entry fee)" : "Rake per entry (£)", {
          type: "number",
          inputProps: { min: 0, step: 0.01, inputMode: "decimal", max: rakeIsPercent ? 100 : undefined },
        })}
      </fieldset>
      {/* On a phone the full preview is below the whole form: the sums stand here, beside the fees. */}
      <PrizeSummary preview={preview} className="lg:hidden">
        {previewButton}
      </PrizeSummary>
      <PayoutStructure form={form} />
    </section>
  );
}

/** The ways the prize pool may be split, those the field is too small for disabled with how many they need. */
function PayoutStructure({ form: { fields, locked } }: { form: TournamentForm }) {
  const maxPlayers = Number(fields.maxPlayers.value);
  const available = structuresForFieldSize(
    Number.isInteger(maxPlayers) && maxPlayers >= 2 ? Math.min(maxPlayers, 512) : 2,
  );
  // A league or groups event pays places, not rounds reached: the payout choices say so (without JavaScript, once
  // the form comes back from Preview).
  const tournamentType = tournamentTypes.find((type) => type === fields.tournamentType.value);
  return (
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
  );
}
