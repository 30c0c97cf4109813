// Leagues through the real Worker: the JSON contract of making a league, its seasons and their divisions, and of
// reading a league; who may (401 signed out, 403 a player or another secretary), the 404s, the 409 and the 400s, and
// malformed bodies to each new endpoint answered 4xx with nothing written. The rules' variations are
// app/features/leagues/server/leagues.server.test.ts's.
import { expect, test } from "vitest";
import { type Account, useFactories } from "./support/factories.ts";
import type { HttpClient } from "./support/http.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type League = { id: string; slug: string; name: string };
type Season = {
  id: string;
  slug: string;
  leagueId: string;
  name: string;
  status: string;
  night: string;
  startDate: string;
  legs: number;
};

const winter = { name: "Winter 2026", night: "tuesday", startDate: "2026-09-01" };

const message = async (r: Response) => ((await r.json()) as { message: string }).message;

async function created<T>(response: Response, key: string): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as Record<string, T>)[key] as T;
}

/** How many leagues, seasons and divisions a secretary has (the file's tests share one database). */
const made = async (who: Account) => ({
  leagues: await f.count("leagues", "organiser_id = ?", [who.id]),
  seasons: await f.count("seasons", "league_id in (select id from leagues where organiser_id = ?)", [who.id]),
  divisions: await f.count(
    "divisions",
    "season_id in (select s.id from seasons s join leagues l on l.id = s.league_id where l.organiser_id = ?)",
    [who.id],
  ),
});

const newLeague = async (who: Account, name = "Town League") =>
  created<League>(await who.client.json("POST", "/api/leagues", { name }), "league");
const newSeason = async (who: Account, leagueId: string, body: Record<string, unknown> = winter) =>
  created<Season>(await who.client.json("POST", `/api/leagues/${leagueId}/seasons`, body), "season");

test("a league, a season and divisions made; the league read by anyone", async () => {
  const secretary = await f.organiser();
  const league = await newLeague(secretary, "Crown & Anchor League");
  expect(league).toEqual({
    id: expect.any(String),
    slug: expect.stringMatching(/^crown-and-anchor-league-/),
    name: "Crown & Anchor League",
  });

  const season = await newSeason(secretary, league.id, { ...winter, legs: 1, blackoutDates: ["2026-12-22"] });
  expect(season).toEqual({
    id: expect.any(String),
    slug: expect.any(String),
    leagueId: league.id,
    name: "Winter 2026",
    status: "draft",
    night: "tuesday",
    startDate: "2026-09-01",
    legs: 1,
    format: {
      sections: [
        { name: "Singles", frames: 8, players: 1 },
        { name: "Doubles", frames: 1, players: 2 },
      ],
      maxSinglesPerPlayer: 2,
    },
    points: { win: 2, draw: 1, loss: 0, frame: 0 },
    meritMinFrames: 0,
  });
  const defaults = await newSeason(secretary, league.id, { ...winter, name: "Winter 2027", startDate: "2027-09-07" });
  expect(defaults.legs).toBe(2);

  const divisions = [];
  for (const name of ["Premier", "Division One"]) {
    const response = await secretary.client.json("POST", `/api/seasons/${season.id}/divisions`, { name });
    divisions.push(await created(response, "division"));
  }
  expect(divisions).toEqual([
    { id: expect.any(String), name: "Premier", position: 1 },
    { id: expect.any(String), name: "Division One", position: 2 },
  ]);

  // The league's list of its seasons leaves out the league (it is the page's) and the season's rules.
  const listed = ({
    leagueId: _,
    format: _format,
    points: _points,
    meritMinFrames: _merit,
    ...rest
  }: Season & { format?: unknown; points?: unknown; meritMinFrames?: unknown }) => rest;
  for (const client of [app.client(), (await f.player()).client, secretary.client]) {
    const read = await client.get(`/api/leagues/${league.slug}`);
    expect(read.status).toBe(200);
    const text = await read.text();
    expect(text).not.toContain(secretary.email);
    expect(text).not.toContain("@");
    expect(JSON.parse(text)).toEqual({ league, seasons: [listed(season), listed(defaults)] });
  }
  const unknown = await app.client().get("/api/leagues/no-such-league");
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toEqual({ message: "League not found" });
  expect((await app.client().get(`/api/leagues/${"x".repeat(5_000)}`)).status).toBe(404);
});

test("who may: 401 signed out, 403 a player or another secretary, 404 for none, 409 a name taken", async () => {
  const secretary = await f.organiser();
  const rival = await f.organiser("Rita Rival");
  const pat = await f.player();
  const nobody = app.client();
  const league = await newLeague(secretary);
  const season = await newSeason(secretary, league.id);

  const calls: [path: string, body: Record<string, unknown>][] = [
    ["/api/leagues", { name: "Mine" }],
    [`/api/leagues/${league.id}/seasons`, winter],
    [`/api/seasons/${season.id}/divisions`, { name: "Premier" }],
  ];
  for (const [path, body] of calls) {
    expect((await nobody.json("POST", path, body)).status, path).toBe(401);
    expect((await pat.client.json("POST", path, body)).status, path).toBe(403);
  }
  const theirs = await rival.client.json("POST", `/api/leagues/${league.id}/seasons`, winter);
  expect(theirs.status).toBe(403);
  expect(await message(theirs)).toBe("Only the league's secretary can do that");
  const theirDivision = await rival.client.json("POST", `/api/seasons/${season.id}/divisions`, { name: "Premier" });
  expect(theirDivision.status).toBe(403);
  expect(await message(theirDivision)).toBe("Only the league's secretary can do that");

  const noLeague = await secretary.client.json("POST", "/api/leagues/no-such-league/seasons", winter);
  expect(noLeague.status).toBe(404);
  expect(await message(noLeague)).toBe("League not found");
  const noSeason = await secretary.client.json("POST", "/api/seasons/no-such-season/divisions", { name: "Premier" });
  expect(noSeason.status).toBe(404);
  expect(await message(noSeason)).toBe("Season not found");

  const first = await secretary.client.json("POST", `/api/seasons/${season.id}/divisions`, { name: "Premier" });
  expect(first.status).toBe(201);
  const taken = await secretary.client.json("POST", `/api/seasons/${season.id}/divisions`, { name: "PREMIER" });
  expect(taken.status).toBe(409);
  expect(await message(taken)).toBe("A division with that name is already in this season");

  expect(await made(secretary)).toEqual({ leagues: 1, seasons: 1, divisions: 1 });
  expect(await made(rival)).toEqual({ leagues: 0, seasons: 0, divisions: 0 });
  expect(await f.count("leagues", "name = ?", ["Mine"])).toBe(0);
});

test("the checks: 400 with the field named, nothing written", async () => {
  const secretary = await f.organiser();
  const league = await newLeague(secretary);

  const blank = await secretary.client.json("POST", "/api/leagues", { name: "  " });
  expect(blank.status).toBe(400);
  expect(await blank.json()).toEqual({
    message: "League name is required",
    errors: { name: ["League name is required"] },
  });
  const long = await secretary.client.json("POST", "/api/leagues", { name: "x".repeat(101) });
  expect(long.status).toBe(400);
  expect(await message(long)).toBe("League name must be at most 100 characters");

  const seasons = `/api/leagues/${league.id}/seasons`;
  const wrongDay = await secretary.client.json("POST", seasons, { ...winter, startDate: "2026-09-02" });
  expect(wrongDay.status).toBe(400);
  expect(await wrongDay.json()).toEqual({
    message: "The first date, 2026-09-02, is a Wednesday, not a Tuesday.",
    errors: { startDate: ["The first date, 2026-09-02, is a Wednesday, not a Tuesday."] },
  });
  const several = await secretary.client.json("POST", seasons, {
    name: "",
    night: "Tuesday",
    startDate: "2026-13-01",
    legs: 3,
    blackoutDates: ["soon"],
  });
  expect(several.status).toBe(400);
  expect(((await several.json()) as { errors: Record<string, string[]> }).errors).toEqual({
    name: ["Season name is required"],
    night: [
      "The league night must be a day of the week: monday, tuesday, wednesday, thursday, friday, saturday, sunday",
    ],
    startDate: ["The first date must be a date (YYYY-MM-DD)"],
    legs: ["Teams meet once or twice a season (legs 1 or 2)"],
    "blackoutDates.0": ["A blackout date must be a date (YYYY-MM-DD)"],
  });

  const season = await newSeason(secretary, league.id);
  const noName = await secretary.client.json("POST", `/api/seasons/${season.id}/divisions`, { name: "" });
  expect(noName.status).toBe(400);
  expect(await message(noName)).toBe("Division name is required");

  expect(await made(secretary)).toEqual({ leagues: 1, seasons: 1, divisions: 0 });
});

// The security suite's malformed bodies (tests/security.test.ts), the ones that reach a schema, to each new endpoint.
const MALFORMED: { label: string; body: BodyInit; type?: string }[] = [
  ...(
    [
      ["empty object", {}],
      ["null", null],
      ["an array", [{ name: "x" }]],
      ["a string", "junk"],
      ["a number", 42],
      ["wrong types", { name: 42, night: 1, startDate: 20260901, legs: "two", blackoutDates: "2026-12-22" }],
      ["every field null", { name: null, night: null, startDate: null, legs: null, blackoutDates: null }],
      ["every field an object", { name: { $gt: "" }, night: {}, startDate: {}, legs: {}, blackoutDates: {} }],
      ["every field an array", { name: ["x"], night: ["monday"], startDate: ["2026-09-01"], legs: [2] }],
      ["a 100 kB name", { ...winter, name: "x".repeat(100_000) }],
      ["5 kB in every field", { name: "x".repeat(5_000), night: "x".repeat(5_000), startDate: "x".repeat(5_000) }],
      [
        "a thousand blackout dates",
        { ...winter, name: 42, blackoutDates: Array.from({ length: 1_000 }, () => "2026-12-22") },
      ],
      ["huge numbers", { ...winter, name: 1e308, legs: 1e308 }],
    ] as const
  ).map(([label, value]) => ({ label, body: JSON.stringify(value), type: "application/json" })),
  { label: "prototype pollution", body: '{"__proto__":{"name":"x"},"constructor":{"prototype":{"polluted":true}}}' },
  { label: "10,000 levels of nesting", body: "[".repeat(10_000) + "]".repeat(10_000), type: "application/json" },
  { label: "invalid UTF-8", body: new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]) },
  { label: "malformed JSON", body: "{not json", type: "application/json" },
  { label: "an empty body", body: "", type: "application/json" },
  { label: "a form post", body: "name=x", type: "application/x-www-form-urlencoded" },
  { label: "text/plain", body: JSON.stringify({ name: "x" }), type: "text/plain" },
];

test("malformed bodies to the leagues' endpoints get a 4xx, never a 5xx, and write nothing", async () => {
  const secretary = await f.organiser();
  const league = await newLeague(secretary);
  const season = await newSeason(secretary, league.id);
  const pat = await f.player();
  const endpoints: [path: string, client: HttpClient][] = [
    ["/api/leagues", secretary.client],
    [`/api/leagues/${league.id}/seasons`, secretary.client],
    [`/api/seasons/${season.id}/divisions`, secretary.client],
    ["/api/leagues/no-such-league/seasons", secretary.client],
    ["/api/leagues", pat.client],
    [`/api/seasons/${season.id}/divisions`, app.client()],
  ];
  const wrong: string[] = [];
  for (const [path, client] of endpoints) {
    for (const { label, body, type } of MALFORMED) {
      const headers: Record<string, string> = type ? { "Content-Type": type } : { "Content-Type": "application/json" };
      const response = await client.request(path, { method: "POST", body, headers });
      const text = await response.text();
      if (response.status < 400 || response.status >= 500)
        wrong.push(`${path} [${label}] → ${response.status} ${text}`);
    }
  }
  for (const path of [`/api/leagues/${"%FF"}`, "/api/leagues/%E0%A4%A", `/api/leagues/${"x".repeat(5_000)}/seasons`]) {
    const response = await secretary.client.request(path, { method: path.endsWith("seasons") ? "POST" : "GET" });
    if (response.status >= 500) wrong.push(`${path} → ${response.status}`);
  }
  expect(wrong).toEqual([]);
  expect(await made(secretary)).toEqual({ leagues: 1, seasons: 1, divisions: 0 });
  expect(await f.count("leagues", "name = ?", ["x"])).toBe(0);
});
