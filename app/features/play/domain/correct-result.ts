// Correcting a result: every match after it read again from what feeds it, refused where one already has a result.
import { Draft, findMatch, matchName, scoresFor, type ResultInput, type ResultOptions } from "./apply-result.ts";
import type { BracketMatch, MatchChange, Slot } from "./bracket.ts";
import { DomainError } from "../../../domain/errors.ts";

/**
 * Corrects a completed (non-bye) match's result while every match the change
 * would alter has no result yet (409 naming the first that has one); the last
 * match can always be corrected (finalize is the caller's concern). A double
 * forfeit can be corrected either way, with the same refusals as recording one.
 * Returns the changed rows: always this match first (scores and winner, even
 * when they are the same, so the caller's guarded write has one shape), then
 * every match after it that now holds what it would hold had the corrected
 * result been recorded in the first place. completedAt is kept: the match was
 * played when it was, a correction only fixes the record.
 */
export function correctResult(
  matches: readonly BracketMatch[],
  matchId: string,
  result: ResultInput,
  options: ResultOptions,
): MatchChange[] {
  const match = findMatch(matches, matchId);
  if (match.status !== "completed") throw new DomainError(409, "Only a match with a result can be corrected");
  if (match.isBye) throw new DomainError(409, "A bye can't be corrected");
  const outcome = result.outcome ?? "played";
  const draft = new Draft(matches);
  if (outcome === "double_forfeit") {
    if (match.bracket !== "group" && (match.nextMatchId === null || match.bracket === "grand_final")) {
      throw new DomainError(409, "The final can't be forfeited by both players: record a walkover instead");
    }
    draft.set(match.id, { player1Score: 0, player2Score: 0, winnerId: null, outcome });
  } else {
    const scores = scoresFor(match, result, outcome, options);
    draft.set(match.id, {
      ...scores,
      winnerId: result.winnerId ?? null,
      ...(outcome === match.outcome ? {} : { outcome }),
    });
  }
  const corrected = draft.get(match.id);
  const forfeitedBefore = match.outcome === "double_forfeit";
  if (corrected.winnerId === match.winnerId && (outcome === "double_forfeit") === forfeitedBefore) {
    return draft.changes();
  }
  rederive(draft, feedersOf(matches), match, options.now);
  if (outcome === "double_forfeit" && match.bracket !== "group") {
    const last = matches.find((m) => m.nextMatchId === null);
    const final = last ? draft.get(last.id) : null;
    if (final?.isBye && final.status === "completed" && final.winnerId === null) {
      throw new DomainError(409, "Nobody would be left to win: record a walkover instead");
    }
  }
  return draft.changes();
}

/**
 * Takes a result back (a table's undo in its first seconds, decision 025): the match is in progress again with
 * `scores` and no winner, and every match after it is read again from what feeds it, as if the result had never been
 * recorded. Refused (409) where a match after it already has a result, or is being played (racks on it): what was
 * played after it stands, and the director corrects instead.
 */
export function reopenResult(
  matches: readonly BracketMatch[],
  matchId: string,
  scores: { player1Score: number; player2Score: number },
  now: number,
): MatchChange[] {
  const match = findMatch(matches, matchId);
  if (match.status !== "completed" || match.isBye || match.outcome !== "played") {
    throw new DomainError(409, "Only a played match with a result can be taken back");
  }
  const draft = new Draft(matches);
  draft.set(match.id, { ...scores, status: "in_progress", winnerId: null, completedAt: null });
  rederive(draft, feedersOf(matches), draft.get(match.id), now);
  const changes = draft.changes();
  for (const { id } of changes.slice(1)) {
    const was = findMatch(matches, id);
    if (was.status === "in_progress" && was.player1Score + was.player2Score > 0) {
      throw new DomainError(409, `${matchName(was)} is being played: correct the result instead`);
    }
  }
  return changes;
}

type Feeder = { from: string; slot: Slot; as: "winner" | "loser" };

// Which match fills each slot: the reverse of the winner and loser links.
function feedersOf(matches: readonly BracketMatch[]): Map<string, Feeder[]> {
  const feeders = new Map<string, Feeder[]>();
  const add = (to: string | null, slot: Slot | null, feeder: Omit<Feeder, "slot">) => {
    if (to === null || slot === null) return;
    feeders.set(to, [...(feeders.get(to) ?? []), { ...feeder, slot }]);
  };
  for (const m of matches) {
    add(m.nextMatchId, m.nextSlot, { from: m.id, as: "winner" });
    add(m.loserMatchId, m.loserSlot, { from: m.id, as: "loser" });
  }
  return feeders;
}

// After `changed`'s result changed: every match after it, winner's side first, is read again from the matches
// that feed it, as recording would have left it. A match with a result that would change is in the way.
function rederive(draft: Draft, feeders: Map<string, Feeder[]>, changed: BracketMatch, now: number): void {
  for (const id of [changed.nextMatchId, changed.loserMatchId]) {
    if (id === null) continue;
    const before = draft.get(id);
    const after = fedState(draft, feeders, before, now);
    const set: Partial<Omit<BracketMatch, "id">> = {};
    for (const key of Object.keys(after) as (keyof typeof after)[]) {
      if (after[key] !== before[key]) Object.assign(set, { [key]: after[key] });
    }
    if (before.status === "completed" && !before.isBye) {
      // Its own result stands unless who was in it changes.
      if (["player1Id", "player2Id", "isBye"].some((key) => key in set)) {
        throw new DomainError(409, `${matchName(before)} already has a result: correct that one first`);
      }
      continue;
    }
    if (Object.keys(set).length === 0) continue;
    draft.set(id, set);
    rederive(draft, feeders, draft.get(id), now);
  }
}

type FedState = Pick<BracketMatch, "player1Id" | "player2Id" | "isBye" | "status" | "winnerId" | "completedAt">;

// What a match without a result of its own holds, read from its feeders: who has arrived in each slot, whether
// nobody ever will (a double forfeit or an empty bye sends no winner, a bye or a double forfeit no loser), and so
// whether it is a bye and whether that bye is complete. The reset follows the first grand final.
function fedState(draft: Draft, feeders: Map<string, Feeder[]>, match: BracketMatch, now: number): FedState {
  const from = feeders.get(match.id) ?? [];
  if (match.bracket === "grand_final" && match.round === 2) {
    const first = draft.get(from[0]?.from ?? "");
    const inPlay = match.status === "in_progress" ? "in_progress" : "pending";
    if (first.status !== "completed") {
      return { player1Id: null, player2Id: null, isBye: false, status: "pending", winnerId: null, completedAt: null };
    }
    if (first.isBye || first.winnerId === null || first.winnerId === first.player1Id) {
      const done = { isBye: true, status: "completed" as const, completedAt: match.completedAt ?? now };
      return { player1Id: first.winnerId, player2Id: null, winnerId: first.winnerId, ...done };
    }
    const players = { player1Id: first.player1Id, player2Id: first.player2Id };
    return { ...players, isBye: false, status: inPlay, winnerId: null, completedAt: null };
  }
  const slot = (n: Slot): { player: string | null; nobody: boolean } => {
    const feeder = from.find((f) => f.slot === n);
    if (!feeder) return { player: n === 1 ? match.player1Id : match.player2Id, nobody: false };
    const f = draft.get(feeder.from);
    const decided = f.status === "completed";
    if (feeder.as === "winner") return { player: decided ? f.winnerId : null, nobody: decided && f.winnerId === null };
    const forfeited = decided && f.outcome === "double_forfeit";
    const loser = decided && !f.isBye && !forfeited ? (f.winnerId === f.player1Id ? f.player2Id : f.player1Id) : null;
    return { player: loser, nobody: f.isBye || forfeited };
  };
  const [one, two] = [slot(1), slot(2)];
  const players = { player1Id: one.player, player2Id: two.player };
  if (one.nobody || two.nobody) {
    const waitingFor = one.nobody ? two : one;
    const done = waitingFor.nobody || waitingFor.player !== null;
    return done
      ? {
          ...players,
          isBye: true,
          status: "completed",
          winnerId: waitingFor.player,
          completedAt: match.completedAt ?? now,
        }
      : { ...players, isBye: true, status: "pending", winnerId: null, completedAt: null };
  }
  const both = one.player !== null && two.player !== null;
  const status = match.status === "in_progress" && both ? "in_progress" : "pending";
  return { ...players, isBye: false, status, winnerId: null, completedAt: null };
}
