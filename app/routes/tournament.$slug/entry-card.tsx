// The tournament page's Entry card: what entering costs, how many are in, and
// what the viewer can do about it — join, pay, check in, leave, the reserve list.
import { Form, Link } from "react-router";
import { lazyNamed } from "~/components/lazy.ts";
import { Price } from "~/components/price.tsx";
import { fullWhileHeldText } from "~/features/entries/domain/holds.ts";
import type { HeadlinePrice } from "~/features/money/domain/headline-price.ts";
import type { TournamentPageModel } from "~/features/tournaments/domain/tournament-page.ts";
import type { RegistrationState } from "~/domain/tournaments.ts";

// A team event's form and the check-in, leaving and reserve list: only for those who use them.
const TeamJoinForm = lazyNamed(() => import("./teams.tsx"), "TeamJoinForm");
const PlayerCheckIn = lazyNamed(() => import("./player-check-in.tsx"), "PlayerCheckIn");

export function EntryCard({
  tournament: t,
  viewer,
  entry: { registration, deadlinePassed, me, checkin },
  withdrawn,
}: Pick<TournamentPageModel, "tournament" | "viewer" | "entry"> & {
  /** The viewer's entry was withdrawn from play. */
  withdrawn: boolean;
}) {
  const full = registration === "full" && t.teamSize === 1;
  return (
    <section className="card">
      <h2 className="text-lg font-semibold">Entry</h2>
      {/* The total a player (a team's captain) pays comes first, every fee inside it; the split beside it. */}
      <dl className="mt-2 text-sm">
        <dt className="sr-only">Price</dt>
        <dd>
          <Price price={t.price} totalClassName="text-2xl font-bold tabular-nums" />
        </dd>
      </dl>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
        {t.playerCount}/{t.maxPlayers} {t.teamSize > 1 ? "teams" : "players"} registered
      </p>
      <div className="mt-4">
        <JoinAction
          state={registration}
          withdrawn={withdrawn}
          slug={t.slug}
          viewer={viewer}
          deadlinePassed={deadlinePassed}
          heldByOthers={t.holds}
          price={t.price}
          team={t.teamSize > 1 ? { size: t.teamSize } : null}
        />
        {/* Its module loads only where it has something to say: a player's page, or the QR code's link. */}
        {t.status === "open" &&
        (me ? me.entered || me.reservePosition !== null || checkin || full : !viewer && checkin) ? (
          <PlayerCheckIn me={me} slug={t.slug} full={full} checkin={checkin} signedOut={!viewer} />
        ) : null}
      </div>
    </section>
  );
}

const withdrawnText = "You were withdrawn from play: your matches left go to your opponents.";

const stateText: Record<Exclude<RegistrationState, "open">, string> = {
  registered: "You're registered. See you at the table!",
  pending: "Your payment is pending.",
  full: "This tournament is full.",
  closed: "Registration Closed",
  started: "Registration has closed: the tournament has started.",
};

function JoinAction({
  state,
  withdrawn,
  slug,
  viewer,
  deadlinePassed,
  heldByOthers,
  price,
  team,
}: {
  state: RegistrationState;
  /** The viewer's entry was withdrawn from play. */
  withdrawn: boolean;
  slug: string;
  viewer: { userType: string; isOwner: boolean } | null;
  deadlinePassed: boolean;
  /** Places held by players paying now: "full" may be only for the next few minutes. */
  heldByOthers: number;
  /** What joining costs: the button says the total. */
  price: HeadlinePrice;
  /** A team event: the captain names the team to join. */
  team: { size: number } | null;
}) {
  // Full because players are paying for the last places: say so, and when to look again.
  const heldFull = state === "full" ? fullWhileHeldText(heldByOthers) : null;
  if (heldFull && viewer?.userType !== "organiser") return <p className="text-sm font-medium">{heldFull}</p>;
  if (!viewer) {
    // Most who follow a shared link have no account yet: sign-up comes first, and both come back here.
    if (state === "open") {
      const back = { redirectTo: `/tournament/${slug}` };
      return (
        <div className="space-y-3">
          <Link to={`/signup?${new URLSearchParams({ role: "player", ...back })}`} className="btn-primary w-full">
            Join — create an account
          </Link>
          <p className="text-center text-sm text-slate-600 dark:text-slate-300">
            Already have an account?{" "}
            <Link
              to={`/login?${new URLSearchParams(back)}`}
              className="font-semibold text-baize-700 underline-offset-2 hover:underline dark:text-baize-300"
            >
              Sign In to Join
            </Link>
          </p>
        </div>
      );
    }
    return <p className="text-sm font-medium">{stateText[state === "registered" ? "full" : state]}</p>;
  }
  if (viewer.userType === "organiser") {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {viewer.isOwner ? "You are running this tournament." : "Sign in with a player account to enter tournaments."}
      </p>
    );
  }
  if (state === "open" && team) return <TeamJoinForm slug={slug} size={team.size} price={price} />;
  if (state === "open") {
    return (
      <Form method="post" action={`/tournament/${slug}/checkout`}>
        <input type="hidden" name="intent" value="join" />
        <button type="submit" className="btn-primary w-full">
          Join Tournament — {price.total}
        </button>
      </Form>
    );
  }
  if (state === "pending") {
    return (
      <div className="space-y-2">
        <p className="text-sm font-medium">Your place is held while you pay.</p>
        <Link to={`/tournament/${slug}/checkout`} className="btn-primary w-full">
          Resume payment
        </Link>
      </div>
    );
  }
  if (state === "registered" && withdrawn) return <p className="text-sm font-medium">{withdrawnText}</p>;
  return (
    <p
      className={
        "text-sm font-medium " +
        (state === "registered"
          ? "text-baize-800 dark:text-baize-300"
          : deadlinePassed
            ? "text-red-700 dark:text-red-400"
            : "")
      }
    >
      {stateText[state]}
    </p>
  );
}
