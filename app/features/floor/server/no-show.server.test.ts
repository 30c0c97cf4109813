// The no-show walkover in-process (decision 021): only for a called match nobody is playing. Racks scored at the
// table, or a result there waiting for the director's approval, and it is refused, writing nothing; a clean no-show
// is a walkover that withdraws the absent entry. The card's link, the confirmation naming both players and the
// form's toast are the HTTP suite's (tests/no-show.test.ts).
import { expect, test } from "vitest";
import { noShowMessages } from "~/features/floor/domain/queue.ts";
import { approveResult, assignMatchTable, recordResult } from "~/features/play/server/use-cases.server.ts";
import { type Account, answered, useServiceDb } from "../../../../test-support/services.ts";

const s = useServiceDb();

/** Half an hour after the call: the no-show clock has run out (the card offers the walkover). */
const later = () => Date.now() + 30 * 60_000;

/** A four-player knockout started, its first semi-final called to a table. */
async function semiAtTable(td: Account, settings: Record<string, unknown> = {}) {
  const t = await s.tournament(td, { maxPlayers: 4, ...settings });
  await s.enterFromBalance(t, 4);
  await s.start(td, t);
  const semi = (await s.matches(t)).find((m) => m.player1Id && m.player2Id && m.status === "pending");
  if (!semi?.player1Id || !semi.player2Id) throw new Error("a four-player draw has a semi-final with its players");
  const table = await s.table(td, `Table ${crypto.randomUUID().slice(0, 6)}`);
  await s.perform(assignMatchTable, { organiserId: td.id, matchId: semi.id, tableId: table.id });
  const noShow = (winnerId: string) =>
    s.perform(recordResult, {
      organiserId: td.id,
      matchId: semi.id,
      input: { winnerId, outcome: "walkover" },
      mode: "either",
      noShow: true,
      now: later(),
    });
  const matchNow = async () => (await s.matches(t)).find((m) => m.id === semi.id);
  const withdrawn = (playerId = "%") =>
    s.count("tournament_players", "tournament_id = ? and player_id like ? and withdrawn_at is not null", [
      t.id,
      playerId,
    ]);
  const [winnerId, absentId] = [semi.player1Id, semi.player2Id];
  return { t, semi, tab: s.tablet(table.accessCode), winnerId, absentId, noShow, matchNow, withdrawn };
}

test("racks scored: the no-show walkover is refused and writes nothing; the rack undone, it is given", async () => {
  const td = await s.organiser();
  const { tab, winnerId, absentId, noShow, matchNow, withdrawn } = await semiAtTable(td, { raceTo: 3 });
  expect((await tab.rack(2)).status).toBe(201);

  expect(await answered(noShow(winnerId))).toEqual({ status: 409, message: noShowMessages.racksScored });
  expect(await matchNow()).toMatchObject({ status: "in_progress", player2Score: 1, winnerId: null });
  expect(await withdrawn()).toBe(0);

  // The rack undone, nobody has played: the no-show is a no-show again.
  expect((await tab.undo()).status).toBe(201);
  await noShow(winnerId);
  expect(await matchNow()).toMatchObject({ status: "completed", outcome: "walkover", winnerId });
  expect(await withdrawn(absentId)).toBe(1);
});

test("a result waiting for approval (no race-to, 'X won' 1–0): refused; the director may approve it", async () => {
  const td = await s.organiser();
  const { semi, tab, winnerId, absentId, noShow, matchNow, withdrawn } = await semiAtTable(td, {
    resultsFromTables: "approve",
  });
  const confirmed = await tab.confirm({ winner: 2, player1Score: 0, player2Score: 1 });
  expect(confirmed.status).toBe(201);
  expect(confirmed.match).toMatchObject({ awaitingApproval: true, player1Score: 0, player2Score: 1 });

  expect(await answered(noShow(winnerId))).toEqual({ status: 409, message: noShowMessages.awaitingApproval });
  expect(await matchNow()).toMatchObject({ status: "in_progress", winnerId: null });
  expect(await withdrawn()).toBe(0);

  // The director may still decide it: approving the table's result, as ever.
  await s.perform(approveResult, { organiserId: td.id, matchId: semi.id });
  expect(await matchNow()).toMatchObject({ status: "completed", winnerId: absentId });
  expect(await withdrawn()).toBe(0);
});

test("a clean no-show: a walkover to the player who is there, and the absent entry withdrawn", async () => {
  const td = await s.organiser();
  const { winnerId, absentId, noShow, matchNow, withdrawn } = await semiAtTable(td, { raceTo: 3 });
  await noShow(winnerId);
  expect(await matchNow()).toMatchObject({ status: "completed", outcome: "walkover", winnerId });
  expect(await withdrawn(absentId)).toBe(1);
  expect(await withdrawn()).toBe(1);
});
