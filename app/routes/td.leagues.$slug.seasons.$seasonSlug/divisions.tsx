// The season's divisions in order, and the form that adds one below them.
import { Form, useLocation } from "react-router";
import { FormError } from "~/components/fields.tsx";
import { useIsSubmitting } from "~/components/form.tsx";
import { InputField } from "~/components/league-fields.tsx";
import { noteClass } from "~/components/styles.ts";
import { replyFor } from "./reply.ts";
import type { SeasonPageData } from "./route.tsx";

export function DivisionsCard({ page, here }: { page: SeasonPageData; here: string }) {
  const action = `${here}/divisions`;
  const busy = useIsSubmitting(action);
  const reply = replyFor(page.reply, "division");
  const fieldMessage = reply?.errors.name;
  const { key } = useLocation();
  return (
    <section id="divisions" className="card space-y-4" aria-labelledby="divisions-title">
      <h2 id="divisions-title" className="text-lg font-semibold">
        Divisions
      </h2>
      {page.divisions.length === 0 ? (
        <p className={noteClass}>No divisions yet: add the top one first.</p>
      ) : (
        <ol className="list-inside list-decimal space-y-1" data-testid="divisions">
          {page.divisions.map((d) => (
            <li key={d.id} className="wrap-anywhere">
              <span className="font-medium">{d.name}</span>
              <span className={`ml-2 ${noteClass}`}>{d.teams.length === 1 ? "1 team" : `${d.teams.length} teams`}</span>
            </li>
          ))}
        </ol>
      )}
      {/* Drawn afresh after each answer: empty once added, as typed beside the message once refused. */}
      <Form key={key} method="post" action={action} preventScrollReset className="space-y-2" noValidate>
        <input type="hidden" name="seasonId" value={page.season.id} />
        {reply && !fieldMessage ? <FormError id="division-form-error" errors={[reply.message]} /> : null}
        <InputField
          id="division-name"
          name="name"
          label="Add division"
          autoComplete="off"
          defaultValue={reply?.values.name ?? ""}
          error={fieldMessage}
        />
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
          {busy ? "Adding..." : "Add division"}
        </button>
      </Form>
    </section>
  );
}
