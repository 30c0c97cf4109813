// A league team's public page (DESIGN §11): its division, home venue and roster (the captain marked; names only, no
// e-mail), its fixtures and results, and its calendar feed. The team's captain and the league's secretary add players
// here: a plain form posting to its own route (decision 037), refusals coming back beside their field.
import { data, Form, Link, useLoaderData, useNavigation } from "react-router";
import { Badge } from "~/components/badges.tsx";
import { RosterAverage } from "~/components/league-averages.tsx";
import { FixtureList } from "~/components/league-fixtures.tsx";
import { PageNotFound } from "~/components/not-found.tsx";
import { inputClass, noteClass } from "~/components/styles.ts";
import { appContext } from "~/context.server.ts";
import { leaguePath, leagueTeamCalendarPath, leagueTeamPath } from "~/domain/anchors.ts";
import { teamPageQuery } from "~/features/leagues/server/league-pages.server.ts";
import { visitor } from "~/web/access.server.ts";
import { flashedReply } from "~/web/session.server.ts";
import { type RosterField, type RosterReply, rosterReplyOf } from "./roster-reply.ts";
import type { Route } from "./+types/route";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (params.slug.length > 160 || params.teamId.length > 64) throw data("Team not found", { status: 404 });
  const { env } = context.get(appContext);
  const { user, page } = await (await visitor(context)).read({ page: teamPageQuery(params.slug, params.teamId) });
  if (!page) throw data("Team not found", { status: 404 });
  const { team, roster, fixtures, averages, penalties } = page;
  // Who may add to the roster, as the use case decides it: the league's secretary, or the team's captain.
  const mayAdd =
    user !== null &&
    team.season.status !== "finished" &&
    (user.userType === "organiser" ? user.id === team.league.organiserId : user.id === team.captainId);
  const feed = new URL(leagueTeamCalendarPath(team.league.slug, team.id), request.url);
  return {
    team: { id: team.id, name: team.name, venue: team.venue, division: team.division },
    season: { id: team.season.id, slug: team.season.slug, name: team.season.name },
    league: { slug: team.league.slug, name: team.league.name },
    // Each player's singles frames this season (a roster's every player has a line: none played, noughts).
    roster: roster.map((p) => {
      const { played = 0, won = 0, lost = 0, winPercent = 0 } = averages.get(p.id) ?? {};
      return { id: p.id, name: p.name, guest: p.guest, captain: p.captain, average: { played, won, lost, winPercent } };
    }),
    fixtures,
    penalties,
    feed: { https: feed.href, webcal: `webcal://${feed.host}${feed.pathname}` },
    mayAdd,
    // The add-player form the rules refused (its route redirected back here): what was typed and why.
    reply: mayAdd ? rosterReplyOf(await flashedReply(request, env)) : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `${loaderData.team.name} — ${loaderData.league.name} — Break & Run`
      : "Team not found — Break & Run",
  },
];

type Page = ReturnType<typeof useLoaderData<typeof loader>>;

const muted = "text-slate-600 dark:text-slate-400";
const linkClass = "inline-flex min-h-11 items-center font-semibold text-baize-700 hover:underline dark:text-baize-300";

export default function TeamPage() {
  const page = useLoaderData<typeof loader>();
  const { team, league, season } = page;
  return (
    <main id="main" className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8">
      <div>
        <p className="text-sm">
          <Link to={leaguePath(league.slug, season.slug)} className={`${linkClass} min-h-0`}>
            {league.name}
          </Link>
          <span className={muted}> · {season.name}</span>
        </p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight break-words sm:text-4xl">{team.name}</h1>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className={muted}>Division</dt>
          <dd className="font-medium">{team.division}</dd>
          <dt className={muted}>Home venue</dt>
          <dd className="font-medium">{team.venue}</dd>
        </dl>
        <CalendarLinks feed={page.feed} />
      </div>

      <section id="roster" className="card scroll-mt-20" aria-labelledby="roster-title">
        <h2 id="roster-title" className="text-lg font-semibold">
          Roster
        </h2>
        {page.roster.length === 0 ? (
          <p className={`mt-2 text-sm ${muted}`}>No players yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800" data-testid="roster">
            {page.roster.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-2 py-2">
                <span className="font-medium break-words">{p.name}</span>
                {p.captain ? <Badge tone="green">Captain</Badge> : null}
                {p.guest ? <Badge tone="amber">Guest</Badge> : null}
                <RosterAverage line={p.average} />
              </li>
            ))}
          </ul>
        )}
        {page.mayAdd ? <AddPlayerForm page={page} /> : null}
      </section>

      {page.penalties.length > 0 ? <Penalties penalties={page.penalties} /> : null}

      <section className="card" aria-labelledby="fixtures-title">
        <h2 id="fixtures-title" className="text-lg font-semibold">
          Fixtures and results
        </h2>
        {page.fixtures.length === 0 ? (
          <p className={`mt-2 text-sm ${muted}`}>Fixtures not yet published</p>
        ) : (
          <FixtureList fixtures={page.fixtures} leagueSlug={league.slug} teamId={team.id} />
        )}
      </section>
    </main>
  );
}

/** The points the secretary deducted from the team, each with its reason: why the table's points don't add up. */
function Penalties({ penalties }: { penalties: Page["penalties"] }) {
  const total = penalties.reduce((sum, p) => sum + p.points, 0);
  return (
    <section className="card" aria-labelledby="penalties-title" data-testid="team-penalties">
      <h2 id="penalties-title" className="text-lg font-semibold">
        Points deducted
      </h2>
      <p className={`mt-1 text-sm ${muted}`}>
        {`${total} point${total === 1 ? "" : "s"} taken off the team's total by the league's secretary.`}
      </p>
      <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
        {penalties.map((p) => (
          <li key={p.id} className="flex gap-3 py-2">
            <span className="font-semibold tabular-nums text-red-700 dark:text-red-400">{`−${p.points}`}</span>
            <span className="break-words">{p.reason}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The team's calendar feed: subscribed to (webcal:), or the file fetched to import or to subscribe by its address. */
function CalendarLinks({ feed }: { feed: Page["feed"] }) {
  return (
    <div className="mt-3 text-sm">
      <p className="flex flex-wrap gap-x-5">
        <a href={feed.webcal} className={linkClass}>
          Add to calendar
        </a>
        <a href={feed.https} className={linkClass} download>
          Download the fixtures (.ics)
        </a>
      </p>
      <p className={muted}>
        Subscribed, your calendar app shows every fixture with a date, and follows them when they move.
      </p>
    </div>
  );
}

function Field({
  name,
  label,
  type,
  hint,
  reply,
  required = false,
}: {
  name: RosterField;
  label: string;
  type: "text" | "email";
  hint?: string;
  reply: RosterReply | null;
  required?: boolean;
}) {
  const id = `roster-${name}`;
  const wrong = reply?.field === name;
  const described = [hint ? `${id}-hint` : null, wrong ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        required={required}
        maxLength={type === "email" ? 254 : 100}
        autoComplete="off"
        defaultValue={reply?.values[name] ?? ""}
        aria-invalid={wrong || undefined}
        aria-describedby={described || undefined}
        className={inputClass}
      />
      {wrong ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700 dark:text-red-400" role="alert">
          {reply.message}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The captain's (or the secretary's) form: a player by name and, for an account, e-mail. */
function AddPlayerForm({ page }: { page: Page }) {
  const navigation = useNavigation();
  const action = `${leagueTeamPath(page.league.slug, page.team.id)}/players`;
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  const { reply } = page;
  return (
    <Form
      // A player added is a new roster: the form starts empty again (a refusal keeps what was typed).
      key={`${page.roster.length}:${reply?.message ?? ""}`}
      method="post"
      action={action}
      preventScrollReset
      className="mt-4 space-y-3 border-t border-slate-200 pt-4 dark:border-slate-800"
      aria-labelledby="add-player-title"
    >
      <h3 id="add-player-title" className="text-base font-semibold">
        Add a player
      </h3>
      <input type="hidden" name="seasonId" value={page.season.id} />
      {reply && reply.field === null ? (
        <p className="text-sm font-medium text-red-700 dark:text-red-400" role="alert">
          {reply.message}
        </p>
      ) : null}
      <Field name="name" label="Name" type="text" required reply={reply} />
      <Field
        name="email"
        label="Email (optional)"
        type="email"
        reply={reply}
        hint="A player's e-mail puts their account on the roster; a new one invites them. Empty: a guest of the league."
      />
      <p className={noteClass}>Each player is on one team a season.</p>
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
        {busy ? "Adding…" : "Add player"}
      </button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <PageNotFound what="Team" />;
}
