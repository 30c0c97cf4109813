// Handicapped events (decision 028) in-process: the settings kept and edited (the rating cap locked once someone has
// entered), races set from the ratings once both players are known (at the draw, after a result, again after a
// correction that moves someone), results and the tablet held to each player's own race, seeding by rating, and the
// rating cap on joining and on the reserve list. The settings' messages are the schema's (ratings/domain); the JSON,
// the forms and the pages that show the races are tests/handicap.test.ts's.
import { expect, test } from "vitest";
import { handicapRaces } from "~/features/ratings/domain/ratings.ts";
import { ratingCapMessage } from "~/features/ratings/domain/handicap.ts";
import { saveStartingRatings } from "~/features/ratings/server/use-cases.server.ts";
import { join } from "~/features/entries/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { type Account, answered, useServiceDb } from "../../../../test-support/services.ts";
import { assignMatchTable } from "./use-cases.server.ts";

const s = useServiceDb();

/** The director sets where entrants' ratings start, as PUT /api/tournaments/{id}/ratings does. */
const rate = (td: Account, t: { id: string }, ratings: Record<string, number>) =>
  perform(s.app, s.sender, saveStartingRatings, { organiserId: td.id, tournament: { id: t.id }, ratings });

const stored = async (t: { id: string }) =>
  (
    await s.rows<{ handicap: string; race_to: number | null; max_rating: number | null; seeding: string }>(
      "select handicap, race_to, max_rating, seeding from tournaments where id = ?",
      [t.id],
    )
  )[0];

test("the settings are kept and edited; once someone enters the cap is locked, the handicap not", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { handicap: "race", raceTo: 5, maxRating: 600, seeding: "rating" });
  expect(await stored(t)).toEqual({ handicap: "race", race_to: 5, max_rating: 600, seeding: "rating" });
  const plain = await s.tournament(td);
  expect(await stored(plain)).toMatchObject({ handicap: "none", max_rating: null, seeding: "random" });

  expect(await s.edit(td, t, { maxRating: 550, handicap: "none" })).toMatchObject({ maxRating: 550, handicap: "none" });
  await s.enterFromBalance(t, 1);
  expect(await answered(s.edit(td, t, { maxRating: 700 }))).toEqual({
    status: 409,
    message: "The rating cap can't change: players have entered",
  });
  expect(await s.edit(td, t, { handicap: "race" })).toMatchObject({ handicap: "race", maxRating: 550 });
  expect(await stored(t)).toMatchObject({ handicap: "race", max_rating: 550 });
});

test("a rating cap: a player rated above it is refused, at the door and as a reserve", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { maxPlayers: 2, maxRating: 550 });
  const strong = await s.player("Strong Sam");
  const other = await s.tournament(td, { maxPlayers: 4 });
  await s.enterAs(other, [strong]);
  await rate(td, other, { [strong.id]: 620 });

  const entered = () => s.count("tournament_players", "tournament_id = ? and player_id = ?", [t.id, strong.id]);
  expect(await answered(s.join(strong, t))).toEqual({ status: 403, message: ratingCapMessage(550) });
  expect(ratingCapMessage(550)).toBe("This event is for players rated up to 550");
  expect(await entered()).toBe(0);
  // New players (500) are in; once it is full the strong player may not wait on the reserve list either.
  await s.enterFromBalance(t, 2);
  const reserve = perform(s.app, s.sender, join, {
    provider: s.payments,
    playerId: strong.id,
    tournament: { id: t.id },
    reserve: true,
  });
  expect(await answered(reserve)).toEqual({ status: 403, message: ratingCapMessage(550) });
  expect(await s.count("reserves", "tournament_id = ? and player_id = ?", [t.id, strong.id])).toBe(0);
  expect(await entered()).toBe(0);
  await s.expectLedgerTrue();
});

test("a handicapped night: seeded by rating, races from the ratings, each player held to their own race", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, {
    maxPlayers: 4,
    raceTo: 5,
    handicap: "race",
    seeding: "rating",
    payoutStructure: "winner_only",
  });
  const [a, b, c, d] = await s.enterFromBalance(t, 4, (i) => ["Ace", "Bea", "Cal", "Dot"][i] ?? "");
  if (!a || !b || !c || !d) throw new Error("four players");
  const rating: Record<string, number> = { [a.id]: 700, [b.id]: 600, [c.id]: 520, [d.id]: 400 };
  await rate(td, t, rating);
  await s.start(td, t);

  const round1 = (await s.matches(t)).filter((m) => m.round === 1);
  // Seeded by rating: 1 v 4 and 2 v 3.
  const pairs = round1.map((m) => new Set([m.player1Id, m.player2Id]));
  expect(pairs).toContainEqual(new Set([a.id, d.id]));
  expect(pairs).toContainEqual(new Set([b.id, c.id]));
  for (const m of round1) {
    const [r1, r2] = [rating[m.player1Id ?? ""] ?? 0, rating[m.player2Id ?? ""] ?? 0];
    expect({ race1: m.race1, race2: m.race2 }).toEqual(handicapRaces(r1, r2, 5));
    expect([m.player1Rating, m.player2Rating]).toEqual([r1, r2]);
    expect(Math.max(m.race1 ?? 0, m.race2 ?? 0)).toBe(5);
    expect(Math.min(m.race1 ?? 0, m.race2 ?? 0)).toBeLessThan(5);
  }

  // The director's result is held to each player's own race.
  const ad = round1.find((m) => new Set([m.player1Id, m.player2Id]).has(d.id));
  if (!ad?.race1 || !ad.race2) throw new Error("A v D has races");
  const dSide = ad.player1Id === d.id ? 1 : 2;
  const dRace = dSide === 1 ? ad.race1 : ad.race2;
  const over =
    dSide === 1 ? { player1Score: dRace + 1, player2Score: 0 } : { player1Score: 0, player2Score: dRace + 1 };
  expect(await answered(s.record(td, ad.id, { winnerId: d.id, ...over }))).toEqual({
    status: 400,
    message: `Scores can't be more than the race to ${dRace}`,
  });

  // At the table: the tablet says each race, and the match ends when Dot reaches hers.
  const table = await s.table(td);
  await perform(s.app, s.sender, assignMatchTable, { organiserId: td.id, matchId: ad.id, tableId: table.id });
  const tablet = s.tablet(table.accessCode);
  expect(await tablet.current()).toMatchObject({ race1: ad.race1, race2: ad.race2, raceTo: 5 });
  for (let i = 0; i < dRace; i++) expect((await tablet.rack(dSide)).status).toBe(201);
  // Dot has reached her race: no more racks; the result is hers.
  expect((await answered(tablet.rack(dSide))).status).toBe(409);
  expect((await tablet.confirm()).status).toBeLessThan(300);
  expect((await s.matches(t)).find((m) => m.id === ad.id)).toMatchObject({ status: "completed", winnerId: d.id });

  // B beats C: the final's races are set from the ratings after both results (Dot's win moved hers).
  const bc = round1.find((m) => m.id !== ad.id);
  if (!bc) throw new Error("B v C");
  const bSide = bc.player1Id === b.id ? 1 : 2;
  const bRace = (bSide === 1 ? bc.race1 : bc.race2) ?? 0;
  const score = bSide === 1 ? { player1Score: bRace, player2Score: 0 } : { player1Score: 0, player2Score: bRace };
  expect(await s.record(td, bc.id, { winnerId: b.id, ...score })).toBe("recorded");
  const final = (await s.matches(t)).find((m) => m.round === 2);
  if (!final?.player1Id || !final.player2Id) throw new Error("the final has its players");
  expect(new Set([final.player1Id, final.player2Id])).toEqual(new Set([d.id, b.id]));
  expect(final.player1Rating).not.toBeNull();
  const expected = handicapRaces(final.player1Rating ?? 0, final.player2Rating ?? 0, 5);
  expect({ race1: final.race1, race2: final.race2 }).toEqual(expected);
  // Dot's rating went up by beating Ace from 400.
  const dotNow = final.player1Id === d.id ? final.player1Rating : final.player2Rating;
  expect(dotNow).toBeGreaterThan(400);

  // A correction that swaps the A v D winner puts Ace in the final instead: its races are set again, for Ace.
  const aSide = ad.player1Id === a.id ? 1 : 2;
  const aRace = (aSide === 1 ? ad.race1 : ad.race2) ?? 0;
  const aWins = aSide === 1 ? { player1Score: aRace, player2Score: 0 } : { player1Score: 0, player2Score: aRace };
  expect(await s.record(td, ad.id, { winnerId: a.id, ...aWins })).toBe("corrected");
  const after = (await s.matches(t)).find((m) => m.id === final.id);
  if (!after?.player1Id || !after.player2Id) throw new Error("the final has its players");
  expect(new Set([after.player1Id, after.player2Id])).toEqual(new Set([a.id, b.id]));
  expect({ race1: after.race1, race2: after.race2 }).toEqual(
    handicapRaces(after.player1Rating ?? 0, after.player2Rating ?? 0, 5),
  );
  const [races] = await s.rows<{ races_for: string }>("select races_for from matches where id = ?", [final.id]);
  expect(races?.races_for).toBe(`${after.player1Id} ${after.player2Id}`);
});

test("without handicaps both races are the race-to (none without one); new players shown at 500", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { maxPlayers: 2, raceTo: 4, payoutStructure: "winner_only" });
  await s.enterFromBalance(t, 2);
  await s.start(td, t);
  expect((await s.matches(t))[0]).toMatchObject({ race1: 4, race2: 4, player1Rating: 500, player2Rating: 500 });
  const open = await s.tournament(td, { maxPlayers: 2, payoutStructure: "winner_only" });
  await s.enterFromBalance(open, 2);
  await s.start(td, open);
  expect((await s.matches(open))[0]).toMatchObject({ race1: null, race2: null });
});
