// An undo at the table raced against the director's correction, an approval or another undo, in-process
// (decision 025): both calls sent at once, their starts a few milliseconds apart so that each can win, many times
// over. Exactly one goes through; the other is refused with 409 and writes nothing, and the match is as the winner
// left it.
import { expect, test } from "vitest";
import type { Sender } from "~/db/batch.server.ts";
import { type Account, answered, newTapId, useServiceDb } from "../../../../test-support/services.ts";
import { RESULT_APPROVED, RESULT_CORRECTED, RESULT_TAKEN_BACK } from "~/features/floor/domain/table-scoring.ts";
import { MATCH_CHANGED } from "~/features/play/server/match-changes.server.ts";
import { saveResult } from "~/features/play/server/results.server.ts";
import { assignTable } from "~/features/play/server/table-assignment.server.ts";
import { approveTableResult } from "./table-scoring.server.ts";
import { tapResultUndo } from "./table-undo.server.ts";

const s = useServiceDb();
const RACES = 20;

/** A final of two players, race to 2, on a table of its own: player 1 wins it 2–0 and the tablet confirms. */
async function confirmedFinal(td: Account, resultsFromTables: "record" | "approve") {
  const t = await s.tournament(td, { maxPlayers: 2, raceTo: 2, payoutStructure: "winner_only", resultsFromTables });
  await s.enterFromBalance(t, 2);
  await s.start(td, t);
  const [final] = await s.matches(t);
  if (!final?.player1Id || !final.player2Id) throw new Error("the final has its players");
  const table = await s.table(td, `Table ${crypto.randomUUID().slice(0, 6)}`);
  await s.after((await assignTable(s.sender, { organiserId: td.id, matchId: final.id, tableId: table.id })).change);
  const tab = s.tablet(table.accessCode);
  await tab.rack(1);
  await tab.rack(1);
  expect((await tab.confirm()).status).toBe(201);
  return { t, table, match: { id: final.id, player1Id: final.player1Id, player2Id: final.player2Id } };
}

/** An undo by a new tap: when it goes through, it wrote (201), never "already applied". */
async function undo(code: string) {
  const undone = await tapResultUndo(s.sender, { code, address: "192.0.2.1" }, { tapId: newTapId() });
  expect(undone.status).toBe(201);
  return undone;
}

/** Starts `call` after `ms` milliseconds. */
const after = <T>(ms: number, call: () => Promise<T>): Promise<T> =>
  new Promise((resolve, reject) => setTimeout(() => call().then(resolve, reject), ms));

/**
 * The race's offsets, in milliseconds: a head start of 0–180 ms for the second call, then for the first, in turn. An
 * undo takes several round trips to a correction's two, so the spread lets either land first, or in between.
 */
const offsets = (i: number) => {
  const lead = Math.floor(i / 2) * 20;
  return i % 2 === 0 ? [lead, 0] : [0, lead];
};

/** Both calls at once: which went through, and the refusal the other got. */
async function race(first: () => Promise<unknown>, second: () => Promise<unknown>, i: number) {
  const [a, b] = offsets(i) as [number, number];
  const answers = await Promise.all([answered(after(a, first)), answered(after(b, second))]);
  const won = answers.filter((x) => x.status === 200);
  const lost = answers.filter((x) => x.status !== 200);
  expect(won, JSON.stringify(answers)).toHaveLength(1);
  expect(lost[0]?.status, JSON.stringify(answers)).toBe(409);
  return { firstWon: answers[0]?.status === 200, refusal: lost[0]?.message };
}

const matchRow = async (id: string) => {
  const [row] = await s.rows<{
    status: string;
    winner_id: string | null;
    player1_score: number;
    player2_score: number;
    awaiting_approval: number;
  }>("select status, winner_id, player1_score, player2_score, awaiting_approval from matches where id = ?", [id]);
  return row;
};

test("an undo and a correction sent together: exactly one wins, the other is refused and writes nothing", async () => {
  const td = await s.organiser();
  for (let i = 0; i < RACES; i++) {
    const { table, match } = await confirmedFinal(td, "record");
    const corrected = { winnerId: match.player2Id, player1Score: 1, player2Score: 2 };
    const { firstWon, refusal } = await race(
      () => undo(table.accessCode),
      () => saveResult(s.sender, { organiserId: td.id, matchId: match.id, input: corrected, mode: "correct" }),
      i,
    );
    const row = await matchRow(match.id);
    if (firstWon) {
      // The match is being played again at 2–0; the correction, refused, wrote nothing.
      expect(row).toMatchObject({ status: "in_progress", winner_id: null, player1_score: 2, player2_score: 0 });
      expect([MATCH_CHANGED, "Only a match with a result can be corrected"]).toContain(refusal);
      expect(await s.count("table_taps", "match_id = ? and undone_by is not null", [match.id])).toBe(1);
    } else {
      // The director's result stands, and the table still has its confirm (nothing undone).
      expect(row).toMatchObject({
        status: "completed",
        winner_id: match.player2Id,
        player1_score: 1,
        player2_score: 2,
      });
      expect(refusal).toBe(RESULT_CORRECTED);
      expect(await s.count("table_taps", "match_id = ? and kind = 'result-undo'", [match.id])).toBe(0);
      expect(await s.count("table_taps", "match_id = ? and undone_by is not null", [match.id])).toBe(0);
    }
  }
});

test("an undo and an approval sent together: exactly one wins, and the answer is what the match shows", async () => {
  const td = await s.organiser();
  for (let i = 0; i < RACES; i++) {
    const { table, match } = await confirmedFinal(td, "approve");
    const { firstWon, refusal } = await race(
      () => undo(table.accessCode),
      () => approveTableResult(s.sender, { organiserId: td.id, matchId: match.id }),
      i,
    );
    const row = await matchRow(match.id);
    if (firstWon) {
      // Unlocked: the table scores again from 2–0; nothing was approved.
      expect(row).toMatchObject({ status: "in_progress", winner_id: null, awaiting_approval: 0, player1_score: 2 });
      expect(refusal).toBe(RESULT_TAKEN_BACK);
    } else {
      expect(row).toMatchObject({
        status: "completed",
        winner_id: match.player1Id,
        player1_score: 2,
        player2_score: 0,
      });
      expect(refusal).toBe(RESULT_APPROVED);
      expect(await s.count("table_taps", "match_id = ? and kind = 'result-undo'", [match.id])).toBe(0);
    }
  }
});

test("two undos of the same result at once: one takes it back, the other is refused", async () => {
  const td = await s.organiser();
  for (let i = 0; i < RACES / 2; i++) {
    const { table, match } = await confirmedFinal(td, "record");
    await race(
      () => undo(table.accessCode),
      () => undo(table.accessCode),
      i,
    );
    expect(await matchRow(match.id)).toMatchObject({ status: "in_progress", winner_id: null, player1_score: 2 });
    expect(await s.count("table_taps", "match_id = ? and kind = 'result-undo'", [match.id])).toBe(1);
  }
});

test("two corrections, the second one read and written first: one stands, the other is refused", async () => {
  const td = await s.organiser();
  const { match } = await confirmedFinal(td, "record");
  const correct = (sender: Sender, player1Score: number) =>
    saveResult(sender, {
      organiserId: td.id,
      matchId: match.id,
      input: { winnerId: match.player2Id, player1Score, player2Score: 2 },
      mode: "correct",
    });
  // The first correction has read the result; the second reads and writes before the first's write arrives. Timed
  // by the order of the calls, not by the clock: two concurrent corrections apart in time both stand, one after the
  // other, as they should.
  let second: Promise<{ status: number; message: string | null }> | null = null;
  const late: Sender = {
    send: (read) => s.sender.send(read),
    async write(batch) {
      second ??= answered(correct(s.sender, 1));
      await second;
      return s.sender.write(batch);
    },
  };
  const first = await answered(correct(late, 0));
  expect(await second).toEqual({ status: 200, message: null });
  expect(first).toEqual({ status: 409, message: MATCH_CHANGED });
  expect(await matchRow(match.id)).toMatchObject({ status: "completed", player1_score: 1, player2_score: 2 });
});
