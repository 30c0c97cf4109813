// A team event on the tournament page (decision 011): the captain's entry form
// (a plain form: it works before JavaScript loads; each teammate an e-mail,
// with a name for one who has no account yet: decision 011), the teams with their
// members, and before the start "Leave team" for a member and "Replace" for
// the captain.
import { Form } from "react-router";
import { inputClass } from "~/components/styles.ts";
import type { HeadlinePrice } from "~/features/money/domain/headline-price.ts";

type Team = { id: string; name: string; captainId: string; members: { id: string; name: string }[] };

export function TeamJoinForm({ slug, size, price }: { slug: string; size: number; price: HeadlinePrice }) {
  return (
    <Form method="post" action={`/tournament/${slug}/checkout`} className="space-y-3" aria-label="Enter a team">
      <input type="hidden" name="intent" value="join" />
      <div className="space-y-1.5">
        <label htmlFor="team-name" className="block text-sm font-medium">
          Team name
        </label>
        <input id="team-name" name="teamName" required maxLength={60} className={inputClass} autoComplete="off" />
      </div>
      {Array.from({ length: size - 1 }, (_, i) => i + 1).map((n) => (
        <div key={n} className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-1.5">
            <label htmlFor={`teammate-${n}`} className="block text-sm font-medium">
              Teammate {n} e-mail
            </label>
            <input
              id={`teammate-${n}`}
              name="teammates"
              type="email"
              required
              maxLength={254}
              className={inputClass}
              autoComplete="off"
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor={`teammate-name-${n}`} className="block text-sm font-medium">
              Teammate {n} name <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
            </label>
            <input
              id={`teammate-name-${n}`}
              name="teammateNames"
              maxLength={100}
              className={inputClass}
              autoComplete="off"
            />
          </div>
        </div>
      ))}
      <p className="text-sm text-slate-600 dark:text-slate-300">
        A teammate without an account gets one, under the name you give, and an e-mail to set a password. You pay for
        the whole team: {price.total}
        {price.split ? ` — ${price.split}` : ""}.
      </p>
      <button type="submit" className="btn-primary w-full">
        Enter Team — {price.total}
      </button>
    </Form>
  );
}

export function TeamsList({
  teams,
  slug,
  tournamentId,
  viewerId,
  open,
  size,
  withdrawn,
}: {
  teams: Team[];
  slug: string;
  tournamentId: string;
  viewerId: string | null;
  open: boolean;
  size: number;
  /** Teams withdrawn during play (decision 021). */
  withdrawn: string[];
}) {
  return (
    <section className="card">
      <h2 className="text-lg font-semibold">Teams ({teams.length})</h2>
      {teams.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">No team has entered yet. Be the first.</p>
      ) : (
        <ol className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
          {teams.map((team, index) => {
            const mine = viewerId !== null && team.members.some((m) => m.id === viewerId);
            const captain = viewerId === team.captainId;
            return (
              <li key={team.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                <p className="font-semibold">
                  <span className="text-slate-500 tabular-nums dark:text-slate-400">{index + 1}.</span> {team.name}
                  {withdrawn.includes(team.id) ? (
                    <span className="font-normal text-slate-500 italic dark:text-slate-400"> (withdrawn)</span>
                  ) : null}
                </p>
                <ul className="mt-1 space-y-0.5" aria-label={`${team.name} members`}>
                  {team.members.map((m) => (
                    <li key={m.id}>
                      {m.name}
                      {m.id === team.captainId ? " (captain)" : ""}
                    </li>
                  ))}
                  {team.members.length < size ? (
                    <li className="font-medium text-amber-700 dark:text-amber-400">A player short</li>
                  ) : null}
                </ul>
                {open && mine && !captain ? (
                  <Form method="post" action={`/tournament/${slug}/team`} className="mt-2">
                    <input type="hidden" name="intent" value="leave" />
                    <input type="hidden" name="tournamentId" value={tournamentId} />
                    <input type="hidden" name="teamId" value={team.id} />
                    <button type="submit" className="btn-secondary">
                      Leave team
                    </button>
                  </Form>
                ) : null}
                {open && captain ? (
                  <ReplaceForm team={team} slug={slug} tournamentId={tournamentId} size={size} />
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function ReplaceForm({
  team,
  slug,
  tournamentId,
  size,
}: {
  team: Team;
  slug: string;
  tournamentId: string;
  size: number;
}) {
  const others = team.members.filter((m) => m.id !== team.captainId);
  const short = team.members.length < size;
  return (
    <Form method="post" action={`/tournament/${slug}/team`} className="mt-2 space-y-2">
      <input type="hidden" name="intent" value="replace" />
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="teamId" value={team.id} />
      {short ? (
        <input type="hidden" name="from" value="" />
      ) : (
        <div className="space-y-1">
          <label htmlFor={`from-${team.id}`} className="block font-medium">
            Replace
          </label>
          <select id={`from-${team.id}`} name="from" className={inputClass}>
            {others.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="space-y-1">
        <label htmlFor={`to-${team.id}`} className="block font-medium">
          {short ? "New teammate's e-mail" : "With (e-mail)"}
        </label>
        <input id={`to-${team.id}`} name="to" type="email" required maxLength={254} className={inputClass} />
      </div>
      <div className="space-y-1">
        <label htmlFor={`to-name-${team.id}`} className="block font-medium">
          Their name <span className="font-normal text-slate-500 dark:text-slate-400">(if they have no account)</span>
        </label>
        <input id={`to-name-${team.id}`} name="toName" maxLength={100} className={inputClass} autoComplete="off" />
      </div>
      <button type="submit" className="btn-secondary">
        {short ? "Add teammate" : "Replace"}
      </button>
    </Form>
  );
}
