// Handicapped events (decision 028) through the real Worker: the settings over the JSON API and the creation form
// without JavaScript, and the races shown where only the pages show them (the tablet's board, the stream overlay, the
// director's floor). The rules — the settings kept and locked, races from the ratings at the draw, after results and
// corrections, each player held to their own race, seeding by rating, the rating cap on joining — are
// app/features/play/server/handicap.server.test.ts's; the settings' messages are
// app/features/ratings/domain/handicap.test.ts's.
import { expect, test } from "vitest";
import { handicapRaces } from "../app/features/ratings/domain/ratings.ts";
import { type Account, type TournamentJson, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Match = {
  id: string;
  player1Id: string | null;
  player2Id: string | null;
  race1: number | null;
  race2: number | null;
};

/** The director sets where provisional entrants' ratings start (PUT …/ratings: they know the regulars). */
async function rate(td: Account, t: TournamentJson, ratings: Record<string, number>) {
  const response = await td.client.json("PUT", `/api/tournaments/${t.id}/ratings`, { ratings });
  expect(response.status, await response.clone().text()).toBe(200);
}

test("the settings over JSON: a refusal is a 400 naming the problem; kept, shown and edited", async () => {
  const td = await f.organiser();
  const refused = await td.client.json("POST", "/api/tournaments", { ...validBody(), handicap: "race" });
  expect(refused.status).toBe(400);
  expect(JSON.stringify(await refused.json())).toContain("A handicapped event needs a race-to");
  expect(await f.count("tournaments", "organiser_id = ?", [td.id])).toBe(0);

  const t = await f.createTournament(td, { handicap: "race", raceTo: 5, maxRating: 600, seeding: "rating" });
  expect(t).toMatchObject({ handicap: "race", raceTo: 5, maxRating: 600, seeding: "rating" });
  const patched = await td.client.json("PATCH", `/api/tournaments/${t.id}`, { maxRating: 550, handicap: "none" });
  expect(patched.status).toBe(200);
  expect(await patched.json()).toMatchObject({ maxRating: 550, handicap: "none" });
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

test("the races where pages show them: the tablet's board and its JSON, the stream overlay, the floor", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, {
    maxPlayers: 2,
    raceTo: 5,
    handicap: "race",
    seeding: "rating",
    payoutStructure: "winner_only",
  });
  const [a, d] = await f.enter(t, 2, (i) => ["Ace", "Dot"][i] ?? "");
  if (!a || !d) throw new Error("two players");
  await rate(td, t, { [a.id]: 700, [d.id]: 400 });
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const [final] = await f.matchesOf<Match>(t);
  if (!final?.race1 || !final.race2) throw new Error("the final has races");
  const rating = { [a.id]: 700, [d.id]: 400 } as Record<string, number>;
  expect({ race1: final.race1, race2: final.race2 }).toEqual(
    handicapRaces(rating[final.player1Id ?? ""] ?? 0, rating[final.player2Id ?? ""] ?? 0, 5),
  );

  const table = (await (await td.client.json("POST", "/api/tables", { name: "Table 1" })).json()) as {
    id: string;
    accessCode: string;
  };
  expect((await td.client.json("PATCH", `/api/matches/${final.id}/table`, { tableId: table.id })).status).toBe(200);
  const current = await (await app.client().get(`/api/tables/by-code/${table.accessCode}/current-match`)).json();
  expect(current).toMatchObject({ race1: final.race1, race2: final.race2, raceTo: 5 });
  const board = await (await app.client().get(`/scoreboard/${table.accessCode}`)).text();
  const names = { [a.id]: "Ace", [d.id]: "Dot" } as Record<string, string>;
  const [one, two] = [names[final.player1Id ?? ""], names[final.player2Id ?? ""]];
  expect(board).toContain(`${one} races to ${final.race1}, ${two} to ${final.race2}`);
  // Each name's rating links to the profile in a new tab: the tablet's own page stays on its table.
  expect(board).toMatch(new RegExp(`href="/players/${d.id}" target="_blank" rel="noopener"[^>]*>Rated 400`));
  // The stream overlay gives each player's race too.
  const overlay = await (await app.client().get(`/scoreboard/${table.accessCode}/overlay`)).text();
  expect(overlay).toContain(`${final.race1}–${final.race2}</span>`);
  // And the director's floor, beside the live score.
  const floor = await (await td.client.get(`/tournament/${t.slug}?tab=floor`)).text();
  expect(floor).toContain(`race ${final.race1}–${final.race2}`);
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
