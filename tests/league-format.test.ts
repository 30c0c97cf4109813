// A season's match format through the real Worker: `PATCH /api/seasons/{id}` changing it and answering the season,
// read back by `GET /api/seasons/{slug}` (one path, two meanings); who may (401 signed out, 403 a player or another
// secretary, 404 for none); the 400s in MatchFormatSchema's words; the 409 once a frame of the season has a winner;
// and nothing written by a refusal. The match card on paper is public: its 404s.
import { expect, test } from "vitest";
import { type Account, uniqueEmail, useFactories } from "./support/factories.ts";
import { buildLeague } from "./support/leagues.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

const message = async (r: Response) => ((await r.json()) as { message: string }).message;

const DEFAULT = {
  sections: [
    { name: "Singles", frames: 8, players: 1 },
    { name: "Doubles", frames: 1, players: 2 },
  ],
  maxSinglesPerPlayer: 2,
};
const SIX_AND_THREE = {
  sections: [
    { name: "Singles", frames: 6, players: 1 },
    { name: "Doubles", frames: 3, players: 2 },
  ],
  maxSinglesPerPlayer: 1,
};

async function ok<T>(response: Response, key: string, status = 201): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return ((await response.json()) as Record<string, T>)[key] as T;
}

/** A secretary's league and season of one division with two teams (captains invited by e-mail), its fixtures made. */
const season = (secretary: Account) =>
  buildLeague(secretary, {
    divisions: [
      ["Premier", ["Crown", "Anchor"].map((name) => ({ name, captain: { email: uniqueEmail(name.toLowerCase()) } }))],
    ],
  });

const storedFormat = async (seasonId: string) =>
  (await f.sql().execute({ sql: "select format from seasons where id = ?", args: [seasonId] })).rows[0]?.format;

test("the secretary changes the format: the season answered, read back, locked once a frame is played", async () => {
  const secretary = await f.organiser("Sue Secretary");
  const { league, season: s, fixtures } = await season(secretary);
  expect(s.format).toEqual(DEFAULT);

  const changed = await ok<Record<string, unknown>>(
    await secretary.client.json("PATCH", `/api/seasons/${s.id}`, { format: SIX_AND_THREE }),
    "season",
    200,
  );
  expect(changed).toEqual({
    id: s.id,
    slug: s.slug,
    leagueId: league.id,
    name: "Winter",
    status: "active",
    night: "tuesday",
    startDate: "2026-09-01",
    legs: 2,
    format: SIX_AND_THREE,
    points: { win: 2, draw: 1, loss: 0, frame: 0 },
    meritMinFrames: 0,
  });
  const read = await app.client().get(`/api/seasons/${s.slug}`);
  expect(((await read.json()) as { season: { format: unknown } }).season.format).toEqual(SIX_AND_THREE);

  // A frame named but not played leaves it open; a frame with a winner closes it.
  const fixture = fixtures[0] as { id: string };
  await f.sql().execute({ sql: "insert into league_frames (fixture_id, number) values (?, 1)", args: [fixture.id] });
  expect((await secretary.client.json("PATCH", `/api/seasons/${s.id}`, { format: DEFAULT })).status).toBe(200);
  await f.sql().execute({
    sql: "update league_frames set winner = 'away' where fixture_id = ? and number = 1",
    args: [fixture.id],
  });
  const locked = await secretary.client.json("PATCH", `/api/seasons/${s.id}`, { format: SIX_AND_THREE });
  expect(locked.status).toBe(409);
  expect(await message(locked)).toBe("A frame of this season has been played: its match format can no longer change");
  expect(JSON.parse(String(await storedFormat(s.id)))).toEqual(DEFAULT);
});

test("who may, and the body's 400s: each refused with its message, nothing written", async () => {
  const secretary = await f.organiser();
  const rival = await f.organiser("Rita Rival");
  const player = await f.player();
  const { season: s } = await season(secretary);
  const before = await storedFormat(s.id);
  const path = `/api/seasons/${s.id}`;
  const body = { format: SIX_AND_THREE };

  const refusals: [label: string, response: Response, status: number, text: string][] = [
    ["signed out", await app.client().json("PATCH", path, body), 401, "You need to sign in first"],
    ["a player", await player.client.json("PATCH", path, body), 403, "Only tournament directors can do that"],
    ["another secretary", await rival.client.json("PATCH", path, body), 403, "Only the league's secretary can do that"],
    ["no season", await secretary.client.json("PATCH", "/api/seasons/no-such-season", body), 404, "Season not found"],
    [
      "a long id",
      await secretary.client.json("PATCH", `/api/seasons/${"x".repeat(200)}`, body),
      404,
      "Season not found",
    ],
    [
      "nothing to change",
      await secretary.client.json("PATCH", path, {}),
      400,
      "Give the season's format, points or meritMinFrames to change",
    ],
    [
      "a format of another type",
      await secretary.client.json("PATCH", path, { format: null }),
      400,
      "The format is { sections, maxSinglesPerPlayer }",
    ],
    [
      "no sections",
      await secretary.client.json("PATCH", path, { format: { sections: [], maxSinglesPerPlayer: 2 } }),
      400,
      "A format needs at least one section",
    ],
    [
      "a nameless section",
      await secretary.client.json("PATCH", path, {
        format: { sections: [{ name: "", frames: 8, players: 1 }], maxSinglesPerPlayer: 2 },
      }),
      400,
      "A section needs a name",
    ],
    [
      "triples",
      await secretary.client.json("PATCH", path, {
        format: { sections: [{ name: "Triples", frames: 3, players: 3 }], maxSinglesPerPlayer: 2 },
      }),
      400,
      "A section is singles (players 1) or doubles (players 2)",
    ],
    [
      "too many frames",
      await secretary.client.json("PATCH", path, {
        format: { sections: [{ name: "Singles", frames: 41, players: 1 }], maxSinglesPerPlayer: 2 },
      }),
      400,
      "A card has at most 40 frames",
    ],
    [
      "no singles allowed",
      await secretary.client.json("PATCH", path, {
        format: { sections: [{ name: "Singles", frames: 8, players: 1 }], maxSinglesPerPlayer: 0 },
      }),
      400,
      "The singles frames a player may play must be a whole number from 1",
    ],
  ];
  for (const [label, response, status, text] of refusals) {
    expect(response.status, label).toBe(status);
    expect(await message(response), label).toBe(text);
  }
  expect(await storedFormat(s.id)).toBe(before);
});

test("the match card on paper: public, and not found for no fixture or another league's", async () => {
  const secretary = await f.organiser();
  const { league, fixtures } = await season(secretary);
  const other = await season(secretary);
  const fixture = fixtures[0] as { id: string };
  const visitor = app.client();
  expect((await visitor.get(`/league/${league.slug}/fixtures/${fixture.id}/print`)).status).toBe(200);
  expect((await visitor.get(`/league/${league.slug}/fixtures/no-such-fixture/print`)).status).toBe(404);
  expect((await visitor.get(`/league/${other.league.slug}/fixtures/${fixture.id}/print`)).status).toBe(404);
  expect((await visitor.get(`/league/no-such-league/fixtures/${fixture.id}/print`)).status).toBe(404);
});
