// What the player's dashboard lists of tournaments before they start: the open
// ones a player can still enter, and their own, soonest first.
import { registrationState, type TournamentStatus } from "../../../domain/tournaments.ts";

type Listed = {
  status: TournamentStatus;
  registrationDeadline: number | null;
  maxPlayers: number;
  /** Paid entries plus live holds and waiting reserves: what "Full" is judged on. */
  placesTaken: number;
  date: string;
  time: string;
};

/**
 * Under Open: the tournaments the player can enter now. A full one (or one
 * whose deadline has passed) is left to Browse All, which shows it with its
 * badge and where the tournament page offers the reserve list; `elsewhere`
 * counts those, so the dashboard can say where they went.
 */
export function openToEnter<T extends Listed>(available: readonly T[], now: number): { open: T[]; elsewhere: number } {
  const open = available.filter(
    (t) => registrationState({ ...t, playerCount: t.placesTaken, registered: false, now }) === "open",
  );
  return { open, elsewhere: available.length - open.length };
}

/** The player's own tournaments that have not started yet, soonest first (date "YYYY-MM-DD", time "HH:MM"). */
export function comingUp<T extends Listed>(registered: readonly T[]): T[] {
  return registered
    .filter((t) => t.status === "open")
    .sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time));
}

/**
 * What Open says when it lists nothing. The player's own entries are under Coming Up, not Open, so a player entered
 * in an open tournament is never told there are none: `entered` counts those (the ones matching the search, if any).
 */
export function noneOpenText({
  searched,
  entered,
  under = "Coming Up",
}: {
  searched: boolean;
  entered: number;
  /** Where the player's own are listed: the dashboard's Coming Up, the tournaments page's My Tournaments. */
  under?: "Coming Up" | "My Tournaments";
}): string {
  if (entered > 0) {
    const yours = entered === 1 ? "yours is" : "yours are";
    return searched
      ? `No other open tournaments match your search: ${yours} under ${under}.`
      : `No other tournaments are open to enter at the moment: ${yours} under ${under}.`;
  }
  return searched
    ? "No open tournaments match your search."
    : "There are no open tournaments at the moment. Check back soon!";
}
