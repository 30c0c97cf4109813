// Correcting to and from a double forfeit in-process: the bracket after the match follows (a bye for the other
// winner, a losers' match given back), a later result in the way refuses it naming that match and changing nothing,
// and a correction that would move a player at a table asks first, then saves once confirmed. The answers, and the
// page's correction form without JavaScript, are tests/forfeit-corrections.test.ts's; every format's brackets,
// play/domain/forfeit-corrections.test.ts's.
import { expect, test } from "vitest";
import type { MatchView } from "~/features/play/domain/play.ts";
import { describeMove } from "~/features/play/domain/corrections.ts";
import { perform } from "~/web/use-case.server.ts";
import { type Account, answered, useServiceDb } from "../../../../test-support/services.ts";
import { assignMatchTable, recordResult } from "./use-cases.server.ts";

const s = useServiceDb();

/** The bracket as it is now (one read): its matches by side, round and number. */
async function bracketOf(t: { id: string }) {
  const matches = await s.matches(t);
  return (side: string, round: number, matchNumber: number): MatchView => {
    const found = matches.find((m) => m.bracket === side && m.round === round && m.matchNumber === matchNumber);
    if (!found) throw new Error(`no ${side} ${round}/${matchNumber}`);
    return found;
  };
}

async function started(type: "single_elimination" | "double_elimination", players: number) {
  const td = await s.organiser();
  const t = await s.tournament(td, { tournamentType: type, maxPlayers: 8 });
  await s.enterFromBalance(t, players);
  await s.start(td, t);
  return { td, t };
}

const record = (td: Account, m: MatchView, input: Parameters<typeof s.record>[2]) => s.record(td, m.id, input);

test("single elimination: corrected to a double forfeit and back, refused once the next is played", async () => {
  const { td, t } = await started("single_elimination", 8);
  let at = await bracketOf(t);
  const [first, second] = [at("winners", 1, 1), at("winners", 1, 2)];
  await record(td, first, { winnerId: first.player1Id, player1Score: 5, player2Score: 3 });
  await record(td, second, { winnerId: second.player2Id });
  at = await bracketOf(t);
  expect(at("winners", 2, 1)).toMatchObject({
    player1Id: first.player1Id,
    player2Id: second.player2Id,
    isBye: false,
    status: "pending",
  });

  // Into a double forfeit: nobody goes on from the first match, so the semi-final is a bye for the other winner.
  expect(await record(td, first, { outcome: "double_forfeit" })).toBe("corrected");
  at = await bracketOf(t);
  expect(at("winners", 1, 1)).toMatchObject({
    outcome: "double_forfeit",
    winnerId: null,
    player1Score: 0,
    player2Score: 0,
    status: "completed",
  });
  expect(at("winners", 2, 1)).toMatchObject({
    player1Id: null,
    player2Id: second.player2Id,
    isBye: true,
    status: "completed",
    winnerId: second.player2Id,
  });
  expect(at("winners", 3, 1).player1Id).toBe(second.player2Id);

  // And back to a played result: the semi-final is a match again and the final waits for its winner.
  expect(await record(td, first, { outcome: "played", winnerId: first.player2Id, player2Score: 5 })).toBe("corrected");
  at = await bracketOf(t);
  expect(at("winners", 1, 1)).toMatchObject({
    outcome: "played",
    winnerId: first.player2Id,
    player1Score: 0,
    player2Score: 5,
  });
  const semi = at("winners", 2, 1);
  expect(semi).toMatchObject({
    player1Id: first.player2Id,
    player2Id: second.player2Id,
    isBye: false,
    status: "pending",
    winnerId: null,
  });
  expect(at("winners", 3, 1).player1Id).toBeNull();

  // Once the semi-final is played, the first match's result is no longer the director's to change.
  await record(td, semi, { winnerId: semi.player1Id });
  // The ratings that follow the semi-final's result are written before the bracket is read.
  await s.settled();
  const before = await s.matches(t);
  expect(await answered(record(td, first, { outcome: "double_forfeit" }))).toEqual({
    status: 409,
    message: "Semi-Finals · Match 1 already has a result: correct that one first",
  });
  expect(await s.matches(t)).toEqual(before);
});

test("double elimination: undoing a double forfeit in the winners' bracket gives the losers' match back", async () => {
  const { td, t } = await started("double_elimination", 8);
  let at = await bracketOf(t);
  const [first, second] = [at("winners", 1, 1), at("winners", 1, 2)];
  await record(td, first, { outcome: "double_forfeit" });
  // Nobody drops from it: the losers' first match waits for the second match's loser alone.
  expect((await bracketOf(t))("losers", 1, 1)).toMatchObject({ isBye: true, status: "pending", player1Id: null });
  await record(td, second, { winnerId: second.player1Id });
  expect((await bracketOf(t))("losers", 1, 1)).toMatchObject({
    isBye: true,
    status: "completed",
    winnerId: second.player2Id,
  });

  expect(await record(td, first, { winnerId: first.player1Id, player1Score: 2, player2Score: 1 })).toBe("corrected");
  at = await bracketOf(t);
  const losers = at("losers", 1, 1);
  expect(losers).toMatchObject({
    isBye: false,
    status: "pending",
    winnerId: null,
    player1Id: first.player2Id,
    player2Id: second.player2Id,
  });
  expect(at("winners", 2, 1)).toMatchObject({
    isBye: false,
    player1Id: first.player1Id,
    player2Id: second.player1Id,
  });
  // The losers' match is playable again, as if the result had been recorded so in the first place.
  expect(await record(td, losers, { winnerId: losers.player2Id })).toBe("recorded");
});

test("a correction moving a player at a table asks first, names the move, and saves once confirmed", async () => {
  const { td, t } = await started("single_elimination", 4);
  let at = await bracketOf(t);
  const [first, second, final] = [at("winners", 1, 1), at("winners", 1, 2), at("winners", 2, 1)];
  await record(td, first, { winnerId: first.player1Id });
  await record(td, second, { winnerId: second.player1Id });
  const table = await s.table(td);
  await perform(s.app, s.sender, assignMatchTable, { organiserId: td.id, matchId: final.id, tableId: table.id });

  // As the page's correction form sends it (no key yet: ""): nothing is written until the director confirms the moves
  // shown.
  const correct = (confirmedMoves = "") =>
    perform(s.app, s.sender, recordResult, {
      organiserId: td.id,
      matchId: first.id,
      input: { outcome: "double_forfeit" },
      mode: "correct",
      confirmedMoves,
    });
  const asked = await correct();
  if (asked.outcome !== "unconfirmed") throw new Error("the correction asks first");
  expect(asked.moves).toEqual([{ matchId: final.id, slot: 1, from: first.player1Id, to: null }]);
  expect(asked.key).toBe(`${final.id}:1:${first.player1Id}:-`);
  const matches = await s.matches(t);
  expect(asked.moves.map((move) => describeMove(matches, move))).toEqual([
    `The final on Table 1: ${first.player1?.name} → no one`,
  ]);
  expect(matches.find((m) => m.id === first.id)).toMatchObject({ outcome: "played", winnerId: first.player1Id });

  expect(await correct(asked.key)).toMatchObject({ outcome: "corrected" });
  at = await bracketOf(t);
  expect(at("winners", 1, 1)).toMatchObject({ outcome: "double_forfeit", winnerId: null });
  // The final is now a bye for the other semi-finalist, and leaves its table.
  expect(at("winners", 2, 1)).toMatchObject({
    isBye: true,
    status: "completed",
    player1Id: null,
    winnerId: second.player1Id,
    tableId: null,
  });

  // Back to a played result, without scores: the final is a match again.
  expect(await record(td, first, { outcome: "played", winnerId: first.player2Id })).toBe("corrected");
  at = await bracketOf(t);
  expect(at("winners", 1, 1)).toMatchObject({ outcome: "played", winnerId: first.player2Id });
  expect(at("winners", 2, 1)).toMatchObject({
    isBye: false,
    status: "pending",
    player1Id: first.player2Id,
    player2Id: second.player1Id,
    winnerId: null,
  });
});
