// The tournament form's Format section: the kind of event and its draw, then how its matches are played.
import { FieldError } from "~/components/fields.tsx";
import { inputClass } from "~/components/styles.ts";
import { inputProps } from "~/components/use-form.ts";
import { grandFinalOptions, handicapOptions, seedingOptions } from "~/features/tournaments/domain/creation-form.ts";
import { ADVANCE_PER_GROUP, GROUP_SIZE } from "~/features/play/domain/group-sizes.ts";
import { MAX_RATING_RANGE } from "~/features/ratings/domain/ratings.ts";
import { breakRuleOptions, resultsFromTablesOptions } from "~/features/floor/domain/table-scoring.ts";
import { matchTypeOptions, tournamentTypeOptions } from "~/domain/tournaments.ts";
import {
  Choice,
  labelClass,
  LockNote,
  sectionClass,
  textField,
  type TournamentForm,
} from "./tournament-form-parts.tsx";

export function FormatSection({ form, minPlayers }: { form: TournamentForm; minPlayers: number }) {
  const { fields, locked } = form;
  return (
    <section aria-labelledby="format" className={sectionClass}>
      <h2 id="format" className="text-lg font-semibold">
        Format
      </h2>
      {textField(form, "format", "Format", { hint: "Shown to players, e.g. 8-ball knockout, 9-ball, UK blackball." })}
      <div className="grid gap-4 sm:grid-cols-2">
        <DrawChoices form={form} />
        <PlayChoices form={form} minPlayers={minPlayers} />
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
  );
}

/** The kind of event and how its draw is made: the type, singles or teams, the seeding, a double's grand final. */
function DrawChoices({ form }: { form: TournamentForm }) {
  const { fields, locked, hydrated } = form;
  return (
    <>
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
      {textField(form, "groupSize", "Players per group", {
        type: "number",
        hidden: hydrated && fields.tournamentType.value !== "round_robin_tier",
        inputProps: { min: GROUP_SIZE.min, max: GROUP_SIZE.max, step: 1, inputMode: "numeric" },
        hint: "Groups into a knockout only: each group plays a round robin.",
      })}
      {textField(form, "advancePerGroup", "Through from each group", {
        type: "number",
        hidden: hydrated && fields.tournamentType.value !== "round_robin_tier",
        inputProps: { min: ADVANCE_PER_GROUP.min, max: ADVANCE_PER_GROUP.max, step: 1, inputMode: "numeric" },
        hint: "Groups into a knockout only: how many go on to the knockout.",
      })}
    </>
  );
}

/** How many may enter and how the matches are played: the race, the handicap, results and breaks at the tables. */
function PlayChoices({ form, minPlayers }: { form: TournamentForm; minPlayers: number }) {
  const { fields, locked, hydrated } = form;
  // An entry is a team in a team event: the field counts teams (decision 011).
  const teamEvent = hydrated && (fields.matchType.value ?? "1v1") !== "1v1";
  return (
    <>
      {textField(
        form,
        "maxPlayers",
        teamEvent ? "Max teams" : hydrated ? "Max players" : "Max players (teams in a team event)",
        {
          type: "number",
          inputProps: { min: minPlayers, max: 512, step: 1, inputMode: "numeric" },
          hint: minPlayers > 2 ? `At least ${minPlayers}: the places already taken.` : undefined,
        },
      )}
      {textField(form, "raceTo", "Race to (optional)", {
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
      {textField(form, "maxRating", "Rating cap (optional)", {
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
    </>
  );
}
