// Withdrawing an entry during play and the director's check-in (decision 021), in-process against a migrated
// database: every format, the refusals, twice, a no-show, and the money untouched. The HTTP contract (who may, the
// body's checks, the answers, the forms) is tests/withdraw.test.ts's.
import { expect, test } from "vitest";
import { type Account, answered, useServiceDb } from "../../../../test-support/services.ts";
import type { MatchView } from "~/features/play/domain/play.ts";
import { lastInMessage, withdrawalMessages } from "~/features/entries/domain/withdrawn.ts";
import { checkInMessages } from "~/features/entries/domain/check-in.ts";
import { checkInEntry } from "./director-check-in.server.ts";
import { finalizeTournament } from "~/features/play/server/finalize.server.ts";
import { saveResult } from "~/features/play/server/results.server.ts";
import { withdrawEntry } from "./withdraw.server.ts";

const s = useServiceDb();

/** Withdraws as the route does: the walkovers, then what follows them. */
async function withdraw(director: Account, t: { id: string }, registrationId: string) {
  const done = await withdrawEntry(s.sender, { organiserId: director.id, tournament: { id: t.id }, registrationId });
  await s.after(done.change);
  return { withdrawn: done.withdrawn, walkovers: done.walkovers };
}

/** A player's registration id (a team's is its captain's). */
async function registration(t: { id: string }, player: Account): Promise<string> {
  const [row] = await s.rows<{ id: string }>(
    "select id from tournament_players where tournament_id = ? and player_id = ?",
    [t.id, player.id],
  );
  if (!row) throw new Error("not entered");
  return row.id;
}

const mine = (matches: MatchView[], id: string) => matches.filter((m) => m.player1Id === id || m.player2Id === id);
const ready = (matches: MatchView[]) =>
  matches.filter((m) => m.status !== "completed" && m.player1Id !== null && m.player2Id !== null);

/** Plays every ready match (player 1 wins) until nothing is ready. */
async function playOut(director: Account, t: { id: string }) {
  for (let i = 0; i < 64; i++) {
    const next = ready(await s.matches(t))[0];
    if (!next) return;
    await s.record(director, next.id, { winnerId: next.player1Id });
  }
}

async function started(type: string, n: number, extra: Record<string, unknown> = {}) {
  const td = await s.organiser();
  const t = await s.tournament(td, { tournamentType: type, maxPlayers: 16, ...extra });
  const players = await s.enterFromBalance(t, n);
  await s.start(td, t);
  return { td, t, players };
}

test("single elimination: the reached match is a walkover now; the next when reached; twice: nothing", async () => {
  const { td, t, players } = await started("single_elimination", 4);
  const sam = players[0] as Account;
  const before = await s.count("transactions");
  expect(await withdraw(td, t, await registration(t, sam))).toEqual({ withdrawn: true, walkovers: 1 });
  let matches = await s.matches(t);
  const [first] = mine(matches, sam.id);
  expect(first).toMatchObject({ status: "completed", outcome: "walkover" });
  expect(first?.winnerId).not.toBe(sam.id);
  // Again: nothing more.
  expect(await withdraw(td, t, await registration(t, sam))).toEqual({ withdrawn: true, walkovers: 0 });
  await playOut(td, t);
  matches = await s.matches(t);
  expect(matches.find((m) => m.nextMatchId === null)?.status).toBe("completed");
  // Nothing refunded, nothing moved.
  expect(await s.count("transactions")).toBe(before);
  await s.expectLedgerTrue();
});

test("a result that reaches a withdrawn entry's next match makes it a walkover in the same batch", async () => {
  const { td, t, players } = await started("single_elimination", 4);
  let matches = await s.matches(t);
  const semi = ready(matches)[0] as MatchView;
  await s.record(td, semi.id, { winnerId: semi.player1Id });
  const finalist = players.find((p) => p.id === semi.player1Id) as Account;
  expect(await withdraw(td, t, await registration(t, finalist))).toEqual({ withdrawn: true, walkovers: 0 });
  const other = ready(await s.matches(t))[0] as MatchView;
  await s.record(td, other.id, { winnerId: other.player2Id });
  matches = await s.matches(t);
  const final = matches.find((m) => m.nextMatchId === null) as MatchView;
  expect(final).toMatchObject({ status: "completed", outcome: "walkover", winnerId: other.player2Id });
  // Places already won stand: the finalist who left is paid second.
  const done = await finalizeTournament(s.sender, { organiserId: td.id, tournament: { id: t.id } });
  expect(done.payouts.map((p) => p.playerId)).toContain(finalist.id);
  await s.expectLedgerTrue();
});

test("double elimination, round robin and groups into a knockout play out with a withdrawn entry", async () => {
  for (const [type, n] of [
    // No byes: the draw is random, and a bye would be a match already decided.
    ["double_elimination", 4],
    ["round_robin", 4],
    ["round_robin_tier", 8],
  ] as const) {
    const { td, t, players } = await started(type, n);
    const sam = players[1] as Account;
    const { walkovers } = await withdraw(td, t, await registration(t, sam));
    expect(walkovers, type).toBeGreaterThan(0);
    await playOut(td, t);
    const matches = await s.matches(t);
    // Every match of Sam's after the withdrawal went to the opponent without being played.
    const theirs = mine(matches, sam.id).filter((m) => !m.isBye);
    expect(
      theirs.every((m) => m.status === "completed" && m.outcome !== "played"),
      type,
    ).toBe(true);
    expect(
      theirs.some((m) => m.winnerId === sam.id),
      type,
    ).toBe(false);
    const done = await finalizeTournament(s.sender, { organiserId: td.id, tournament: { id: t.id } });
    expect(done.payouts.length, type).toBeGreaterThan(0);
  }
  await s.expectLedgerTrue();
});

test("groups into a knockout: a qualifier who leaves after the groups gets walkovers in the knockout", async () => {
  const { td, t } = await started("round_robin_tier", 8);
  // Play the groups out.
  for (let i = 0; i < 64; i++) {
    const next = ready(await s.matches(t)).find((m) => m.bracket === "group");
    if (!next) break;
    await s.record(td, next.id, { winnerId: next.player1Id });
  }
  const knockout = (await s.matches(t)).filter((m) => m.bracket === "knockout");
  const qualifier = knockout.find((m) => m.round === 1 && !m.isBye)?.player1Id as string;
  const [reg] = await s.rows<{ id: string }>(
    "select id from tournament_players where tournament_id = ? and player_id = ?",
    [t.id, qualifier],
  );
  expect(await withdraw(td, t, reg?.id as string)).toEqual({ withdrawn: true, walkovers: 1 });
  const theirs = mine(await s.matches(t), qualifier).filter((m) => m.bracket === "knockout");
  expect(theirs[0]).toMatchObject({ status: "completed", outcome: "walkover" });
});

test("a team event withdraws the team by its id", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { matchType: "2v2", maxPlayers: 8 });
  for (let i = 1; i <= 4; i++) await s.enterTeam(t, i);
  await s.start(td, t);
  const [team] = await s.rows<{ id: string }>("select id from teams where tournament_id = ? limit 1", [t.id]);
  expect(await withdraw(td, t, team?.id as string)).toEqual({ withdrawn: true, walkovers: 1 });
  const [theirs] = mine(await s.matches(t), team?.id as string);
  expect(theirs).toMatchObject({ status: "completed", outcome: "walkover" });
});

test("refused before the start, after the finish, for another director, for an unknown entry", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { maxPlayers: 8 });
  const [ann, bo] = await s.enter(t, 2);
  const annEntry = await registration(t, ann as Account);
  expect(await answered(withdraw(td, t, annEntry))).toEqual({ status: 409, message: withdrawalMessages.notStarted });
  await s.start(td, t);
  const other = await s.organiser("Other");
  expect(await answered(withdraw(other, t, annEntry))).toEqual({
    status: 403,
    message: "Only the tournament's director can do that",
  });
  expect(await answered(withdraw(td, t, "no-such-entry"))).toEqual({
    status: 404,
    message: withdrawalMessages.entryNotFound,
  });
  // The final: Ann leaves, Bo wins by a walkover; Bo cannot leave too (nobody would be left to win).
  expect(await withdraw(td, t, annEntry)).toEqual({ withdrawn: true, walkovers: 1 });
  const final = (await s.matches(t))[0];
  expect(final).toMatchObject({ outcome: "walkover", winnerId: bo?.id });
  await finalizeTournament(s.sender, { organiserId: td.id, tournament: { id: t.id } });
  expect(await answered(withdraw(td, t, await registration(t, bo as Account)))).toEqual({
    status: 409,
    message: withdrawalMessages.over,
  });

  // A league where all but one leave is decided at once: each one leaving walks over their remaining matches.
  const { td: td2, t: t2, players } = await started("round_robin", 4);
  const [w, x, y, z] = players as [Account, Account, Account, Account];
  for (const leaving of [w, x, y]) await withdraw(td2, t2, await registration(t2, leaving));
  const league = await s.matches(t2);
  expect(league.every((m) => m.status === "completed")).toBe(true);
  expect(league.every((m) => m.outcome === "walkover")).toBe(true);
  const done = await finalizeTournament(s.sender, { organiserId: td2.id, tournament: { id: t2.id } });
  expect(done.payouts[0]?.playerId).toBe(z.id);
  // The champion, no longer in contention, may be marked withdrawn (nothing changes); the last one in may not leave
  // (features/entries/domain/withdrawn.test.ts): somebody must be left to win.
  expect(lastInMessage(z.name, false)).toContain(z.name);
});

test("a no-show given a walkover by the floor is withdrawn: their later matches are walkovers too", async () => {
  const { td, t, players } = await started("round_robin", 4);
  const noShow = players[0] as Account;
  const [first] = ready(mine(await s.matches(t), noShow.id));
  const winnerId = first?.player1Id === noShow.id ? first.player2Id : first?.player1Id;
  const saved = await saveResult(s.sender, {
    organiserId: td.id,
    matchId: first?.id as string,
    input: { outcome: "walkover", winnerId },
    mode: "record",
    noShow: true,
  });
  if (saved.outcome === "unconfirmed") throw new Error("not saved");
  await s.after(saved.change);
  const theirs = mine(await s.matches(t), noShow.id);
  expect(theirs).toHaveLength(3);
  expect(theirs.every((m) => m.status === "completed" && m.outcome === "walkover" && m.winnerId !== noShow.id)).toBe(
    true,
  );
  expect(await s.count("tournament_players", "tournament_id = ? and withdrawn_at is not null", [t.id])).toBe(1);
});

test("the director ticks an entry in by player, registration or team member, and takes it back", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { maxPlayers: 8 });
  const [ann] = await s.enter(t, 2);
  const tick = (by: Account, entry: string, checkedIn = true) =>
    checkInEntry(s.sender, { organiserId: by.id, tournament: { id: t.id }, entry, checkedIn });
  const ticked = await tick(td, (ann as Account).id);
  expect(ticked).toMatchObject({ checkedIn: true, entryId: await registration(t, ann as Account) });
  // Ticking again keeps the first time; by the registration's id too.
  expect((await tick(td, ticked.entryId)).checkedInAt).toBe(ticked.checkedInAt);
  expect(await tick(td, ticked.entryId, false)).toMatchObject({
    checkedIn: false,
    checkedInAt: null,
    entryId: ticked.entryId,
  });
  expect(await answered(tick(td, "nobody"))).toEqual({ status: 404, message: checkInMessages.noSuchEntry });
  const other = await s.organiser("Other");
  expect(await answered(tick(other, ticked.entryId))).toEqual({
    status: 403,
    message: "Only the tournament's director can do that",
  });

  const teams = await s.tournament(td, { matchType: "2v2", maxPlayers: 4 });
  const { mates } = await s.enterTeam(teams, 1);
  const byMember = await checkInEntry(s.sender, {
    organiserId: td.id,
    tournament: { id: teams.id },
    entry: (mates[0] as Account).id,
    checkedIn: true,
  });
  const [team] = await s.rows<{ id: string }>("select id from teams where tournament_id = ?", [teams.id]);
  expect(byMember).toMatchObject({ checkedIn: true, entryId: team?.id });

  await s.enter(t, 1);
  await s.start(td, t);
  expect(await answered(tick(td, ticked.entryId))).toEqual({ status: 409, message: checkInMessages.checkInStarted });
});
