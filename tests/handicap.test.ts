// Handicapped events (decision 028) through the real Worker and database: a handicapped event's settings and their
// checks, races set from the ratings once both players are known (at the draw, after a result, again after a correction
// that moves someone), results and the tablet held to each player's own race, seeding by rating, and the rating cap on
// joining (decision 028).
import { expect, test } from "vitest";
import { handicapRaces } from "../app/features/ratings/domain/ratings.ts";
import { type Account, type TournamentJson, useFactories } from "./support/factories.ts";
import type { HttpClient } from "./support/http.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Match = {
  id: string;
  round: number;
  matchNumber: number;
  player1Id: string | null;
  player2Id: string | null;
  player1: { name: string } | null;
  player2: { name: string } | null;
  race1: number | null;
  race2: number | null;
  player1Rating: number | null;
  player2Rating: number | null;
  status: string;
  winnerId: string | null;
};

/** The director sets where provisional entrants' ratings start (PUT …/ratings: they know the regulars). */
async function rate(td: Account, t: TournamentJson, ratings: Record<string, number>) {
  const response = await td.client.json("PUT", `/api/tournaments/${t.id}/ratings`, { ratings });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** An existing player joins `t` and pays by the simulated card. */
async function enterAs(p: Account, t: TournamentJson) {
  const join = await p.client.json("POST", "/api/tournaments/join", { tournamentId: t.id });
  const { paymentIntentId } = (await join.json()) as { paymentIntentId: string };
  const paid = await p.client.json("POST", `/api/dev/payments/${paymentIntentId}/confirm`, {
    cardNumber: "4242424242424242",
  });
  expect(paid.status).toBe(200);
}

const record = (td: Account, matchId: string, body: Record<string, unknown>) =>
  td.client.json("PATCH", `/api/matches/${matchId}`, body);

async function message(response: Response) {
  return ((await response.json()) as { message: string; field?: string }).message;
}

test("the settings: handicap, rating cap and seeding by rating are kept, checked and shown", async () => {
  const td = await f.organiser();
  const refused = async (body: Record<string, unknown>, text: string) => {
    const response = await td.client.json("POST", "/api/tournaments", { ...validBody(), ...body });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(text);
  };
  await refused({ handicap: "race" }, "A handicapped event needs a race-to");
  await refused({ handicap: "race", raceTo: 5, matchType: "2v2" }, "Handicaps are for singles events");
  await refused({ maxRating: 600, matchType: "2v2" }, "A rating cap is for singles events");
  await refused({ seeding: "rating", matchType: "2v2" }, "Seeding by rating is for singles events");
  await refused({ maxRating: 50 }, "The rating cap must be at least 100");
  await refused({ maxRating: "lots" }, "The rating cap must be a whole number");
  await refused({ handicap: "sometimes" }, "Handicap must be none or race");
  await refused({ seeding: "height" }, "Seeding must be random, manual or rating");
  expect(await f.count("tournaments", "organiser_id = ?", [td.id])).toBe(0);

  const t = await f.createTournament(td, { handicap: "race", raceTo: 5, maxRating: 600, seeding: "rating" });
  expect(t).toMatchObject({ handicap: "race", raceTo: 5, maxRating: 600, seeding: "rating" });
  const plain = await f.createTournament(td);
  expect(plain).toMatchObject({ handicap: "none", maxRating: null, seeding: "random" });

  // An edit changes them while nobody has entered; the cap is then locked (entries already in stay in).
  const patched = await td.client.json("PATCH", `/api/tournaments/${t.id}`, { maxRating: 550, handicap: "none" });
  expect(patched.status).toBe(200);
  expect(await patched.json()).toMatchObject({ maxRating: 550, handicap: "none" });
  await f.enter(t, 1);
  const locked = await td.client.json("PATCH", `/api/tournaments/${t.id}`, { maxRating: 700 });
  expect(locked.status).toBe(409);
  const handicapAgain = await td.client.json("PATCH", `/api/tournaments/${t.id}`, { handicap: "race" });
  expect(handicapAgain.status).toBe(200);
});

test("the creation form (no JavaScript) takes handicap, cap and seeding by rating, or says why not", async () => {
  const td = await f.organiser();
  const fields = { ...validBody(), maxPlayers: "8", rakeValue: "1", siteFee: "1", rakeType: "fixed" };
  const form = await (await td.client.get("/td/create-tournament")).text();
  expect(form).toContain("Handicapped races from ratings");
  expect(form).toContain("By rating, highest first");
  expect(form).toContain('name="maxRating"');
  const invalid = await td.client.postForm("/td/create-tournament", { ...fields, handicap: "race", intent: "create" });
  expect(invalid.status).toBe(400);
  expect(await invalid.text()).toContain("A handicapped event needs a race-to");
  const created = await td.client.postForm("/td/create-tournament", {
    ...fields,
    handicap: "race",
    raceTo: "5",
    maxRating: "550",
    seeding: "rating",
    intent: "create",
  });
  expect(created.status).toBe(302);
  const slug = created.headers.get("Location")?.split("/").pop() ?? "";
  const t = await (await app.client().get(`/api/tournaments/${slug}`)).json();
  expect(t).toMatchObject({ handicap: "race", raceTo: 5, maxRating: 550, seeding: "rating" });
});

test("a rating cap: a player rated above it is refused, at the door and as a reserve", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { maxPlayers: 2, maxRating: 550 });
  const strong = await f.player("Strong Sam");
  const other = await f.createTournament(td, { maxPlayers: 4 });
  await enterAs(strong, other);
  await rate(td, other, { [strong.id]: 620 });

  const join = (client: HttpClient) => client.json("POST", "/api/tournaments/join", { tournamentId: t.id });
  const refused = await join(strong.client);
  expect(refused.status).toBe(403);
  expect(await message(refused)).toBe("This event is for players rated up to 550");
  expect(await f.count("tournament_players", "tournament_id = ? and player_id = ?", [t.id, strong.id])).toBe(0);
  // New players (500) are in; once it is full the strong player may not wait on the reserve list either.
  await f.enter(t, 2);
  const reserve = await strong.client.json("POST", "/api/tournaments/join", { tournamentId: t.id, reserve: true });
  expect(reserve.status).toBe(403);
  expect(await message(reserve)).toBe("This event is for players rated up to 550");
  expect(await f.count("reserves", "tournament_id = ? and player_id = ?", [t.id, strong.id])).toBe(0);
  expect(await f.count("tournament_players", "tournament_id = ? and player_id = ?", [t.id, strong.id])).toBe(0);
  await f.expectLedgerTrue();
});

test("a handicapped night: seeded by rating, races from the ratings, each player held to their own race", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, {
    maxPlayers: 4,
    raceTo: 5,
    handicap: "race",
    seeding: "rating",
    payoutStructure: "winner_only",
  });
  const [a, b, c, d] = await f.enter(t, 4, (i) => ["Ace", "Bea", "Cal", "Dot"][i] ?? "");
  if (!a || !b || !c || !d) throw new Error("four players");
  await rate(td, t, { [a.id]: 700, [b.id]: 600, [c.id]: 520, [d.id]: 400 });
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);

  const round1 = (await f.matchesOf<Match>(t)).filter((m) => m.round === 1);
  // Seeded by rating: 1 v 4 and 2 v 3.
  const pairs = round1.map((m) => new Set([m.player1Id, m.player2Id]));
  expect(pairs).toContainEqual(new Set([a.id, d.id]));
  expect(pairs).toContainEqual(new Set([b.id, c.id]));
  const rating = { [a.id]: 700, [b.id]: 600, [c.id]: 520, [d.id]: 400 } as Record<string, number>;
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
  const tooMany = await record(td, ad.id, { winnerId: d.id, ...over });
  expect(tooMany.status).toBe(400);
  expect(await message(tooMany)).toBe(`Scores can't be more than the race to ${dRace}`);

  // At the table: the tablet says each race, and the match ends when Dot reaches hers.
  const table = (await (await td.client.json("POST", "/api/tables", { name: "Table 1" })).json()) as {
    id: string;
    accessCode: string;
  };
  expect((await td.client.json("PATCH", `/api/matches/${ad.id}/table`, { tableId: table.id })).status).toBe(200);
  const tap = (kind: string, body: Record<string, unknown> = {}) =>
    app.client().json("POST", `/api/tables/by-code/${table.accessCode}/${kind}`, {
      tapId: `tap-${crypto.randomUUID()}`,
      ...body,
    });
  const current = await (await app.client().get(`/api/tables/by-code/${table.accessCode}/current-match`)).json();
  expect(current).toMatchObject({ race1: ad.race1, race2: ad.race2, raceTo: 5 });
  const board = await (await app.client().get(`/scoreboard/${table.accessCode}`)).text();
  const names = { [a.id]: "Ace", [d.id]: "Dot" } as Record<string, string>;
  const line = `${names[ad.player1Id ?? ""]} races to ${ad.race1}, ${names[ad.player2Id ?? ""]} to ${ad.race2}`;
  expect(board).toContain(line);
  // Each name's rating links to the profile in a new tab: the tablet's own page stays on its table.
  expect(board).toMatch(new RegExp(`href="/players/${d.id}" target="_blank" rel="noopener"[^>]*>Rated 400`));
  // The stream overlay gives each player's race too.
  const overlay = await (await app.client().get(`/scoreboard/${table.accessCode}/overlay`)).text();
  expect(overlay).toContain(`${ad.race1}–${ad.race2}</span>`);
  // And the director's floor, beside the live score.
  const floor = await (await td.client.get(`/tournament/${t.slug}?tab=floor`)).text();
  expect(floor).toContain(`race ${ad.race1}–${ad.race2}`);
  for (let i = 0; i < dRace; i++) expect((await tap("racks", { player: dSide })).status).toBe(201);
  // Dot has reached her race: no more racks; the result is hers.
  expect((await tap("racks", { player: dSide })).status).toBe(409);
  expect((await tap("confirm")).status).toBeLessThan(300);
  const decided = (await f.matchesOf<Match>(t)).find((m) => m.id === ad.id);
  expect(decided).toMatchObject({ status: "completed", winnerId: d.id });

  // B beats C: the final's races are set from the ratings after both results (Dot's win moved hers).
  const bc = round1.find((m) => m.id !== ad.id);
  if (!bc) throw new Error("B v C");
  const bSide = bc.player1Id === b.id ? 1 : 2;
  const bRace = (bSide === 1 ? bc.race1 : bc.race2) ?? 0;
  const score = bSide === 1 ? { player1Score: bRace, player2Score: 0 } : { player1Score: 0, player2Score: bRace };
  expect((await record(td, bc.id, { winnerId: b.id, ...score })).status).toBe(200);
  const final = (await f.matchesOf<Match>(t)).find((m) => m.round === 2);
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
  const corrected = await record(td, ad.id, { winnerId: a.id, ...aWins });
  expect(corrected.status).toBe(200);
  const after = (await f.matchesOf<Match>(t)).find((m) => m.id === final.id);
  if (!after?.player1Id || !after.player2Id) throw new Error("the final has its players");
  expect(new Set([after.player1Id, after.player2Id])).toEqual(new Set([a.id, b.id]));
  expect({ race1: after.race1, race2: after.race2 }).toEqual(
    handicapRaces(after.player1Rating ?? 0, after.player2Rating ?? 0, 5),
  );
  const stored = await f.sql().execute({ sql: "select races_for from matches where id = ?", args: [final.id] });
  expect(String(stored.rows[0]?.races_for)).toBe(`${after.player1Id} ${after.player2Id}`);
});

test("without handicaps both races are the race-to (none without one); new players shown at 500", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { maxPlayers: 2, raceTo: 4, payoutStructure: "winner_only" });
  await f.enter(t, 2);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const [m] = await f.matchesOf<Match>(t);
  expect(m).toMatchObject({ race1: 4, race2: 4, player1Rating: 500, player2Rating: 500 });
  const open = await f.createTournament(td, { maxPlayers: 2, payoutStructure: "winner_only" });
  await f.enter(open, 2);
  expect((await td.client.json("POST", `/api/tournaments/${open.id}/start`)).status).toBe(200);
  const [free] = await f.matchesOf<Match>(open);
  expect(free).toMatchObject({ race1: null, race2: null });
});

function validBody() {
  return {
    name: "Thursday Handicap",
    venue: "The Red Lion",
    date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    time: "19:30",
    entryFee: "10.00",
    payoutStructure: "winner_ru",
  };
}
