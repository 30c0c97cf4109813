// What saving a result changes, pure: the result or its correction; a no-show's walkover, which withdraws the entry
// that did not turn up; the walkovers of every withdrawn entry the result reaches (decision 021); and in groups into a
// knockout, the knockout the last group result draws. The service reads the rows and writes what this returns.
import { DomainError } from "../../../domain/errors.ts";
import type { TournamentType } from "../../../domain/tournaments.ts";
import { drawWithWalkovers, withWalkovers } from "../../entries/domain/withdrawn.ts";
import { noShowRefusal } from "../../floor/domain/queue.ts";
import { applyResult, type ResultInput } from "./apply-result.ts";
import { withChanges, type BracketMatch, type MatchChange } from "./bracket.ts";
import { correctResult } from "./correct-result.ts";
import { knockoutAfterGroups } from "./groups.ts";
import { racesOf } from "./races.ts";

/** The match as read, with what its races and the no-show check need. */
type MatchAsRead = Pick<
  BracketMatch,
  "bracket" | "status" | "player1Id" | "player2Id" | "player1Score" | "player2Score"
> & { awaitingApproval: boolean; race1: number | null; race2: number | null };

type ResultChanges = {
  /** A no-show's walkover given by this result (never by a correction). */
  givesNoShow: boolean;
  /** The entry it withdraws: the one that did not turn up; null for any other result. */
  absent: string | null;
  changes: MatchChange[];
  /** A group's match in groups into a knockout. */
  groups: boolean;
  /** The knockout the last group result draws; empty for any other result. */
  draw: BracketMatch[];
};

/** The changes of a result (`correcting`: of its correction) to the bracket as read. */
export function resultChanges(
  read: { bracket: readonly BracketMatch[]; seeds: ReadonlyMap<string, number>; withdrawn: ReadonlySet<string> },
  row: MatchAsRead,
  t: { raceTo: number | null; tournamentType: TournamentType; advancePerGroup: number },
  save: { matchId: string; input: ResultInput; correcting: boolean; noShow: boolean; now: number; newId: () => string },
): ResultChanges {
  const { matchId, input, correcting, noShow, now } = save;
  const options = { raceTo: t.raceTo, races: racesOf(t.raceTo, row), now };
  const result = (correcting ? correctResult : applyResult)(read.bracket, matchId, input, options);
  // A no-show's walkover withdraws the entry that did not turn up; every withdrawn entry's matches this result
  // reaches are walkovers (decision 021). A match being played (racks scored, a result waiting for approval) has no
  // no-show: refused, so a page left open since the clock ran out cannot give one.
  const givesNoShow = noShow && !correcting && input.outcome === "walkover";
  const playing = givesNoShow
    ? noShowRefusal({ ...row, awaitingApproval: row.awaitingApproval && row.status === "in_progress" })
    : null;
  if (playing !== null) throw new DomainError(409, playing);
  const absent = givesNoShow ? (input.winnerId === row.player1Id ? row.player2Id : row.player1Id) : null;
  const withdrawn = absent === null ? read.withdrawn : new Set([...read.withdrawn, absent]);
  const changes = withWalkovers(read.bracket, result, withdrawn, now);
  const groups = t.tournamentType === "round_robin_tier" && row.bracket === "group";
  if (!groups) return { givesNoShow, absent, changes, groups, draw: [] };
  const knockout = knockoutAfterGroups(
    withChanges(read.bracket, changes),
    read.seeds,
    t.advancePerGroup,
    save.newId,
    now,
  );
  return {
    givesNoShow,
    absent,
    changes: [...changes, ...knockout.changes],
    groups,
    draw: drawWithWalkovers(knockout.draw, withdrawn, now),
  };
}
