// The director's walk-ins before the start (DESIGN §10): a player or a team
// entered as paid at the bar, and the list of those entries, each with a link
// to the dialog that takes it out (RemoveWalkInDialog, in entry-dialogs.tsx,
// whose code loads only when a dialog opens). Plain forms, so the card works without JavaScript; a
// refused entry comes back with what was typed and the message beside it.
import { Form, Link } from "react-router";
import { pageActionPath, type WalkInReply } from "~/features/tournaments/domain/page-actions.ts";
import { inputClass, noteClass as note } from "~/components/styles.ts";
import { Badge } from "~/components/badges.tsx";
import { formatGBP } from "~/domain/pence.ts";
import { usePageSubmitting } from "./page-action.ts";
import { Panel } from "./panel.tsx";

type WalkIn = { entryId: string; name: string; account: "player" | "invited" | "guest" | null };

/** What the list says of each walk-in: a player's own account, one invited by e-mail, or a guest (a name only). */
const accountLabels = {
  player: { label: "Player", tone: "slate" },
  invited: { label: "Invited", tone: "blue" },
  guest: { label: "Guest", tone: "amber" },
} as const;
type Reply = WalkInReply | null;

const labelClass = "block text-sm font-medium";
const errorClass = "text-sm font-medium text-red-700 dark:text-red-400";

function Field({
  name,
  label,
  type = "text",
  required = false,
  hint,
  reply,
  autoComplete,
}: {
  name: string;
  label: string;
  type?: "text" | "email";
  required?: boolean;
  hint?: string;
  reply: Reply;
  autoComplete?: string;
}) {
  const id = `walk-in-${name.replace(/\./g, "-")}`;
  const wrong = reply?.field === name;
  const described = [hint ? `${id}-hint` : null, wrong ? "walk-in-error" : null].filter(Boolean).join(" ");
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        required={required}
        maxLength={type === "email" ? 254 : 100}
        autoComplete={autoComplete ?? "off"}
        defaultValue={reply?.values[name] ?? ""}
        aria-invalid={wrong || undefined}
        aria-describedby={described || undefined}
        className={inputClass}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

const EMAIL_HINT = "Optional. A player's e-mail enters their account; a new one invites them. Empty: a guest.";

/** A team walking in: its name, and each player's name and (optional) e-mail. */
function TeamFields({ teamSize, reply }: { teamSize: number; reply: Reply }) {
  return (
    <>
      <Field name="teamName" label="Team name" required reply={reply} />
      {Array.from({ length: teamSize }, (_, i) => `members.${i}`).map((prefix, i) => (
        <fieldset key={prefix} className="space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
          <legend className="px-1 text-sm font-semibold">
            Player {i + 1}
            {i === 0 ? " (captain)" : ""}
          </legend>
          <Field name={`members.${i}.name`} label="Name" required reply={reply} />
          <Field name={`members.${i}.email`} label="Email" type="email" reply={reply} />
        </fieldset>
      ))}
      <p className="text-xs text-slate-600 dark:text-slate-400">{EMAIL_HINT}</p>
    </>
  );
}

/** The walk-ins card: add a player (or a team) who paid at the bar; the cash entries so far, each removable. */
export function WalkInsCard({
  walkIns,
  slug,
  teamSize,
  entryFeePence,
  siteFeePence,
  full,
  reply,
  open,
}: {
  walkIns: WalkIn[];
  slug: string;
  teamSize: number;
  entryFeePence: number;
  siteFeePence: number;
  full: boolean;
  reply: Reply;
  /** Open when the page is drawn (a refused walk-in opens it too). */
  open: boolean;
}) {
  const busy = usePageSubmitting();
  const team = teamSize > 1;
  const take = formatGBP((entryFeePence + siteFeePence) * teamSize);
  return (
    <Panel
      id="walk-ins"
      titleId="walk-ins-title"
      title="Walk-ins"
      summary={walkIns.length === 0 ? "No cash entries yet" : `${walkIns.length} paid at the bar`}
      open={open || reply !== null}
    >
      <p className={note}>
        {team ? "A team paying" : "Someone paying"} at the bar: take {take}. The site fee
        {siteFeePence > 0 ? ` (${formatGBP(siteFeePence * teamSize)})` : ""} comes out of your balance when you
        finalize.
      </p>
      {full ? (
        <p className={note}>The tournament is full.</p>
      ) : (
        <Form
          // A walk-in added is a new list: the form starts empty again for the next (a refusal keeps what was typed).
          key={`${walkIns.length}:${walkIns.at(-1)?.entryId ?? ""}`}
          method="post"
          navigate={false}
          action={pageActionPath(slug, "entries")}
          preventScrollReset
          className="space-y-3"
          aria-label="Add a walk-in"
        >
          <input type="hidden" name="intent" value="add-walk-in" />
          {team ? (
            <TeamFields teamSize={teamSize} reply={reply} />
          ) : (
            <>
              <Field name="name" label="Name" required reply={reply} autoComplete="off" />
              <Field name="email" label="Email" type="email" hint={EMAIL_HINT} reply={reply} />
            </>
          )}
          {reply ? (
            <p id="walk-in-error" role="alert" className={errorClass}>
              {reply.message}
            </p>
          ) : null}
          {reply?.confirmName ? (
            <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
              <input type="checkbox" name="sameNameOk" value={reply.confirmName} required className="size-5" />
              Yes, add another {reply.confirmName}
            </label>
          ) : null}
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? "Adding..." : team ? "Add team (paid at the bar)" : "Add walk-in (paid at the bar)"}
          </button>
        </Form>
      )}
      <PaidAtTheBar walkIns={walkIns} slug={slug} />
    </Panel>
  );
}

/** The cash entries so far, each with the way to take it out. */
function PaidAtTheBar({ walkIns, slug }: { walkIns: WalkIn[]; slug: string }) {
  return (
    <div>
      <h3 className="text-base font-semibold">Paid at the bar</h3>
      {walkIns.length === 0 ? (
        <p className={`${note} mt-1`}>No cash entries yet.</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-200 text-sm dark:divide-slate-800" data-testid="walk-ins">
          {walkIns.map((w) => (
            <li key={w.entryId} className="flex items-center justify-between gap-2 py-1">
              <span className="flex min-w-0 items-center gap-2">
                <span className="min-w-0 truncate">{w.name}</span>
                {w.account ? (
                  <Badge tone={accountLabels[w.account].tone}>{accountLabels[w.account].label}</Badge>
                ) : null}
              </span>
              <Link
                to={`/tournament/${slug}?${new URLSearchParams({ confirm: "remove-walk-in", entry: w.entryId })}`}
                preventScrollReset
                className="btn-ghost min-h-11 px-3 text-sm text-red-700 dark:text-red-400"
                aria-label={`Remove ${w.name}`}
              >
                Remove
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
