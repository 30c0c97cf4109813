// Entries withdrawn during play (decision 021): "Sam had to leave", or a no-show the floor gave a walkover.
// Each of a withdrawn entry's matches becomes a walkover to its opponent as the bracket reaches it (both entries
// known, no result), in every format; a match between two withdrawn entries is a double forfeit where one may be
// recorded, and otherwise waits for the director. Pure: the services read the bracket and write what this returns.
import { withChanges, type BracketMatch, type MatchChange } from "../../play/domain/bracket.ts";
import { applyResult } from "../../play/domain/apply-result.ts";
import { DomainError, isDomainError } from "../../../domain/errors.ts";

export const withdrawalMessages = {
  notStarted:
    "An entry can only be withdrawn once the tournament has started: before it, they leave or are dropped at the start",
  over: "The tournament is over: nobody can be withdrawn",
  entryNotFound: "Entry not found",
} as const;

/** "Sam is the last player still in: record their result instead" (409): somebody must be left to win. */
export function lastInMessage(name: string, teamEvent: boolean): string {
  return `${name} is the last ${teamEvent ? "team" : "player"} still in: record the result instead`;
}

/** Merges later changes into earlier ones: one change per match, in the order each was first touched. */
export function mergeChanges(first: readonly MatchChange[], later: readonly MatchChange[]): MatchChange[] {
  const merged = new Map<string, MatchChange["set"]>();
  for (const change of [...first, ...later]) merged.set(change.id, { ...merged.get(change.id), ...change.set });
  return [...merged].map(([id, set]) => ({ id, set }));
}

/** A match reached with a withdrawn entry in it: both entries known, not yet decided. */
function reached(m: BracketMatch, withdrawn: ReadonlySet<string>): boolean {
  return (
    m.status !== "completed" &&
    m.player1Id !== null &&
    m.player2Id !== null &&
    (withdrawn.has(m.player1Id) || withdrawn.has(m.player2Id))
  );
}

/**
 * The walkovers the withdrawn entries' reached matches become, and every match they move players into (a walkover
 * that brings its winner to another withdrawn entry is followed in turn). Two withdrawn entries meeting make a double
 * forfeit where the rules allow one (not in a knockout's final); otherwise that match is left for the director.
 * Returns the changes and the ids of the matches decided.
 */
export function walkoversFor(
  matches: readonly BracketMatch[],
  withdrawn: ReadonlySet<string>,
  now: number,
): { changes: MatchChange[]; decided: string[] } {
  let state: BracketMatch[] = [...matches];
  let changes: MatchChange[] = [];
  const decided: string[] = [];
  const leftForDirector = new Set<string>();
  // Each step decides one match: never more steps than matches.
  for (let step = 0; step <= matches.length; step++) {
    const next = state.find((m) => reached(m, withdrawn) && !leftForDirector.has(m.id));
    if (!next) break;
    const one = next.player1Id as string;
    const two = next.player2Id as string;
    const bothOut = withdrawn.has(one) && withdrawn.has(two);
    let made: MatchChange[];
    try {
      made = applyResult(
        state,
        next.id,
        bothOut ? { outcome: "double_forfeit" } : { outcome: "walkover", winnerId: withdrawn.has(one) ? two : one },
        { raceTo: null, now },
      );
    } catch (error) {
      if (!isDomainError(error) || !bothOut) throw error;
      leftForDirector.add(next.id);
      continue;
    }
    state = withChanges(state, made);
    changes = mergeChanges(changes, made);
    decided.push(next.id);
  }
  return { changes, decided };
}

/** A result's changes followed by the walkovers they reach: the result's own match stays first. */
export function withWalkovers(
  matches: readonly BracketMatch[],
  changes: readonly MatchChange[],
  withdrawn: ReadonlySet<string>,
  now: number,
): MatchChange[] {
  if (withdrawn.size === 0) return [...changes];
  const after = walkoversFor(withChanges(matches, changes), withdrawn, now);
  return mergeChanges(changes, after.changes);
}

/** A knockout just drawn (after the groups) with the walkovers its withdrawn entrants get at once. */
export function drawWithWalkovers(
  draw: readonly BracketMatch[],
  withdrawn: ReadonlySet<string>,
  now: number,
): BracketMatch[] {
  if (withdrawn.size === 0 || draw.length === 0) return [...draw];
  return withChanges(draw, walkoversFor(draw, withdrawn, now).changes);
}

/**
 * Whether the entry may be withdrawn: not when it is still in contention and every other entry still in contention
 * is withdrawn too (nobody would be left to win). `places` is the format's (null while in contention).
 */
export function checkWithdrawal(
  entryId: string,
  places: ReadonlyMap<string, unknown>,
  withdrawn: ReadonlySet<string>,
  name: string,
  teamEvent: boolean,
): void {
  const inContention = [...places].filter(([, place]) => place === null).map(([id]) => id);
  if (!inContention.includes(entryId)) return;
  const othersLeft = inContention.some((id) => id !== entryId && !withdrawn.has(id));
  if (!othersLeft) throw new DomainError(409, lastInMessage(name, teamEvent));
}
