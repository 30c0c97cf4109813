// Running the evening in-process: the draw at the start, results and their
// corrections, and the ledger finalize writes — with real concurrent
// calls against the database. Who may do these, the forms and the JSON's
// shape are the HTTP suite's (tests/play.test.ts).
import { expect, test } from "vitest";
import { type Account, answered, useServiceDb } from "../../../../test-support/services.ts";
import { payFromBalance } from "~/features/entries/server/joining.server.ts";
import { finalizeTournament } from "./finalize.server.ts";
import { tournamentByIdQuery } from "~/features/tournaments/server/tournaments.server.ts";

const s = useServiceDb();

/** Finalize as its route runs it: the payouts, then what follows. */
async function finalize(director: Account, t: { id: string }) {
  const done = await finalizeTournament(s.sender, { organiserId: director.id, tournament: { id: t.id } });
  await s.after({ organiserId: director.id, tournamentId: t.id, what: "finalize" });
  return done;
}

/** Every playable match in turn until none is left, the winner chosen by `pick`. */
async function playAll(director: Account, t: { id: string }, pick = (m: { player1Id: string | null }) => m.player1Id) {
  for (let round = 0; round < 12; round++) {
    const playable = (await s.matches(t)).filter((m) => m.status !== "completed" && m.player1Id && m.player2Id);
    if (playable.length === 0) return;
    for (const m of playable) await s.record(director, m.id, { winnerId: pick(m) });
  }
}

const statusOf = async (t: { id: string }) => (await s.sender.send(tournamentByIdQuery(t.id)))?.status;

test("start: at least 2 paid entries, the director's own, once; unpaid holds are not entered", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td);
  await s.enter(t, 1);
  expect(await answered(s.start(td, t))).toEqual({
    status: 409,
    message: "At least 2 paid players are needed to start",
  });
  const holder = await s.player("Holder");
  expect((await s.join(holder, t)).paid).toBe(false);
  await s.enter(t, 4);
  const other = await s.organiser("Other");
  expect(await answered(s.start(other, t))).toEqual({
    status: 403,
    message: "Only the tournament's director can do that",
  });

  expect(await s.start(td, t)).toEqual({ matches: 7, players: 5, dropped: 0 });
  const matches = await s.matches(t);
  expect(matches.filter((m) => m.isBye)).toHaveLength(3);
  expect(matches.filter((m) => m.round === 1 && !m.isBye)).toHaveLength(1);
  // A bye is decided already: its player waits in round 2.
  expect(matches.filter((m) => m.isBye).every((m) => m.status === "completed" && m.winnerId !== null)).toBe(true);
  expect(await s.count("tournament_players", "tournament_id = ? and paid = 0", [t.id])).toBe(0);
  expect(await statusOf(t)).toBe("in_progress");
  expect(await answered(s.start(td, t))).toEqual({ status: 409, message: "Only an open tournament can be started" });
});

test("two starts at once make one bracket", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td);
  await s.enter(t, 3);
  const results = await Promise.all([0, 1, 2].map(() => answered(s.start(td, t))));
  expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  expect(await s.count("matches", "tournament_id = ?", [t.id])).toBe(3);
});

test("a result needs one of the two players as winner and scores within the race; the winner moves on", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { maxPlayers: 4, raceTo: 5 });
  await s.enter(t, 4);
  await s.start(td, t);
  const [m1] = (await s.matches(t)).filter((m) => m.round === 1);
  if (!m1?.player1Id || !m1.player2Id) throw new Error("no first match");
  const refusals: [Parameters<typeof s.record>[2], string][] = [
    [{ winnerId: "someone-else" }, "The winner must be one of the two players"],
    [
      { winnerId: m1.player1Id, player1Score: 2, player2Score: 5 },
      "The winner's score can't be lower than the loser's",
    ],
    [{ winnerId: m1.player1Id, player1Score: 6, player2Score: 0 }, "Scores can't be more than the race to 5"],
  ];
  for (const [input, message] of refusals) {
    expect(await answered(s.record(td, m1.id, input, "record")), message).toEqual({ status: 400, message });
  }
  expect(await s.count("matches", "tournament_id = ? and status = 'completed'", [t.id])).toBe(0);

  expect(await s.record(td, m1.id, { winnerId: m1.player2Id, player1Score: 3, player2Score: 5 })).toBe("recorded");
  const final = (await s.matches(t)).find((m) => m.round === 2);
  expect([final?.player1Id, final?.player2Id]).toContain(m1.player2Id);
  expect((await s.matches(t)).find((m) => m.id === m1.id)).toMatchObject({
    status: "completed",
    winnerId: m1.player2Id,
    player1Score: 3,
    player2Score: 5,
  });
  // Recording again is refused; correcting is what changes a result.
  expect(await answered(s.record(td, m1.id, { winnerId: m1.player1Id }, "record"))).toMatchObject({ status: 409 });
  // Not before both players are known.
  expect(await answered(s.record(td, final?.id ?? "", { winnerId: m1.player2Id }))).toMatchObject({ status: 409 });
});

test("two results for one match at once: one is kept whole, the other refused or a correction of it", async () => {
  const td = await s.organiser();
  for (let attempt = 0; attempt < 5; attempt++) {
    const t = await s.tournament(td, { maxPlayers: 2, raceTo: 5, payoutStructure: "winner_only" });
    await s.enter(t, 2);
    await s.start(td, t);
    const [m] = await s.matches(t);
    if (!m?.player1Id || !m.player2Id) throw new Error("no final");
    const inputs = [
      { winnerId: m.player1Id, player1Score: 5, player2Score: 1 },
      { winnerId: m.player2Id, player1Score: 2, player2Score: 5 },
    ];
    const saves = inputs.map((input) =>
      s.record(td, m.id, input).then(
        (outcome) => ({ status: 200, outcome }),
        (error: { status?: number }) => ({ status: error.status ?? 500, outcome: null }),
      ),
    );
    const race = await Promise.all(saves);
    const [stored] = await s.matches(t);
    const kept = { winnerId: stored?.winnerId, player1Score: stored?.player1Score, player2Score: stored?.player2Score };
    const statuses = race.map((r) => r.status);
    if (statuses.includes(409)) {
      expect([...statuses].sort()).toEqual([200, 409]);
      expect(kept).toEqual(inputs[statuses.indexOf(200)]);
    } else {
      expect(race.map((r) => r.outcome).sort()).toEqual(["corrected", "recorded"]);
      expect(kept).toEqual(inputs[race.findIndex((r) => r.outcome === "corrected")]);
    }
  }
});

test("a result can be corrected until the next match has a result", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { maxPlayers: 4 });
  await s.enter(t, 4);
  await s.start(td, t);
  const [m1, m2] = (await s.matches(t)).filter((m) => m.round === 1);
  if (!m1 || !m2) throw new Error("no first round");
  await s.record(td, m1.id, { winnerId: m1.player1Id });
  // Picked the wrong winner: correct it.
  const corrected = await answered(s.record(td, m1.id, { winnerId: m1.player2Id, player1Score: 1, player2Score: 3 }));
  expect(corrected.status).toBe(200);
  const final = (await s.matches(t)).find((m) => m.round === 2);
  if (!final) throw new Error("no final");
  expect([final.player1Id, final.player2Id]).toContain(m1.player2Id);
  expect([final.player1Id, final.player2Id]).not.toContain(m1.player1Id);
  await s.record(td, m2.id, { winnerId: m2.player1Id });
  await s.record(td, final.id, { winnerId: m1.player2Id });
  const tooLate = await answered(s.record(td, m1.id, { winnerId: m1.player1Id }));
  expect(tooLate.status).toBe(409);
});

test(`finalize: the prizes by place, the director's rake, everyone's statistics and finished — \
once, even three times at once; the ledger adds up`, async () => {
  const td = await s.organiser("Dee Director");
  const t = await s.tournament(td, { maxPlayers: 8, payoutStructure: "winner_ru_semi" });
  await s.enter(t, 8);
  await s.start(td, t);
  expect(await answered(finalize(td, t))).toEqual({ status: 409, message: "The final has not been played yet" });
  await playAll(td, t);

  const attempts = await Promise.all([0, 1, 2].map(() => answered(finalize(td, t))));
  expect(attempts.map((a) => a.status).sort()).toEqual([200, 409, 409]);
  expect(await answered(finalize(td, t))).toMatchObject({ status: 409 });
  expect(await statusOf(t)).toBe("finished");

  // 8 × (£10.00 − £1.00 rake) = £72.00: 50% / 25% / 12.5% × 2.
  const paid = await s.rows<{ position: string; amount_pence: number; confirmed: number }>(
    "select position, amount_pence, confirmed from payouts where tournament_id = ? order by amount_pence desc",
    [t.id],
  );
  expect(paid.map((p) => [p.position, p.amount_pence, p.confirmed])).toEqual([
    ["1st", 3600, 1],
    ["2nd", 1800, 1],
    ["3rd-4th", 900, 1],
    ["3rd-4th", 900, 1],
  ]);
  const ledger = await s.rows<{ type: string; n: number; total: number }>(
    `select type, count(*) as n, sum(amount_pence) as total from transactions where tournament_id = ?
      group by type order by type`,
    [t.id],
  );
  expect(ledger).toEqual([
    { type: "deposit", n: 8, total: 8800 },
    { type: "entry_fee", n: 8, total: -8000 },
    { type: "payout", n: 4, total: 7200 },
    { type: "rake", n: 1, total: 800 },
    { type: "site_fee", n: 8, total: -800 },
  ]);
  expect(await s.balance("organiser", td.id)).toBe(800);

  const stats = await s.rows<Record<string, number>>(
    `select sum(tournaments_played) as played, sum(tournaments_won) as won, sum(matches_played) as matches,
      sum(matches_won) as matchesWon, sum(total_earnings_pence) as earnings from player_stats`,
  );
  // 7 matches, no byes: each played by two.
  expect(stats[0]).toEqual({ played: 8, won: 1, matches: 14, matchesWon: 7, earnings: 7200 });
  await s.expectLedgerTrue();
});

test("finalize refuses, writing nothing, when what it would pay does not add up to the entry fees", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { maxPlayers: 4 });
  await s.enter(t, 2);
  expect((await answered(s.start(td, t))).status).toBe(200);
  const [final] = await s.matches(t);
  if (!final?.player1Id) throw new Error("no final");
  expect((await answered(s.record(td, final.id, { winnerId: final.player1Id }))).status).toBe(200);
  // A prize already in the ledger for this tournament (only a defect could write one): with it, what finalize would
  // leave paid no longer adds up to the entry fees, which the batch checks against the rows themselves.
  const stray = await s.player("Stray");
  await s.rows(
    `insert into transactions (id, user_type, user_id, type, description, amount_pence, tournament_id,
      idempotency_key) values (?, 'player', ?, 'payout', 'Earlier prize', 500, ?, ?)`,
    [crypto.randomUUID(), stray.id, t.id, `stray:${t.id}`],
  );
  const before = await s.count("transactions", "tournament_id = ?", [t.id]);
  const refused = await answered(finalize(td, t));
  expect(refused.status).toBe(409);
  expect(refused.message).toBe("The prizes and the rake do not add up to the entry fees: nothing was paid");
  expect(await s.count("transactions", "tournament_id = ?", [t.id])).toBe(before);
  expect(await s.count("payouts", "tournament_id = ?", [t.id])).toBe(0);
  expect(await statusOf(t)).toBe("in_progress");
  await s.expectLedgerTrue();
});

test("races at write time: a final corrected while finalizing, a payment landing while starting", async () => {
  for (let round = 0; round < 4; round++) {
    // Correct the final at the same moment as finalize: never both, and whoever is paid is the champion.
    const td = await s.organiser();
    const t = await s.tournament(td, { maxPlayers: 2, payoutStructure: "winner_only" });
    await s.enter(t, 2);
    await s.start(td, t);
    const [final] = await s.matches(t);
    if (!final) throw new Error("no final");
    await s.record(td, final.id, { winnerId: final.player1Id });
    const [correction, finalized] = await Promise.all([
      answered(s.record(td, final.id, { winnerId: final.player2Id })),
      answered(finalize(td, t)),
    ]);
    // Both may succeed only one after the other: the correction first, then
    // a finalize that paid the corrected champion.
    const champion = (await s.matches(t))[0]?.winnerId;
    expect(champion).toBe(correction.status === 200 ? final.player2Id : final.player1Id);
    const paid = await s.rows("select player_id from payouts where tournament_id = ?", [t.id]);
    expect(paid.map((r) => r.player_id)).toEqual(finalized.status === 200 ? [champion] : []);
    expect([200, 409]).toContain(correction.status);
    expect([200, 409]).toContain(finalized.status);
    expect(correction.status === 200 || finalized.status === 200, "one of them goes through").toBe(true);

    // A balance payment at the same moment as start: the payer is in the draw or not charged.
    const td2 = await s.organiser();
    const t2 = await s.tournament(td2, { maxPlayers: 8 });
    await s.enter(t2, 2);
    const late = await s.player("Late Payer");
    await s.credit("player", late.id, 1100);
    const [started] = await Promise.all([
      answered(s.start(td2, t2)),
      answered(payFromBalance(s.sender, { playerId: late.id, tournament: { id: t2.id } })),
    ]);
    const paidEntries = await s.count("tournament_players", "tournament_id = ? and paid = 1", [t2.id]);
    if (started.status === 200) {
      const drawn = new Set((await s.matches(t2)).flatMap((m) => [m.player1Id, m.player2Id]).filter(Boolean));
      expect(drawn.size).toBe(paidEntries);
    } else {
      expect(started.status).toBe(409);
    }
  }
  await s.expectLedgerTrue();
});
