// Tournaments through the real Worker: create (API and form), read, browse,
// archive and restore, with bad input and the wrong people.
import { expect, test } from "vitest";
import { futureDate, useFactories, validTournament, type TournamentJson } from "./support/factories.ts";
import type { HttpClient } from "./support/http.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

async function organiser(name = "Dave Director"): Promise<HttpClient> {
  return (await f.organiser(name)).client;
}

async function player(): Promise<HttpClient> {
  return (await f.player()).client;
}

async function create(client: HttpClient, overrides: Record<string, unknown> = {}): Promise<TournamentJson> {
  const response = await client.json("POST", "/api/tournaments", { ...validTournament(), ...overrides });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as TournamentJson;
}

const countTournaments = () => f.count("tournaments");

test("a director creates a tournament; the API shows SPEC's fields with money as decimal strings", async () => {
  const td = await organiser("Dave Director");
  const t = await create(td, { raceTo: 5, rules: "WPA rules", registrationDeadline: `${futureDate(29)}T18:00:00Z` });
  expect(t).toMatchObject({
    name: "Friday 8-Ball Knockout",
    venue: "The Red Lion, Leeds",
    time: "19:30",
    format: "8-ball knockout",
    maxPlayers: 16,
    tournamentType: "single_elimination",
    matchType: "1v1",
    raceTo: 5,
    rules: "WPA rules",
    entryFee: "10.00",
    siteFee: "1.00",
    rakeType: "fixed",
    rakeValue: "1.00",
    payoutStructure: "winner_ru",
    status: "open",
    tdName: "Dave Director",
    playerCount: 0,
    players: [],
    registrationDeadline: `${futureDate(29)}T18:00:00.000Z`,
  });
  expect(t.slug).toMatch(/^friday-8-ball-knockout-[a-z0-9]{6}$/);
  const stored = await f
    .sql()
    .execute({ sql: "select entry_fee_pence, site_fee_pence, rake_value from tournaments where id = ?", args: [t.id] });
  expect(stored.rows[0]).toMatchObject({ entry_fee_pence: 1000, site_fee_pence: 100, rake_value: 100 });

  const fetched = await app.client().get(`/api/tournaments/${t.slug}`);
  expect(fetched.status).toBe(200);
  expect(await fetched.json()).toMatchObject({ id: t.id, tdId: expect.any(String), tdName: "Dave Director" });
});

test("defaults: format, max players, site fee, types; numbers are accepted for money", async () => {
  const td = await organiser();
  const t = await create(td, {
    format: undefined,
    maxPlayers: undefined,
    siteFee: undefined,
    tournamentType: undefined,
    matchType: undefined,
    entryFee: 7.5,
    rakeType: "percent",
    rakeValue: 12.5,
  });
  expect(t).toMatchObject({
    format: "8-ball knockout",
    maxPlayers: 16,
    siteFee: "1.00",
    tournamentType: "single_elimination",
    matchType: "1v1",
    entryFee: "7.50",
    rakeType: "percent",
    rakeValue: "12.50",
  });
});

test("two tournaments with the same name get different slugs", async () => {
  const td = await organiser();
  const a = await create(td);
  const b = await create(td);
  expect(a.slug).not.toBe(b.slug);
});

test("bad creation input is refused with SPEC's messages and writes nothing", async () => {
  const td = await organiser();
  const before = await countTournaments();
  const cases: [Record<string, unknown>, string, string][] = [
    [{ maxPlayers: 1 }, "maxPlayers", "Minimum 2 players"],
    [{ maxPlayers: 513 }, "maxPlayers", "Maximum 512 players"],
    [{ maxPlayers: 2.5 }, "maxPlayers", "Max players must be a whole number"],
    [{ maxPlayers: "abc" }, "maxPlayers", "Max players must be a whole number"],
    [{ raceTo: 0 }, "raceTo", "Minimum race to 1"],
    [{ raceTo: 51 }, "raceTo", "Maximum race to 50"],
    [{ entryFee: "-5" }, "entryFee", "Entry fee must be an amount like 10.00 (not negative, at most 2 decimals)"],
    [{ entryFee: "10.001" }, "entryFee", "Entry fee must be an amount like 10.00 (not negative, at most 2 decimals)"],
    [{ siteFee: "-1" }, "siteFee", "Site fee must be an amount like 10.00 (not negative, at most 2 decimals)"],
    [{ rakeValue: "11.00" }, "rakeValue", "Rake can't be more than the entry fee"],
    [{ rakeType: "percent", rakeValue: "100.01" }, "rakeValue", "Rake percentage can't be more than 100%"],
    [{ rakeType: "sometimes" }, "rakeType", "Choose a fixed amount or a percentage"],
    [
      { tournamentType: "round_robin_tier", maxPlayers: 200 },
      "maxPlayers",
      "Groups into a knockout take 6 to 128 players",
    ],
    [{ tournamentType: "round_robin", maxPlayers: 33 }, "maxPlayers", "A round robin takes at most 32 players"],
    [{ tournamentType: "swiss" }, "tournamentType", "Choose a tournament type"],
    [{ matchType: "5v5" }, "matchType", "Choose a match type"],
    [{ payoutStructure: "everyone" }, "payoutStructure", "Choose a payout structure"],
    [{ maxPlayers: 4, payoutStructure: "top_16" }, "payoutStructure", "Top 16 needs at least 16 players"],
    [
      { maxPlayers: 2, payoutStructure: "winner_ru_semi" },
      "payoutStructure",
      "Winner, runner-up and semi-finalists needs at least 4 players",
    ],
    // A league's places are not rounds reached.
    [
      { tournamentType: "round_robin", maxPlayers: 6, payoutStructure: "winner_ru_semi_quarters" },
      "payoutStructure",
      "Top 8 needs at least 8 players",
    ],
    [{ date: "2020-01-01" }, "date", "The date can't be in the past"],
    [{ date: "2025-02-30" }, "date", "Enter a date like 2025-12-06"],
    [{ time: "25:00" }, "time", "Enter a time like 19:30"],
    [{ name: "" }, "name", "Tournament name is required"],
    [{ name: "x".repeat(10_000) }, "name", "Tournament name must be at most 100 characters"],
    [{ venue: ["x"] }, "venue", "Venue is required"],
    [{ rules: "x".repeat(10_000) }, "rules", "Rules must be at most 2000 characters"],
    [{ registrationDeadline: "not a date" }, "registrationDeadline", "Enter a date and time for the deadline"],
    [
      { registrationDeadline: "2020-01-01T10:00Z" },
      "registrationDeadline",
      "The registration deadline must be in the future",
    ],
    [
      { registrationDeadline: `${futureDate(31)}T10:00Z` },
      "registrationDeadline",
      "The registration deadline must be before the tournament starts",
    ],
  ];
  for (const [overrides, field, message] of cases) {
    const response = await td.json("POST", "/api/tournaments", { ...validTournament(), ...overrides });
    expect(response.status, JSON.stringify(overrides)).toBe(400);
    const body = (await response.json()) as { errors: Record<string, string[]> };
    expect(body.errors[field], JSON.stringify(overrides)).toContain(message);
  }
  for (const junk of [null, [], "x", { nested: { a: [1] } }]) {
    expect((await td.json("POST", "/api/tournaments", junk)).status).toBe(400);
  }
  expect(await countTournaments()).toBe(before);
});

test("only a signed-in organiser may create a tournament", async () => {
  const before = await countTournaments();
  const visitor = await app.client().json("POST", "/api/tournaments", validTournament());
  expect(visitor.status).toBe(401);
  const asPlayer = await (await player()).json("POST", "/api/tournaments", validTournament());
  expect(asPlayer.status).toBe(403);
  const form = await (await player()).postForm("/td/create-tournament", { ...validTournament(), maxPlayers: "16" });
  expect(form.status).toBe(302);
  expect(form.headers.get("Location")).toBe("/player/dashboard");
  expect(await countTournaments()).toBe(before);
});

test("the creation form works without JavaScript: preview, errors, create", async () => {
  const td = await organiser();
  const fields = { ...validTournament(), maxPlayers: "16", entryFee: "10", rakeValue: "1", siteFee: "1" };
  const preview = await td.postForm("/td/create-tournament", { ...fields, name: "", intent: "preview" });
  expect(preview.status).toBe(200);
  const previewHtml = await preview.text();
  expect(previewHtml).toContain("£144.00");
  expect(previewHtml).toContain("£100.80");
  expect(previewHtml).toContain("£43.20");

  const invalid = await td.postForm("/td/create-tournament", { ...fields, maxPlayers: "513", intent: "create" });
  expect(invalid.status).toBe(400);
  expect(await invalid.text()).toContain("Maximum 512 players");

  const created = await td.postForm("/td/create-tournament", { ...fields, intent: "create" });
  expect(created.status).toBe(302);
  const location = created.headers.get("Location")!;
  expect(location).toMatch(/^\/tournament\/friday-8-ball-knockout-[a-z0-9]{6}$/);
  const page = await app.client().get(location);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Friday 8-Ball Knockout");
});

test("the creation form's check as the director goes answers with the messages and creates nothing", async () => {
  const td = await organiser();
  const before = await countTournaments();
  const fields = { ...validTournament(), maxPlayers: "16", entryFee: "10", rakeValue: "1", siteFee: "1" };
  // A complete, valid form sent to be checked is only checked.
  const valid = await td.postForm("/td/create-tournament", { ...fields, intent: "validate" });
  expect(valid.status).toBe(200);
  const invalid = await td.postForm("/td/create-tournament", {
    ...fields,
    maxPlayers: "513",
    date: "2020-01-03",
    intent: "validate",
  });
  expect(invalid.status).toBe(200);
  const html = await invalid.text();
  expect(html).toContain("Maximum 512 players");
  expect(html).toContain("The date can&#x27;t be in the past");
  expect(await countTournaments()).toBe(before);
  // Only the director's own form answers: a player is sent to their dashboard, unchecked.
  const asPlayer = await (await player()).postForm("/td/create-tournament", { ...fields, intent: "validate" });
  expect(asPlayer.status).toBe(302);
  expect(await countTournaments()).toBe(before);
});

test(`GET /api/tournaments lists open tournaments with tdName and playerCount; \
/my lists the director's own`, async () => {
  const td = await organiser("Lister");
  const mine = await create(td, { name: "Listed Open" });
  const other = await organiser("Someone Else");
  await create(other, { name: "Not Mine" });
  const all = (await (await app.client().get("/api/tournaments")).json()) as TournamentJson[];
  expect(all.find((t) => t.id === mine.id)).toMatchObject({ tdName: "Lister", playerCount: 0, status: "open" });
  expect(all.every((t) => t.status === "open")).toBe(true);

  const my = (await (await td.get("/api/tournaments/my")).json()) as TournamentJson[];
  expect(my.map((t) => t.name)).toEqual(["Listed Open"]);
  expect((await app.client().get("/api/tournaments/my")).status).toBe(401);
  expect((await (await player()).get("/api/tournaments/my")).status).toBe(403);
});

test("an unknown tournament is 404 in the API and on the page", async () => {
  expect((await app.client().get("/api/tournaments/no-such-slug")).status).toBe(404);
  const page = await app.client().get("/tournament/no-such-slug");
  expect(page.status).toBe(404);
  const html = await page.text();
  expect(html).toContain("Tournament not found");
  expect(html).toContain("Go Home");
});

test("the public page shows the fee breakdown, share link and Open Graph tags", async () => {
  const td = await organiser("Dave");
  const t = await create(td, { name: "Shared <b>Knockout</b>", entryFee: "10.00", siteFee: "1.00" });
  const response = await app.client().get(`/tournament/${t.slug}`);
  const html = await response.text();
  expect(html).toContain("£10.00");
  expect(html).toContain("£1.00");
  expect(html).toContain("£11.00");
  // A first-time player is offered sign-up first; a player with an account signs in. Both come back here.
  expect(html).toContain("Join — create an account");
  expect(html).toContain(`/signup?role=player&amp;redirectTo=%2Ftournament%2F${t.slug}`);
  expect(html.indexOf("Join — create an account")).toBeLessThan(html.indexOf("Sign In to Join"));
  expect(html).toContain(`/login?redirectTo=%2Ftournament%2F${t.slug}`);
  expect(html).toContain(`${app.url}/tournament/${t.slug}`);
  expect(html).toMatch(/<meta property="og:title" content="Shared &lt;b&gt;Knockout&lt;\/b&gt;"/);
  expect(html).toMatch(/<meta property="og:description" content="[^"]*The Red Lion, Leeds[^"]*£11.00/);
  // Markup in a name is shown as text, never as markup.
  expect(html).not.toContain("<b>Knockout</b>");
});

test("payment=success shows the success toast", async () => {
  const td = await organiser();
  const t = await create(td);
  const html = await (await app.client().get(`/tournament/${t.slug}?payment=success`)).text();
  expect(html).toContain("Payment Successful!");
});

test("player browse: search on name, venue and organiser, max fee filter, tabs", async () => {
  const td = await organiser("Zebedee Unique");
  await create(td, { name: "Quokka Open", venue: "The Wombat Arms", entryFee: "5.00", rakeValue: "0.50" });
  await create(td, { name: "Pricey Classic", venue: "Grand Hall", entryFee: "50.00" });
  const p = await player();
  const search = async (query: string) => await (await p.get(`/player/tournaments?${query}`)).text();

  expect(await search("q=QUOKKA")).toContain("Quokka Open");
  expect(await search("q=wombat")).toContain("Quokka Open");
  const byOrganiser = await search("q=zebedee");
  expect(byOrganiser).toContain("Quokka Open");
  expect(byOrganiser).toContain("Pricey Classic");
  const cheap = await search("q=zebedee&maxFee=10");
  expect(cheap).toContain("Quokka Open");
  expect(cheap).not.toContain("Pricey Classic");
  expect(cheap).toContain("Clear Filters");
  // Not a number: ignored (SPEC §5).
  expect(await search("q=zebedee&maxFee=abc")).toContain("Pricey Classic");
  const registered = await search("tab=registered");
  expect(registered).toContain("No Registered Tournaments");
  expect(registered).toContain("Browse Available Tournaments");
});

test("archive and restore follow DESIGN §5 and only the owner may do them", async () => {
  const td = await organiser();
  const t = await create(td);
  // Start is built with the bracket feature; put the tournament in progress directly.
  await f.sql().execute({
    sql: "update tournaments set status = 'in_progress', started_at = ? where id = ?",
    args: [Date.now(), t.id],
  });

  const intruder = await organiser("Other Director");
  const stolen = await intruder.json("PATCH", `/api/tournaments/${t.id}/status`, { status: "finished" });
  expect(stolen.status).toBe(403);
  expect((await (await player()).json("PATCH", `/api/tournaments/${t.id}/status`, { status: "finished" })).status).toBe(
    403,
  );
  expect((await app.client().json("PATCH", `/api/tournaments/${t.id}/status`, { status: "finished" })).status).toBe(
    401,
  );
  expect((await td.json("PATCH", `/api/tournaments/${t.id}/status`, { status: "archived" })).status).toBe(400);
  expect((await td.json("PATCH", `/api/tournaments/nope/status`, { status: "finished" })).status).toBe(404);

  const archived = await td.json("PATCH", `/api/tournaments/${t.id}/status`, { status: "finished" });
  expect(archived.status).toBe(200);
  expect(((await archived.json()) as TournamentJson).status).toBe("finished");
  // Archiving again is a wrong transition.
  expect((await td.json("PATCH", `/api/tournaments/${t.id}/status`, { status: "finished" })).status).toBe(409);

  const restored = await td.json("PATCH", `/api/tournaments/${t.id}/status`, { status: "open" });
  expect(restored.status).toBe(200);
  expect(((await restored.json()) as TournamentJson).status).toBe("open");
  // Open → finished is not an archive.
  expect((await td.json("PATCH", `/api/tournaments/${t.id}/status`, { status: "finished" })).status).toBe(409);
  expect((await td.json("PATCH", `/api/tournaments/${t.id}/status`, { status: "in_progress" })).status).toBe(409);
});

test("a finalized tournament cannot be restored", async () => {
  const td = await organiser();
  const t = await create(td);
  await f.sql().execute({
    sql: "update tournaments set status = 'finished', finished_at = ? where id = ?",
    args: [Date.now(), t.id],
  });
  const response = await td.json("PATCH", `/api/tournaments/${t.id}/status`, { status: "open" });
  expect(response.status).toBe(409);
  expect(((await response.json()) as { message: string }).message).toMatch(/cannot be restored/);
});

test("restore discards the bracket and keeps paid entries", async () => {
  const td = await organiser();
  const t = await create(td);
  const p = await player();
  const me = (await (await p.get("/api/auth/me")).json()) as { id: string };
  await f.sql().batch([
    {
      sql: "insert into tournament_players (id, tournament_id, player_id, paid, paid_at) values (?, ?, ?, 1, ?)",
      args: [crypto.randomUUID(), t.id, me.id, Date.now()],
    },
    { sql: "update tournaments set status = 'finished' where id = ?", args: [t.id] },
    {
      sql: "insert into matches (id, tournament_id, round, match_number, player1_id) values (?, ?, 1, 1, ?)",
      args: [crypto.randomUUID(), t.id, me.id],
    },
  ]);
  const response = await td.json("PATCH", `/api/tournaments/${t.id}/status`, { status: "open" });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { playerCount: number }).playerCount).toBe(1);
  expect(
    Number(
      (await f.sql().execute({ sql: "select count(*) as n from matches where tournament_id = ?", args: [t.id] }))
        .rows[0]?.n,
    ),
  ).toBe(0);
  // The registered player now sees it in My Tournaments.
  expect(await (await p.get("/player/tournaments?tab=registered")).text()).toContain("Friday 8-Ball Knockout");
});

test("archive and restore work as forms without JavaScript, with the toasts of SPEC §8", async () => {
  const td = await organiser();
  const t = await create(td);
  await f.sql().execute({ sql: "update tournaments set status = 'in_progress' where id = ?", args: [t.id] });
  const dialog = await (await td.get(`/td/tournaments?confirm=archive:${t.id}`)).text();
  expect(dialog).toContain("Archive Friday 8-Ball Knockout?");

  const archived = await td.postForm("/td/tournaments", { intent: "archive", tournamentId: t.id });
  expect(archived.status).toBe(302);
  const page = await (await td.get(archived.headers.get("Location")!)).text();
  expect(page).toContain("Tournament updated");
  expect(page).toContain("Tournament status has been updated successfully");
  expect(page.replaceAll("<!-- -->", "")).toContain("Archived (1)");

  const again = await td.postForm("/td/tournaments", { intent: "archive", tournamentId: t.id });
  expect(await (await td.get(again.headers.get("Location")!)).text()).toContain("Update failed");

  const intruder = await organiser("Intruder");
  const stolen = await intruder.postForm("/td/tournaments", { intent: "restore", tournamentId: t.id });
  expect(await (await intruder.get(stolen.headers.get("Location")!)).text()).toContain("Update failed");
  expect(
    (await f.sql().execute({ sql: "select status from tournaments where id = ?", args: [t.id] })).rows[0]?.status,
  ).toBe("finished");
});
