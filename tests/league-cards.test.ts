// A fixture's match card through the real Worker: the JSON contract of reading a card, setting lineups, recording
// frames, confirming, disputing, resolving and awarding; who may (401, 403, 404), the 400s naming the frame, and the
// races of real concurrent requests — two captains recording one frame, a frame against a confirmation, both captains
// confirming at once — none of which leaves a confirmed card whose frames changed after it.
import { expect, test } from "vitest";
import { type Account, useFactories } from "./support/factories.ts";
import { buildLeague, type LeagueFixture, type LeagueTeam, ok, playFrames } from "./support/leagues.ts";
import { fullLineup, guests } from "../test-support/league-specs.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Named = { id: string; name: string };
type CardJson = {
  fixture: {
    id: string;
    status: string;
    homeScore: number | null;
    awayScore: number | null;
    confirmations: { home: boolean; away: boolean };
    note: string | null;
    disputeReason: string | null;
    home: string;
    away: string;
  };
  card: {
    sections: { name: string; frames: number; players: number }[];
    maxSinglesPerPlayer: number;
    frames: { number: number; section: number; homePlayers: Named[]; awayPlayers: Named[]; winner: string | null }[];
  };
};

const message = async (r: Response) => ((await r.json()) as { message: string }).message;

/** A league of one division, two teams (a captain and three guests each) and their fixtures: the first one's card. */
async function card() {
  const secretary = await f.organiser("Sue Secretary");
  const captains = [await f.player("Cath Crown"), await f.player("Andy Anchor")] as [Account, Account];
  const { teams, fixtures } = await buildLeague(secretary, {
    divisions: [
      [
        "Premier",
        [
          { name: "Crown", captain: captains[0], players: guests("Crown") },
          { name: "Anchor", captain: captains[1], players: guests("Anchor") },
        ],
      ],
    ],
  });
  const [crown, anchor] = teams as [LeagueTeam, LeagueTeam];
  const fixture = fixtures.find((x) => x.homeTeamId === crown.id) as LeagueFixture;
  return {
    id: fixture.id,
    secretary,
    home: { captain: captains[0], team: crown },
    away: { captain: captains[1], team: anchor },
  };
}

type Card = Awaited<ReturnType<typeof card>>;
const lineup = (by: Account, c: Card, side: "home" | "away", frames: unknown) =>
  by.client.json("PUT", `/api/fixtures/${c.id}/lineup`, { side, frames });
const frame = (by: Account, c: Card, n: number | string, winner: unknown) =>
  by.client.json("POST", `/api/fixtures/${c.id}/frames/${n}`, { winner });
const confirm = (by: Account, c: Card) => by.client.json("POST", `/api/fixtures/${c.id}/confirm`);
const read = async (c: Card) => ok<CardJson>(await app.client().get(`/api/fixtures/${c.id}`));

/** Both lineups set and frames 1 to `upTo` won by home (odd) and away (even). */
const played = (c: Card, upTo = 9) => playFrames(c.id, c.home, c.away, (n) => (n % 2 ? "home" : "away"), upTo);

test("a card read by anyone, set, recorded and confirmed by the captains: the JSON contract", async () => {
  const c = await card();
  const empty = await read(c);
  expect(Object.keys(empty).sort()).toEqual(["card", "fixture"]);
  expect(empty.fixture).toMatchObject({
    id: c.id,
    home: "Crown",
    away: "Anchor",
    status: "scheduled",
    homeScore: null,
    awayScore: null,
    confirmations: { home: false, away: false },
    note: null,
    disputeReason: null,
  });
  expect(empty.card.maxSinglesPerPlayer).toBe(2);
  expect(empty.card.sections.map((s) => s.frames)).toEqual([8, 1]);
  expect(empty.card.frames).toHaveLength(9);
  expect(empty.card.frames[0]).toEqual({ number: 1, section: 0, homePlayers: [], awayPlayers: [], winner: null });
  const text = JSON.stringify(empty);
  expect(text).not.toContain("@");
  expect(text).not.toContain("organiserId");

  const set = await ok<{ card: CardJson["card"] }>(await lineup(c.home.captain, c, "home", fullLineup(c.home.team)));
  expect(set.card.frames[0]?.homePlayers).toEqual([{ id: c.home.team.players[0]?.id, name: "Cath Crown" }]);
  expect(set.card.frames[8]?.homePlayers).toHaveLength(2);
  await ok(await lineup(c.secretary, c, "away", fullLineup(c.away.team)));
  const first = await ok<{ card: CardJson["card"]; homeScore: number; awayScore: number }>(
    await frame(c.away.captain, c, 1, "away"),
  );
  expect(first).toMatchObject({ homeScore: 0, awayScore: 1 });
  expect(first.card.frames[0]?.winner).toBe("away");
  expect((await read(c)).fixture).toMatchObject({ status: "in_progress", homeScore: 0, awayScore: 1 });
  for (let n = 2; n <= 9; n++) await ok(await frame(c.home.captain, c, n, "home"));
  expect(await ok(await confirm(c.home.captain, c))).toEqual({
    status: "in_progress",
    confirmations: { home: true, away: false },
  });
  expect(await ok(await confirm(c.away.captain, c))).toEqual({
    status: "played",
    confirmations: { home: true, away: true },
  });
  expect((await read(c)).fixture).toMatchObject({ status: "played", homeScore: 8, awayScore: 1 });
  const closed = await frame(c.home.captain, c, 1, "home");
  expect(closed.status).toBe(409);
  expect(await message(closed)).toBe("This fixture's card is closed: it has been played, awarded or voided");
});

test("who may: 401 signed out, 403 for others, 404 for no fixture; 400s naming the frame; never a 500", async () => {
  const c = await card();
  const stranger = await f.player("Stan Stranger");
  const anon = app.client();
  for (const [method, path, body] of [
    ["PUT", "lineup", { side: "home", frames: [] }],
    ["POST", "frames/1", { winner: "home" }],
    ["POST", "confirm", undefined],
    ["POST", "dispute", { reason: "No" }],
    ["POST", "resolve", { note: "" }],
    ["POST", "award", { to: "home", note: "" }],
  ] as const) {
    expect((await anon.json(method, `/api/fixtures/${c.id}/${path}`, body)).status, path).toBe(401);
    const missing = await c.home.captain.client.json(method, `/api/fixtures/nope/${path}`, body);
    expect(missing.status, path).toBe(404);
    expect(await message(missing)).toBe("Fixture not found");
    const long = await c.home.captain.client.json(method, `/api/fixtures/${c.id}${"x".repeat(64)}/${path}`, body);
    expect(long.status, path).toBe(404);
  }
  expect((await app.client().get("/api/fixtures/nope")).status).toBe(404);
  expect((await app.client().get(`/api/fixtures/${"x".repeat(200)}`)).status).toBe(404);

  const refused = async (r: Response, status: number, text: string) => {
    expect(r.status, await r.clone().text()).toBe(status);
    expect(await message(r)).toBe(text);
  };
  const h = c.home.team.players.map((p) => p.id);
  await refused(
    await lineup(c.away.captain, c, "home", [{ number: 1, playerIds: [h[0]] }]),
    403,
    "Only that team's captain or the league's secretary can do that",
  );
  await refused(
    await lineup(stranger, c, "home", []),
    403,
    "Only that team's captain or the league's secretary can do that",
  );
  await refused(
    await frame(stranger, c, 1, "home"),
    403,
    "Only the two captains or the league's secretary can do that",
  );
  await refused(await confirm(c.secretary, c), 403, "Only the two teams' captains can do that");
  await refused(
    await c.home.captain.client.json("POST", `/api/fixtures/${c.id}/award`, { to: "home", note: "" }),
    403,
    "Only the league's secretary can do that",
  );
  // 400s naming the frame, the field named too.
  const over = await lineup(c.home.captain, c, "home", [
    { number: 1, playerIds: [h[0]] },
    { number: 2, playerIds: [h[0]] },
    { number: 3, playerIds: [h[0]] },
  ]);
  expect(over.status).toBe(400);
  expect(await over.json()).toEqual({
    message: "Frame 3: Cath Crown would play more than 2 singles frames",
    errors: { "frames.3": ["Frame 3: Cath Crown would play more than 2 singles frames"] },
  });
  await refused(
    await lineup(c.home.captain, c, "home", [{ number: 12, playerIds: [h[0]] }]),
    400,
    "There is no frame 12 on this card",
  );
  await refused(
    await lineup(c.home.captain, c, "home", [{ number: 9, playerIds: [h[0]] }]),
    400,
    "Frame 9 needs two players a side",
  );
  await refused(
    await lineup(c.home.captain, c, "home", [{ number: 2, playerIds: [c.away.team.players[0]?.id] }]),
    400,
    "Frame 2: a player is not on the team's roster",
  );
  await refused(
    await lineup(c.home.captain, c, "away", []),
    403,
    "Only that team's captain or the league's secretary can do that",
  );
  // Bodies of the wrong shape: 400s, never a 500.
  for (const body of [
    { side: "middle", frames: [] },
    { side: "home", frames: "all" },
    { side: "home", frames: [{ number: "one", playerIds: [] }] },
    { side: "home", frames: [{ number: 1.5, playerIds: [] }] },
    { side: "home", frames: [{ number: 1, playerIds: [7] }] },
    { side: "home", frames: [{ number: 1, playerIds: ["x".repeat(10_000)] }] },
  ]) {
    const r = await c.home.captain.client.json("PUT", `/api/fixtures/${c.id}/lineup`, body);
    expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
  }
  await refused(await frame(c.home.captain, c, 1, "draw"), 400, 'The winner must be "home" or "away"');
  await refused(await frame(c.home.captain, c, 1, "home"), 409, "Set both players for frame 1 first");
  for (const n of ["abc", "0", "99999", "-1", "1e3"]) {
    expect((await frame(c.home.captain, c, n, "home")).status, n).toBe(404);
  }
  await refused(
    await c.home.captain.client.json("POST", `/api/fixtures/${c.id}/dispute`, { reason: "  " }),
    400,
    "Say what is in dispute",
  );
  await refused(
    await c.secretary.client.json("POST", `/api/fixtures/${c.id}/award`, { to: "both", note: "" }),
    400,
    'Award it "home" or "away"',
  );
  await refused(await confirm(c.home.captain, c), 409, "Frames 1, 2, 3, 4, 5, 6, 7, 8 and 9 have no result yet");
  expect((await read(c)).card.frames.every((x) => x.homePlayers.length === 0)).toBe(true);
});

test("a dispute: the secretary e-mailed, then resolved; another fixture awarded", async () => {
  const c = await card();
  await played(c, 8);
  expect(
    await ok(await c.away.captain.client.json("POST", `/api/fixtures/${c.id}/dispute`, { reason: "Frame 8: a foul" })),
  ).toEqual({ status: "disputed" });
  const mail = await f.sql().execute({
    sql: "select subject from outbox where to_address = ?",
    args: [c.secretary.email],
  });
  expect(String(mail.rows[0]?.subject)).toBe("A fixture is in dispute — Crown v Anchor");
  const held = await frame(c.home.captain, c, 9, "home");
  expect(held.status).toBe(409);
  expect(await message(held)).toBe("This fixture is in dispute: the league's secretary resolves it");
  const unset = await c.secretary.client.json("POST", `/api/fixtures/${c.id}/resolve`, {
    frames: [{ number: 9, winner: "home" }],
    note: "Agreed on the phone",
  });
  const { fixture } = await ok<{ fixture: CardJson["fixture"] }>(unset);
  expect(fixture).toMatchObject({
    status: "played",
    homeScore: 5,
    awayScore: 4,
    note: "Agreed on the phone",
    disputeReason: "Frame 8: a foul",
  });

  const other = await card();
  const awarded = await ok<{ fixture: CardJson["fixture"] }>(
    await other.secretary.client.json("POST", `/api/fixtures/${other.id}/award`, { to: "away", note: "No show" }),
  );
  expect(awarded.fixture).toMatchObject({ status: "awarded", homeScore: 0, awayScore: 9, note: "No show" });
  expect((await read(other)).card.frames.every((x) => x.winner === "away")).toBe(true);
});

test("two captains recording one frame differently at once: one result, the scores its frames'", async () => {
  const c = await card();
  await played(c, 0);
  for (let n = 1; n <= 8; n++) {
    const both = await Promise.all([frame(c.home.captain, c, n, "home"), frame(c.away.captain, c, n, "away")]);
    const statuses = both.map((r) => r.status);
    expect(
      statuses.every((s) => s === 200 || s === 409),
      statuses.join(),
    ).toBe(true);
    expect(statuses).toContain(200);
    const now = await read(c);
    const winner = now.card.frames[n - 1]?.winner;
    if (statuses.includes(409)) {
      const loser = both.find((r) => r.status === 409) as Response;
      expect(await message(loser)).toBe("The card changed meanwhile, please try again");
      const won = both.indexOf(both.find((r) => r.status === 200) as Response);
      expect(winner).toBe(won === 0 ? "home" : "away");
    }
    const counted = now.card.frames.filter((x) => x.winner === "home").length;
    expect(now.fixture.homeScore).toBe(counted);
    expect(now.fixture.awayScore).toBe(now.card.frames.filter((x) => x.winner === "away").length);
  }
});

test("a frame changed as the card is confirmed: never a confirmed card whose frames changed after", async () => {
  for (let round = 0; round < 4; round++) {
    const c = await card();
    await played(c, 9);
    await ok(await confirm(c.home.captain, c));
    const before = (await read(c)).card.frames[4]?.winner;
    const [changed, confirmed] = await Promise.all([
      frame(c.home.captain, c, 5, before === "home" ? "away" : "home"),
      confirm(c.away.captain, c),
    ]);
    const now = await read(c);
    const frameChanged = now.card.frames[4]?.winner !== before;
    expect([200, 409]).toContain(changed.status);
    expect([200, 409]).toContain(confirmed.status);
    expect(frameChanged).toBe(changed.status === 200);
    if (frameChanged) {
      expect(now.fixture.status).toBe("in_progress");
      expect(now.fixture.confirmations.home).toBe(false);
    } else {
      expect(now.fixture.status).toBe("played");
      expect(await message(changed)).toBe("This fixture's card is closed: it has been played, awarded or voided");
    }
    expect(now.fixture.status === "played").toBe(now.fixture.confirmations.home && now.fixture.confirmations.away);
  }
});

test("both captains confirming at once: played exactly once", async () => {
  const c = await card();
  await played(c, 9);
  const both = await Promise.all([confirm(c.home.captain, c), confirm(c.away.captain, c)]);
  const answers = await Promise.all(both.map((r) => ok<{ status: string; confirmations: unknown }>(r)));
  expect(answers.map((a) => a.status).sort()).toEqual(["in_progress", "played"]);
  expect((await read(c)).fixture).toMatchObject({ status: "played", confirmations: { home: true, away: true } });
});
