// The director's controls on the tournament page. Every control is a plain
// form or a link to a URL-driven dialog (director-dialogs.tsx), so it all
// works without JavaScript.
import { Form, Link } from "react-router";
import type { MatchView } from "~/features/play/domain/play.ts";
import { HOLD_MINUTES, heldPlacesText } from "~/features/entries/domain/holds.ts";
import type { TournamentStatus, TournamentType } from "~/domain/tournaments.ts";
import { selectClass } from "./queue.tsx";
import { pageActionPath } from "~/features/tournaments/domain/page-actions.ts";

type Match = MatchView;
type Table = { id: string; name: string; busyWith: string | null };

/** A match's controls on the bracket, as a component (the tournament page loads this module only for its director). */
export const MatchControls = (props: Parameters<typeof matchControls>[0]) => matchControls(props);

function matchControls({
  match,
  matches,
  tables,
  slug,
}: {
  match: Match;
  matches: Match[];
  tables: Table[];
  slug: string;
}) {
  const playable = match.status !== "completed" && match.player1Id !== null && match.player2Id !== null;
  const next = matches.find((m) => m.id === match.nextMatchId);
  // A bye after it (a double forfeit makes one) is no result in the way: the server says if one further on is.
  const correctable = match.status === "completed" && !match.isBye && (next?.status !== "completed" || next.isBye);
  if (!playable && !correctable) return null;
  return (
    <div className="space-y-2">
      {playable && match.awaitingApproval ? <AwaitingApproval match={match} slug={slug} /> : null}
      {playable ? (
        <>
          {match.awaitingApproval ? null : (
            <Link
              to={`/tournament/${slug}?tab=bracket&result=${match.id}`}
              preventScrollReset
              className="btn-primary w-full text-xs"
            >
              Record result
            </Link>
          )}
          <Form
            method="post"
            navigate={false}
            action={pageActionPath(slug, "floor")}
            preventScrollReset
            className="flex gap-2"
          >
            <input type="hidden" name="intent" value="assign-table" />
            <input type="hidden" name="matchId" value={match.id} />
            <label className="sr-only" htmlFor={`table-${match.id}`}>
              Table for match {match.matchNumber}
            </label>
            <select id={`table-${match.id}`} name="tableId" defaultValue={match.tableId ?? ""} className={selectClass}>
              <option value="">No table</option>
              {tables.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.busyWith && t.busyWith !== match.id ? `${t.name} (in use)` : t.name}
                </option>
              ))}
            </select>
            <button type="submit" className="btn-secondary px-3 text-xs">
              Set table
            </button>
          </Form>
        </>
      ) : null}
      {correctable ? (
        <Link
          to={`/tournament/${slug}?tab=bracket&correct=${match.id}`}
          preventScrollReset
          className="btn-ghost w-full text-xs"
        >
          Correct result
        </Link>
      ) : null}
    </div>
  );
}

/**
 * A result confirmed at the table, waiting for the director (decision 012):
 * Approve records it as it is; Edit opens the result form with its score.
 */
export function AwaitingApproval({ match, slug, onFloor = false }: { match: Match; slug: string; onFloor?: boolean }) {
  return (
    <div
      className="rounded-md border border-amber-300 bg-amber-50 p-2 text-xs dark:border-amber-700 dark:bg-amber-950"
      data-testid="awaiting-approval"
    >
      <p className="font-semibold">
        From the table: {match.player1?.name} {match.player1Score}–{match.player2Score} {match.player2?.name}
      </p>
      <p className="text-slate-700 dark:text-slate-300">Waiting for your approval</p>
      <div className="mt-2 flex gap-2">
        <Form
          method="post"
          navigate={false}
          action={pageActionPath(slug, "results", onFloor)}
          preventScrollReset
          className="flex-1"
        >
          <input type="hidden" name="intent" value="approve-result" />
          <input type="hidden" name="matchId" value={match.id} />
          <button type="submit" className="btn-primary w-full text-xs">
            Approve
          </button>
        </Form>
        <Link
          to={`/tournament/${slug}?tab=${onFloor ? "floor" : "bracket"}&result=${match.id}`}
          preventScrollReset
          className="btn-secondary flex-1 text-xs"
          aria-label={`Edit the result of match ${match.matchNumber}`}
        >
          Edit
        </Link>
      </div>
    </div>
  );
}

/** "player", "players", or in a team event "team", "teams". */
const entryNoun = (teamSize: number, n: number) =>
  teamSize > 1 ? (n === 1 ? "team" : "teams") : n === 1 ? "player" : "players";

/** The director's card: Start while open; during play, Finalize once the final is played. */
export function DirectorCard({
  tournament: t,
  matches,
  finalPlayed,
}: {
  tournament: {
    slug: string;
    status: TournamentStatus;
    playerCount: number;
    holds: number;
    tournamentType: TournamentType;
    teamSize: number;
  };
  matches: Match[];
  finalPlayed: boolean;
}) {
  const waitingCount = matches.filter((m) => m.awaitingApproval).length;
  return (
    // The focus comes back here when a Start or Finalize dialog closes and its link is gone.
    <section className="card" aria-labelledby="director-title" data-focus-return="" tabIndex={-1}>
      <h2 id="director-title" className="text-lg font-semibold">
        Director
      </h2>
      {t.status === "open" ? (
        <>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {t.playerCount} paid {entryNoun(t.teamSize, t.playerCount)}. Start when everyone is here: at least 2 are
            needed.
          </p>
          {t.holds > 0 ? (
            <p className="mt-2 text-sm font-medium" data-testid="pending-holds">
              {heldPlacesText(t.holds)}: held for up to {HOLD_MINUTES} minutes, then free again.
            </p>
          ) : null}
          <Link to={`/tournament/${t.slug}?confirm=start`} preventScrollReset className="btn-primary mt-3 w-full">
            Start Tournament
          </Link>
        </>
      ) : t.status === "in_progress" ? (
        finalPlayed ? (
          <>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              {t.tournamentType === "round_robin" ? "Every match is played" : "The final is played"}. Check the payouts
              and confirm.
            </p>
            <Link
              to={`/tournament/${t.slug}?tab=bracket&confirm=finalize`}
              preventScrollReset
              className="btn-primary mt-3 w-full"
            >
              Finalize &amp; Pay Out
            </Link>
          </>
        ) : (
          <>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              Record results and put matches on tables from the bracket. Payouts open once{" "}
              {t.tournamentType === "round_robin" ? "every match is played" : "the final is played"}.
            </p>
            {waitingCount > 0 ? (
              // Results confirmed at the tables wait for the director (decision 012), at the top of the floor.
              <Link
                to={`/tournament/${t.slug}?tab=floor#approvals`}
                className={
                  "mt-3 block rounded-md bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900 " +
                  "dark:bg-amber-950 dark:text-amber-100"
                }
                data-testid="waiting-results"
              >
                {waitingCount === 1 ? "1 result from a table waits" : `${waitingCount} results from tables wait`} for
                your approval
              </Link>
            ) : null}
            {/* Someone has to leave (decision 021): the list opens in a dialog over the floor, its code only then. */}
            <Link
              to={`/tournament/${t.slug}?tab=floor&confirm=withdraw`}
              preventScrollReset
              className="btn-secondary mt-3 w-full"
            >
              Withdraw a {t.teamSize > 1 ? "team" : "player"}
            </Link>
          </>
        )
      ) : (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">This tournament is finished.</p>
      )}
      {/* Their own pages (decision 020): editing while open, a copy for next week at any time. */}
      <div className="mt-3 flex gap-2">
        {t.status === "open" ? (
          <Link to={`/tournament/${t.slug}/edit`} className="btn-ghost flex-1">
            Edit
          </Link>
        ) : null}
        <Link to={`/tournament/${t.slug}/run-again`} className="btn-ghost flex-1">
          Run again
        </Link>
      </div>
    </section>
  );
}
