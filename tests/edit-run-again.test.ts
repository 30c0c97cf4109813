// Editing a tournament and running it again through the real Worker (decision 020): PATCH /api/tournaments/{id}
// with every lock, its 400s and who may; POST /api/tournaments/{id}/duplicate; the edit and run-again pages as plain
// forms. The write's own re-check of the locks (a payment landing meanwhile) is the service suite's
// (app/features/tournaments/server/tournament-edit.server.test.ts).
import { expect, test } from "vitest";
import { formatDate } from "../app/domain/dates.ts";
import { futureDate, useFactories, validTournament, type TournamentJson } from "./support/factories.ts";
import type { HttpClient } from "./support/http.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

const patch = (client: HttpClient, t: { id: string }, body: unknown) =>
  client.json("PATCH", `/api/tournaments/${t.id}`, body);

async function expectLocked(response: Response, field: string, message: string) {
  expect(response.status).toBe(409);
  expect(await response.json()).toMatchObject({ message, field });
}

test("before anyone enters every field changes; the answer is the tournament as GET shows it", async () => {
  const td = await f.organiser("Dave Director");
  const t = await f.createTournament(td, { registrationDeadline: `${futureDate(30)}T17:00:00Z` });
  const response = await patch(td.client, t, {
    name: "Thursday 8-Ball",
    venue: "The Crown",
    date: futureDate(31),
    time: "20:00",
    registrationDeadline: `${futureDate(31)}T18:00:00Z`,
    rules: "WPA rules",
    raceTo: 4,
    maxPlayers: 12,
    entryFee: "5.00",
    siteFee: 0.5,
    rakeType: "percent",
    rakeValue: "10",
    payoutStructure: "winner_only",
    tournamentType: "double_elimination",
    grandFinal: "single",
    matchType: "2v2",
    seeding: "manual",
    breakRule: "alternate",
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const edited = await response.json();
  expect(edited).toMatchObject({
    id: t.id,
    slug: t.slug,
    name: "Thursday 8-Ball",
    venue: "The Crown",
    date: futureDate(31),
    time: "20:00",
    registrationDeadline: `${futureDate(31)}T18:00:00.000Z`,
    rules: "WPA rules",
    raceTo: 4,
    maxPlayers: 12,
    entryFee: "5.00",
    siteFee: "0.50",
    rakeType: "percent",
    rakeValue: "10.00",
    payoutStructure: "winner_only",
    tournamentType: "double_elimination",
    grandFinal: "single",
    matchType: "2v2",
    seeding: "manual",
    breakRule: "alternate",
    status: "open",
    tdName: "Dave Director",
  });
  expect(await (await app.client().get(`/api/tournaments/${t.slug}`)).json()).toEqual(edited);
  // Cleared with null: the race-to, the rules and the deadline.
  const cleared = await patch(td.client, t, { raceTo: null, rules: null, registrationDeadline: null });
  expect(await cleared.json()).toMatchObject({
    raceTo: null,
    rules: null,
    registrationDeadline: null,
    name: edited.name,
  });
});

test("once players pay: fees, rake and payouts lock, the format too; the night and max players do not", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { maxPlayers: 8 });
  await f.enter(t, 3);
  await expectLocked(
    await patch(td.client, t, { entryFee: "12.00" }),
    "entryFee",
    "The entry fee can't change: players have already paid",
  );
  await expectLocked(
    await patch(td.client, t, { siteFee: "2.00" }),
    "siteFee",
    "The site fee can't change: players have already paid",
  );
  await expectLocked(
    await patch(td.client, t, { rakeValue: "2.00" }),
    "rakeValue",
    "The rake can't change: players have already paid",
  );
  await expectLocked(
    await patch(td.client, t, { payoutStructure: "winner_only" }),
    "payoutStructure",
    "The payout structure can't change: players have already paid",
  );
  await expectLocked(
    await patch(td.client, t, { tournamentType: "round_robin" }),
    "tournamentType",
    "The tournament type can't change: players have entered",
  );
  await expectLocked(
    await patch(td.client, t, { matchType: "2v2" }),
    "matchType",
    "The match type can't change: players have entered",
  );
  const refused = await patch(td.client, t, { maxPlayers: 2 });
  await expectLocked(refused, "maxPlayers", "Max players can't go below 3: 3 players have paid");
  expect(refused.headers.get("Refusal-Code")).toBe("field-locked");

  // The same values sent again are no change; the night and the field's size still change.
  const ok = await patch(td.client, t, { entryFee: "10", name: "Renamed", time: "20:15", maxPlayers: 3, raceTo: 7 });
  expect(ok.status, await ok.clone().text()).toBe(200);
  expect(await ok.json()).toMatchObject({ name: "Renamed", time: "20:15", maxPlayers: 3, raceTo: 7, playerCount: 3 });
  expect(await f.count("tournaments", "id = ? and entry_fee_pence = 1000", [t.id])).toBe(1);
});

test("a player paying now: what they pay is locked, max players counts their place", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { maxPlayers: 8 });
  const p = await f.player();
  expect((await p.client.json("POST", "/api/tournaments/join", { tournamentId: t.id })).status).toBe(200);
  await expectLocked(
    await patch(td.client, t, { entryFee: "6.00" }),
    "entryFee",
    "The entry fee can't change: 1 player is paying now",
  );
  await expectLocked(
    await patch(td.client, t, { seeding: "manual" }),
    "seeding",
    "The seeding can't change: players have entered",
  );
  expect((await patch(td.client, t, { payoutStructure: "winner_only", rakeValue: "0.50" })).status).toBe(200);
  expect((await patch(td.client, t, { maxPlayers: 2 })).status).toBe(200);
});

test("after the start only the table-scoring settings change; a finished tournament says so", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { maxPlayers: 4 });
  await f.enter(t, 2);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  await expectLocked(
    await patch(td.client, t, { name: "Renamed" }),
    "name",
    "The name can't change: the tournament has started",
  );
  await expectLocked(
    await patch(td.client, t, { maxPlayers: 16 }),
    "maxPlayers",
    "Max players can't change: the tournament has started",
  );
  const scoring = await patch(td.client, t, { resultsFromTables: "approve", breakRule: "alternate" });
  expect(await scoring.json()).toMatchObject({
    resultsFromTables: "approve",
    breakRule: "alternate",
    status: "in_progress",
  });
  expect((await td.client.json("PATCH", `/api/tournaments/${t.id}/status`, { status: "finished" })).status).toBe(200);
  await expectLocked(
    await patch(td.client, t, { venue: "Elsewhere" }),
    "venue",
    "The venue can't change: the tournament is finished",
  );
});

test("a bad value is a 400 per field, as on creation, all at once; nothing is written", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const response = await patch(td.client, t, { entryFee: "ten", maxPlayers: 1000, date: "2020-01-01", name: null });
  expect(response.status).toBe(400);
  const { errors } = (await response.json()) as { errors: Record<string, string[]> };
  expect(errors).toMatchObject({
    entryFee: ["Entry fee must be an amount like 10.00 (not negative, at most 2 decimals)"],
    maxPlayers: ["Maximum 512 players"],
    date: ["The date can't be in the past"],
    name: ["Tournament name is required"],
  });
  expect((await patch(td.client, t, { registrationDeadline: `${futureDate(40)}T18:00:00Z` })).status).toBe(400);
  expect((await patch(td.client, t, ["name"])).status).toBe(400);
  expect((await td.client.request(`/api/tournaments/${t.id}`, { method: "PATCH", body: "{}" })).status).toBe(415);
  expect(await (await app.client().get(`/api/tournaments/${t.slug}`)).json()).toMatchObject({ name: t.name });
});

test("only the tournament's own director edits or runs it again", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const other = await f.organiser("Other Director");
  const player = await f.player();
  expect((await patch(other.client, t, { name: "Mine now" })).status).toBe(403);
  expect((await patch(player.client, t, { name: "Mine now" })).status).toBe(403);
  expect((await patch(app.client(), t, { name: "Mine now" })).status).toBe(401);
  expect((await patch(td.client, { id: crypto.randomUUID() }, { name: "Nobody's" })).status).toBe(404);
  expect((await other.client.json("POST", `/api/tournaments/${t.id}/duplicate`)).status).toBe(403);
  expect((await player.client.json("POST", `/api/tournaments/${t.id}/duplicate`)).status).toBe(403);
  expect((await app.client().json("POST", `/api/tournaments/${t.id}/duplicate`)).status).toBe(401);
  expect((await other.client.get(`/tournament/${t.slug}/edit`)).status).toBe(404);
  expect((await other.client.postForm(`/tournament/${t.slug}/edit`, { name: "Mine now" })).status).toBe(404);
  expect(
    (await other.client.postForm(`/tournament/${t.slug}/run-again`, { date: futureDate(40), time: "19:30" })).status,
  ).toBe(404);
  expect(await f.count("tournaments", "name = 'Mine now'")).toBe(0);
  expect(await f.count("tournaments", "slug like 'friday-8-ball%' and organiser_id = ?", [other.id])).toBe(0);
});

test("run again: 201 a new open tournament with the settings, not the entries, a week later", async () => {
  const td = await f.organiser("Dave Director");
  const t = await f.createTournament(td, {
    maxPlayers: 8,
    raceTo: 5,
    rules: "House rules",
    registrationDeadline: `${futureDate(30)}T18:00:00Z`,
  });
  await f.enter(t, 2);
  const response = await td.client.json("POST", `/api/tournaments/${t.id}/duplicate`);
  expect(response.status, await response.clone().text()).toBe(201);
  const copy = (await response.json()) as TournamentJson;
  const { id, slug, name, date, registrationDeadline, createdAt, playerCount, players, ...settings } =
    t as TournamentJson & Record<string, unknown>;
  expect(copy).toMatchObject({ ...settings, status: "open", playerCount: 0, players: [], tdName: "Dave Director" });
  // Asked for no name: the original's with the new night's date, so the two are told apart.
  expect(copy.name).toBe(`${name} — ${formatDate(futureDate(37)).replace(/^\w+ /, "")}`);
  expect(copy.id).not.toBe(id);
  expect(copy.slug).not.toBe(slug);
  expect(copy).toMatchObject({ date: futureDate(37), registrationDeadline: `${futureDate(37)}T18:00:00.000Z` });
  expect(await f.count("tournament_players", "tournament_id = ?", [copy.id])).toBe(0);
  expect(await (await app.client().get(`/api/tournaments/${copy.slug}`)).json()).toMatchObject({ id: copy.id });
});

test("run again on a chosen start: the venue's time or an instant; never the past", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const duplicate = (body: unknown) => td.client.json("POST", `/api/tournaments/${t.id}/duplicate`, body);
  const local = await duplicate({ startsAt: `${futureDate(45)}T20:30` });
  expect(await local.json()).toMatchObject({ date: futureDate(45), time: "20:30", status: "open" });
  const instant = (await (await duplicate({ startsAt: `${futureDate(46)}T12:00:00Z` })).json()) as { time: string };
  expect(["12:00", "13:00"]).toContain(instant.time);
  const past = await duplicate({ startsAt: "2020-01-01T19:30" });
  expect(past.status).toBe(400);
  expect(await past.json()).toMatchObject({ errors: { startsAt: ["The new start must be in the future"] } });
  const bad = await duplicate({ startsAt: "next Thursday" });
  expect(await bad.json()).toMatchObject({ errors: { startsAt: ["Enter the new start like 2026-12-10T19:30"] } });
  expect((await duplicate({ startsAt: 5 })).status).toBe(400);
});

test("run again with the new night's name: kept as given, refused empty or too long, nothing written", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { name: "Red Lion 9-Ball Week 1" });
  const duplicate = (body: unknown) => td.client.json("POST", `/api/tournaments/${t.id}/duplicate`, body);
  expect(await (await duplicate({ name: "  Red Lion Christmas Special  " })).json()).toMatchObject({
    name: "Red Lion Christmas Special",
    status: "open",
  });
  // No name: the next week's number.
  expect(await (await duplicate({})).json()).toMatchObject({ name: "Red Lion 9-Ball Week 2" });
  const before = await f.count("tournaments", "organiser_id = ?", [td.id]);
  const empty = await duplicate({ name: " " });
  expect(empty.status).toBe(400);
  expect(await empty.json()).toMatchObject({ errors: { name: ["Tournament name is required"] } });
  const long = await duplicate({ name: "x".repeat(101) });
  expect(await long.json()).toMatchObject({ errors: { name: ["Tournament name must be at most 100 characters"] } });
  expect((await duplicate({ name: 7 })).status).toBe(400);
  expect(await f.count("tournaments", "organiser_id = ?", [td.id])).toBe(before);
});

test("the edit page: locked fields disabled, the reason beside; a plain form saves and comes back", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { maxPlayers: 8 });
  await f.enter(t, 3);
  const page = await td.client.get(`/tournament/${t.slug}/edit`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("The entry fee can&#x27;t change: players have already paid");
  expect(html).toMatch(/<input(?=[^>]*name="entryFee")(?=[^>]*disabled="")[^>]*>/);
  expect(html).toMatch(/<input(?=[^>]*name="name")(?![^>]*disabled)[^>]*>/);
  expect(html).toContain("At least 3: the places already taken.");

  // What a browser without JavaScript sends: the fields it can change (the disabled ones are left out).
  const form = {
    intent: "save",
    timeZone: "Europe/London",
    name: "Thursday 8-Ball",
    venue: "The Crown",
    date: futureDate(32),
    time: "20:00",
    registrationDeadline: "",
    rules: "",
    format: "8-ball knockout",
    maxPlayers: "6",
    raceTo: "5",
    resultsFromTables: "record",
    breakRule: "winner",
  };
  const saved = await td.client.postForm(`/tournament/${t.slug}/edit`, form);
  expect(saved.status).toBe(302);
  expect(saved.headers.get("Location")).toBe(`/tournament/${t.slug}`);
  expect(await (await app.client().get(`/api/tournaments/${t.slug}`)).json()).toMatchObject({
    name: "Thursday 8-Ball",
    venue: "The Crown",
    maxPlayers: 6,
    raceTo: 5,
    entryFee: "10.00",
    tournamentType: "single_elimination",
  });
  // A locked field sent anyway (the page was drawn before the payments) is refused with the reason, nothing saved.
  const refused = await td.client.postForm(`/tournament/${t.slug}/edit`, { ...form, name: "Again", entryFee: "3.00" });
  expect(refused.status).toBe(409);
  expect(await refused.text()).toContain("The entry fee can&#x27;t change: players have already paid");
  const tooSmall = await td.client.postForm(`/tournament/${t.slug}/edit`, { ...form, maxPlayers: "2" });
  expect(tooSmall.status).toBe(409);
  expect(await tooSmall.text()).toContain("Max players can&#x27;t go below 3: 3 players have paid");
  const invalid = await td.client.postForm(`/tournament/${t.slug}/edit`, { ...form, maxPlayers: "1", name: "" });
  expect(invalid.status).toBe(400);
  expect(await invalid.text()).toContain("Tournament name is required");
  expect(await f.count("tournaments", "id = ? and name = 'Thursday 8-Ball'", [t.id])).toBe(1);
});

test("the run-again page: a week later by default; its plain form lands on the new tournament", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { name: "Thursday Night Pool" });
  const page = await td.client.get(`/tournament/${t.slug}/run-again`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("Run Thursday Night Pool again?");
  expect(html).toContain(`value="${futureDate(37)}"`);
  const past = await td.client.postForm(`/tournament/${t.slug}/run-again`, { date: "2020-01-02", time: "19:30" });
  expect(past.status).toBe(400);
  expect(await past.text()).toContain("The new start must be in the future");
  const made = await td.client.postForm(`/tournament/${t.slug}/run-again`, { date: futureDate(44), time: "19:45" });
  expect(made.status).toBe(302);
  const location = made.headers.get("Location") ?? "";
  expect(location).toMatch(/^\/tournament\/thursday-night-pool-[a-z0-9-]+$/);
  expect(location).not.toBe(`/tournament/${t.slug}`);
  const copy = await (await app.client().get(`/api/tournaments/${location.split("/").at(-1)}`)).json();
  // A form without the name field: the suggested name, the new night's date after it.
  expect(copy).toMatchObject({ date: futureDate(44), time: "19:45", status: "open" });
  expect(copy.name).toMatch(/^Thursday Night Pool — \d{1,2} \w{3} \d{4}$/);
  // The director's page offers both.
  const director = await (await td.client.get(`/tournament/${t.slug}`)).text();
  expect(director).toContain(`href="/tournament/${t.slug}/edit"`);
  expect(director).toContain(`href="/tournament/${t.slug}/run-again"`);
  expect(validTournament().name).not.toBe(copy.name);
});
