// The season's teams by division — venue, captain, roster — each with a form to add a player, and the "Add team"
// form: its name, division, home venue, captain by e-mail (named for a new account) and a few players.
import { Form, useLocation } from "react-router";
import { FormError } from "~/components/fields.tsx";
import { useIsSubmitting } from "~/components/form.tsx";
import { InputField, SelectField } from "~/components/league-fields.tsx";
import { noteClass } from "~/components/styles.ts";
import { PLAYER_ROWS, replyFor, type SeasonReply } from "./reply.ts";
import type { SeasonPageData } from "./route.tsx";

type Team = SeasonPageData["divisions"][number]["teams"][number];

export function TeamsCard({ page, here }: { page: SeasonPageData; here: string }) {
  const count = page.divisions.reduce((n, d) => n + d.teams.length, 0);
  return (
    <section id="teams" className="card space-y-4" aria-labelledby="teams-title">
      <h2 id="teams-title" className="text-lg font-semibold">
        {count === 0 ? "Teams" : `Teams (${count})`}
      </h2>
      {count === 0 ? <p className={noteClass}>No teams yet: add them with the form.</p> : null}
      {page.divisions
        .filter((d) => d.teams.length > 0)
        .map((d) => (
          <div key={d.id} className="space-y-2">
            <h3 className="font-semibold wrap-anywhere">{d.name}</h3>
            <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
              {d.teams.map((t) => (
                <TeamItem key={t.id} team={t} page={page} here={here} />
              ))}
            </ul>
          </div>
        ))}
    </section>
  );
}

function TeamItem({ team, page, here }: { team: Team; page: SeasonPageData; here: string }) {
  return (
    <li
      id={`team-${team.id}`}
      className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
      data-testid="team"
    >
      <p className="font-semibold wrap-anywhere">{team.name}</p>
      <p className={`${noteClass} wrap-anywhere`}>{team.venue}</p>
      <p className="mt-1 text-sm wrap-anywhere">
        <span className="font-medium">Captain:</span> {team.captain ?? "—"}
      </p>
      <p className="text-sm wrap-anywhere">
        <span className="font-medium">Players:</span> {team.players.length > 0 ? team.players.join(", ") : "none yet"}
      </p>
      <AddPlayer team={team} page={page} here={here} />
    </li>
  );
}

function AddPlayer({ team, page, here }: { team: Team; page: SeasonPageData; here: string }) {
  const { key } = useLocation();
  const action = `${here}/teams`;
  const busy = useIsSubmitting(action);
  const reply = replyFor(page.reply, "player", team.id);
  const id = `add-player-${team.id}`;
  return (
    <details key={key} open={reply !== null} className="mt-2">
      <summary className="cursor-pointer text-sm font-medium text-baize-700 dark:text-baize-300">
        Add player<span className="sr-only">{` to ${team.name}`}</span>
      </summary>
      <Form method="post" action={action} preventScrollReset className="mt-2 space-y-3" noValidate>
        <input type="hidden" name="intent" value="add-player" />
        <input type="hidden" name="seasonId" value={page.season.id} />
        <input type="hidden" name="teamId" value={team.id} />
        {reply && !reply.errors.name && !reply.errors.email ? (
          <FormError id={`${id}-error`} errors={[reply.message]} />
        ) : null}
        <InputField
          id={`${id}-name`}
          name="name"
          label="Player's name"
          autoComplete="off"
          defaultValue={reply?.values.name ?? ""}
          error={reply?.errors.name}
        />
        <InputField
          id={`${id}-email`}
          name="email"
          type="email"
          label="E-mail (optional)"
          hint="With an e-mail they get an account; without, they play as a guest."
          autoComplete="off"
          defaultValue={reply?.values.email ?? ""}
          error={reply?.errors.email}
        />
        <button type="submit" className="btn-secondary w-full sm:w-auto" disabled={busy}>
          {busy ? "Adding..." : "Add player"}
        </button>
      </Form>
    </details>
  );
}

export function AddTeamCard({ page, here }: { page: SeasonPageData; here: string }) {
  const { key } = useLocation();
  const action = `${here}/teams`;
  const busy = useIsSubmitting(action);
  const reply = replyFor(page.reply, "team");
  const values = reply?.values ?? {};
  const errors = reply?.errors ?? {};
  const finished = page.season.status === "finished";
  return (
    <section id="add-team" className="card h-fit space-y-4" aria-labelledby="add-team-title">
      <h2 id="add-team-title" className="text-lg font-semibold">
        Add team
      </h2>
      {page.divisions.length === 0 ? (
        <p className={noteClass}>Add a division first: each team plays in one.</p>
      ) : finished ? (
        <p className={noteClass}>This season is finished.</p>
      ) : (
        <Form key={key} method="post" action={action} preventScrollReset className="space-y-4" noValidate>
          <input type="hidden" name="intent" value="add-team" />
          <input type="hidden" name="seasonId" value={page.season.id} />
          {reply && Object.keys(errors).length === 0 ? (
            <FormError id="team-form-error" errors={[reply.message]} />
          ) : null}
          <InputField
            id="team-name"
            name="name"
            label="Team name"
            autoComplete="off"
            defaultValue={values.name ?? ""}
            error={errors.name}
          />
          <SelectField
            id="team-division"
            name="divisionId"
            label="Division"
            defaultValue={values.divisionId ?? page.divisions[0]?.id}
            error={errors.divisionId}
          >
            {page.divisions.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </SelectField>
          <InputField
            id="team-venue"
            name="venue"
            label="Home venue"
            list="team-venues"
            autoComplete="off"
            hint="Teams sharing a pub never play at home on the same night."
            defaultValue={values.venue ?? ""}
            error={errors.venue}
          />
          <datalist id="team-venues">
            {page.venues.map((v) => (
              <option key={v} value={v} />
            ))}
          </datalist>
          <CaptainFields values={values} errors={errors} />
          <PlayerRows values={values} errors={errors} />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? "Adding..." : "Add team"}
          </button>
        </Form>
      )}
    </section>
  );
}

type Replied = { values: SeasonReply["values"]; errors: SeasonReply["errors"] };

function CaptainFields({ values, errors }: Replied) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold">Captain</legend>
      <InputField
        id="team-captain-email"
        name="captainEmail"
        type="email"
        label="Captain's e-mail"
        autoComplete="off"
        defaultValue={values.captainEmail ?? ""}
        error={errors.captainEmail}
      />
      <InputField
        id="team-captain-name"
        name="captainName"
        label="Captain's name (for a new player)"
        autoComplete="off"
        hint="A new e-mail gets an account with this name; an existing player keeps theirs."
        defaultValue={values.captainName ?? ""}
        error={errors.captainName}
      />
    </fieldset>
  );
}

function PlayerRows({ values, errors }: Replied) {
  return (
    <fieldset className="space-y-3" aria-describedby="team-players-hint team-players-error">
      <legend className="text-sm font-semibold">Players (optional)</legend>
      <p id="team-players-hint" className={noteClass}>
        A name alone for a guest; an e-mail for an account. Blank rows are left out.
      </p>
      {Array.from({ length: PLAYER_ROWS }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows are fixed places in the form
        <div key={row} className="grid gap-2 sm:grid-cols-2">
          <InputField
            id={`team-player-${row}-name`}
            name={`players.${row}.name`}
            label={`Player ${row + 1} name`}
            autoComplete="off"
            defaultValue={values[`players.${row}.name`] ?? ""}
            error={errors[`players.${row}.name`]}
          />
          <InputField
            id={`team-player-${row}-email`}
            name={`players.${row}.email`}
            type="email"
            label={`Player ${row + 1} e-mail (optional)`}
            autoComplete="off"
            defaultValue={values[`players.${row}.email`] ?? ""}
            error={errors[`players.${row}.email`]}
          />
        </div>
      ))}
      <p id="team-players-error" className="text-sm font-medium text-red-700 dark:text-red-400" aria-live="polite">
        {errors.players ?? null}
      </p>
    </fieldset>
  );
}
