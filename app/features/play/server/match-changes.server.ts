// A batch's hold on the matches it changes: each still as the decision read it when the batch runs, then its update;
// and the results a decision was made from, asserted unchanged. Results, withdrawals, undos at the table, the knockout
// after the groups and finalize write through these.
import { eq, sql } from "drizzle-orm";
import { assertInBatch, build, type Item } from "~/db/batch.server.ts";
import { matches } from "~/db/schema.ts";
import type { BracketMatch, MatchChange } from "~/features/play/domain/bracket.ts";

export const MATCH_CHANGED = "This match changed meanwhile: reload and try again";

// A match a result changes is as we read it when the batch runs: still a bye or still no result, and the slots
// this change fills as they were (a sibling filling the other slot is fine). A change that makes a match a bye or
// not, or completes or reopens one (a double forfeit and its correction do), was worked out from the whole row,
// so all of it must be as we read it.
function stillAsRead(was: BracketMatch, change: MatchChange) {
  const whole = ["isBye", "status", "winnerId"].some((field) => field in change.set);
  const slots = (["player1Id", "player2Id"] as const)
    .filter((slot) => whole || slot in change.set)
    .map((slot) => sql` and ${matches[slot]} is ${was[slot]}`);
  const decided = whole
    ? sql` and ${matches.status} = ${was.status} and ${matches.winnerId} is ${was.winnerId}`
    : sql``;
  return sql`(${matches.id} = ${was.id} and ${matches.isBye} = ${was.isBye ? 1 : 0} and ${
    was.isBye ? sql`1` : sql`${matches.status} != 'completed'`
  }${decided}${sql.join(slots, sql``)})`;
}

// A correction can turn a match at a table into a bye or take a player out of it: it leaves the table then.
function offTable(bracket: readonly BracketMatch[], change: MatchChange) {
  const was = bracket.find((m) => m.id === change.id);
  const leaves = was?.status === "in_progress" && (change.set.isBye === true || change.set.status === "pending");
  return leaves ? { ...change.set, tableId: null, tableAssignedAt: null } : change.set;
}

/** Asserts that every match these changes touch is still as read when the batch runs (for none: nothing to hold). */
export function changesAsRead(bracket: readonly BracketMatch[], changes: readonly MatchChange[]): Item {
  return assertInBatch(
    changes.length === 0
      ? sql`1`
      : sql`(select count(*) from ${matches} where ${sql.join(
          changes.map((change) => {
            const was = bracket.find((m) => m.id === change.id);
            if (!was) throw new Error(`A change names a match outside the bracket: ${change.id}`);
            return stillAsRead(was, change);
          }),
          sql` or `,
        )}) = ${changes.length}`,
  );
}

/** A change's update; a match it takes out of play leaves its table. */
export const changeUpdate = (bracket: readonly BracketMatch[], change: MatchChange) =>
  build.update(matches).set(offTable(bracket, change)).where(eq(matches.id, change.id));

/**
 * Changes to matches other than a result's own (the walkovers a withdrawal gives, decision 021): each match still as
 * read when the batch runs, then its update.
 */
export function matchChangeStatements(bracket: readonly BracketMatch[], changes: readonly MatchChange[]): Item[] {
  if (changes.length === 0) return [];
  return [changesAsRead(bracket, changes), ...changes.map((change) => changeUpdate(bracket, change))];
}

/** Asserts that these matches still have the results they were read with (a correction meanwhile refuses). */
export function resultsUnchanged(tournamentId: string, read: readonly BracketMatch[]) {
  if (read.length === 0) return assertInBatch(sql`1`);
  return assertInBatch(
    sql`(select count(*) from ${matches} where ${matches.tournamentId} = ${tournamentId}
      and (${matches.id}, ${matches.status}, coalesce(${matches.winnerId}, ''), ${matches.player1Score},
        ${matches.player2Score})
      in (values ${sql.join(
        read.map((m) => sql`(${m.id}, ${m.status}, ${m.winnerId ?? ""}, ${m.player1Score}, ${m.player2Score})`),
        sql`, `,
      )})) = ${read.length}`,
  );
}
