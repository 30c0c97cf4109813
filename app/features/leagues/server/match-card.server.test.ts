// A fixture's match card in-process: the card read, each side's lineup, each frame's winner, the captains'
// confirmations, a dispute and the secretary's resolution or award — every rule and refusal, and the guards that
// refuse a write decided on a card that changed since it was read. The HTTP contract and the races through the Worker
// are tests/league-cards.test.ts's.
import { expect, test } from "vitest";
import { answered, useServiceDb } from "../../../../test-support/services.ts";
import { buildLeague } from "../../../../test-support/leagues.ts";
import { fullLineup, guests } from "../../../../test-support/league-specs.ts";
import { LEAGUE_MESSAGES } from "~/features/leagues/domain/leagues.ts";
import { CARD_MESSAGES, LineupSchema, type Side } from "~/features/leagues/domain/match-card.ts";
import { cardJson, cardQuery } from "./card-read.server.ts";
import { fixtureInputQuery, fixtureOwnerQuery } from "./fixtures.server.ts";
import {
  awardFixture,
  confirmCard,
  disputeFixture,
  makeFixtures,
  moveFixture,
  recordFrame,
  resolveFixture,
  setLineup,
} from "./use-cases.server.ts";

const s = useServiceDb();

type By = { id: string; userType: string };
type Team = { id: string; captainId: string; players: { id: string; name: string }[] };

/** A league with one division of two teams (a captain and three guests each) and its fixtures: the first one's card. */
async function card() {
  const secretary = await s.organiser("Sue Secretary");
  const [homeCaptain, awayCaptain] = [await s.player("Crown Captain"), await s.player("Anchor Captain")];
  const { season, teams, fixtures } = await buildLeague(s, secretary, {
    divisions: [
      [
        "Premier",
        [
          { name: "Crown", captain: homeCaptain, players: guests("Crown") },
          { name: "Anchor", captain: awayCaptain, players: guests("Anchor") },
        ],
      ],
    ],
  });
  const fixture = fixtures.find((f) => f.homeTeamId === teams[0]?.id) as (typeof fixtures)[number];
  return {
    season,
    fixture,
    secretary: { id: secretary.id, userType: "organiser" } satisfies By,
    secretaryEmail: secretary.email,
    home: { by: { id: homeCaptain.id, userType: "player" } satisfies By, team: teams[0] as Team },
    away: { by: { id: awayCaptain.id, userType: "player" } satisfies By, team: teams[1] as Team },
  };
}

const read = (fixtureId: string) => s.sender.send(cardQuery(fixtureId));

/** PUT /api/fixtures/{id}/lineup as its route runs it: the card read, the body as the schema checks it. */
async function lineup(by: By, fixtureId: string, side: Side, frames: { number: number; playerIds: string[] }[]) {
  const body = LineupSchema.parse({ side, frames });
  return s.perform(setLineup, { by, read: await read(fixtureId), ...body });
}

const record = async (by: By, fixtureId: string, number: number, winner: Side) =>
  s.perform(recordFrame, { by, read: await read(fixtureId), number, winner });
const confirm = async (by: By, fixtureId: string) => s.perform(confirmCard, { by, read: await read(fixtureId) });

/** Both lineups set and frames 1 to `upTo` won by home (odd) and away (even). */
async function played(c: Awaited<ReturnType<typeof card>>, upTo = 9) {
  await lineup(c.home.by, c.fixture.id, "home", fullLineup(c.home.team));
  await lineup(c.away.by, c.fixture.id, "away", fullLineup(c.away.team));
  for (let n = 1; n <= upTo; n++) await record(c.home.by, c.fixture.id, n, n % 2 ? "home" : "away");
}

const fixtureRow = async (id: string) =>
  (
    await s.rows<{
      status: string;
      home_score: number | null;
      away_score: number | null;
      home_confirmed: number;
      away_confirmed: number;
      dispute_reason: string | null;
      note: string | null;
    }>("select * from league_fixtures where id = ?", [id])
  )[0];

test("the card read: every frame of the usual format, empty until named, the rosters and who may write", async () => {
  const c = await card();
  const got = await read(c.fixture.id);
  expect(got?.fixture).toMatchObject({
    id: c.fixture.id,
    seasonId: c.season.id,
    home: "Crown",
    away: "Anchor",
    status: "scheduled",
    homeScore: null,
    confirmations: { home: false, away: false },
    note: null,
    disputeReason: null,
  });
  expect(got?.card.maxSinglesPerPlayer).toBe(2);
  expect(got?.card.frames).toHaveLength(9);
  expect(got?.card.frames[8]).toEqual({ number: 9, section: 1, homePlayers: [], awayPlayers: [], winner: null });
  expect(got?.rosters.home.map((p) => p.name).sort()).toEqual([
    "Crown Captain",
    "Crown Four",
    "Crown Three",
    "Crown Two",
  ]);
  expect(got?.access).toEqual({
    organiserId: c.secretary.id,
    homeCaptainId: c.home.by.id,
    awayCaptainId: c.away.by.id,
  });
  expect(got?.league.name).toBe("Valley");
  expect(Object.keys(cardJson(got as NonNullable<typeof got>))).toEqual(["fixture", "card"]);
  expect(JSON.stringify(cardJson(got as NonNullable<typeof got>))).not.toContain("@");
  expect(await read("no-such-fixture")).toBeNull();
  expect(await read(c.fixture.id + "x".repeat(64))).toBeNull();
});

test("a lineup by its side's captain or the secretary, on the card; anyone else refused; every rule", async () => {
  const c = await card();
  const id = c.fixture.id;
  const [h1, h2, h3] = c.home.team.players.map((p) => p.id) as [string, string, string];
  const { card: after } = await lineup(c.home.by, id, "home", [{ number: 1, playerIds: [h1] }]);
  expect(after.frames[0]?.homePlayers).toEqual([{ id: h1, name: "Crown Captain" }]);
  expect((await read(id))?.card.frames[0]?.homePlayers).toEqual([{ id: h1, name: "Crown Captain" }]);
  // The secretary may set either side; the other captain and a stranger may not.
  await lineup(c.secretary, id, "home", [{ number: 2, playerIds: [h2] }]);
  const stranger = { id: (await s.player()).id, userType: "player" };
  const otherSecretary = { id: (await s.organiser()).id, userType: "organiser" };
  for (const by of [c.away.by, stranger, otherSecretary]) {
    expect(await answered(lineup(by, id, "home", [{ number: 3, playerIds: [h3] }]))).toEqual({
      status: 403,
      message: CARD_MESSAGES.notYourSide,
    });
  }
  const refused = async (frames: { number: number; playerIds: string[] }[]) =>
    answered(lineup(c.home.by, id, "home", frames));
  expect(await refused([{ number: 10, playerIds: [h1] }])).toEqual({ status: 400, message: CARD_MESSAGES.noFrame(10) });
  expect(await refused([{ number: 3, playerIds: [h1, h2] }])).toEqual({
    status: 400,
    message: CARD_MESSAGES.playerCount(3, 1),
  });
  expect(await refused([{ number: 3, playerIds: [c.away.team.players[0]?.id as string] }])).toEqual({
    status: 400,
    message: CARD_MESSAGES.notOnRoster(3),
  });
  expect(await refused([{ number: 9, playerIds: [h1, h1] }])).toEqual({
    status: 400,
    message: CARD_MESSAGES.twiceInFrame(9),
  });
  // Frame 1 has h1 already: two more singles is three.
  expect(
    await refused([
      { number: 3, playerIds: [h1] },
      { number: 4, playerIds: [h1] },
    ]),
  ).toEqual({ status: 400, message: CARD_MESSAGES.overLimit(4, "Crown Captain", 2) });
  // Nothing of a refused lineup was written.
  expect(await s.count("league_frames", "fixture_id = ?", [id])).toBe(2);
  // The same lineup again changes nothing.
  await lineup(c.home.by, id, "home", [{ number: 1, playerIds: [h1] }]);
  // A frame with a result keeps its players (the same players again are fine).
  await lineup(c.away.by, id, "away", [{ number: 1, playerIds: [c.away.team.players[0]?.id as string] }]);
  await record(c.away.by, id, 1, "away");
  expect(await refused([{ number: 1, playerIds: [h3] }])).toEqual({ status: 409, message: CARD_MESSAGES.hasResult(1) });
  await lineup(c.home.by, id, "home", [{ number: 1, playerIds: [h1] }]);
  // No players takes a frame's off.
  const cleared = await lineup(c.secretary, id, "home", [{ number: 2, playerIds: [] }]);
  expect(cleared.card.frames[1]?.homePlayers).toEqual([]);
  expect((await read(id))?.card.frames[1]?.homePlayers).toEqual([]);
  expect(await answered(lineup(c.home.by, "nope", "home", []))).toEqual({
    status: 404,
    message: LEAGUE_MESSAGES.fixtureNotFound,
  });
});

test("frames recorded: players first, the card started, the scores kept, a changed winner unconfirms", async () => {
  const c = await card();
  const id = c.fixture.id;
  expect(await answered(record(c.home.by, id, 1, "home"))).toEqual({
    status: 409,
    message: CARD_MESSAGES.setPlayersFirst(1),
  });
  expect(await answered(record(c.home.by, id, 12, "home"))).toEqual({
    status: 404,
    message: CARD_MESSAGES.noFrame(12),
  });
  const stranger = { id: (await s.player()).id, userType: "player" };
  expect(await answered(record(stranger, id, 1, "home"))).toEqual({ status: 403, message: CARD_MESSAGES.notYourCard });
  await lineup(c.home.by, id, "home", fullLineup(c.home.team));
  expect(await answered(record(c.home.by, id, 1, "home"))).toEqual({
    status: 409,
    message: CARD_MESSAGES.setPlayersFirst(1),
  });
  await lineup(c.away.by, id, "away", fullLineup(c.away.team));
  const first = await record(c.away.by, id, 1, "home");
  expect(first).toMatchObject({ homeScore: 1, awayScore: 0 });
  expect(first.card.frames[0]?.winner).toBe("home");
  expect(await fixtureRow(id)).toMatchObject({ status: "in_progress", home_score: 1, away_score: 0 });
  // Started: the fixture can't be moved, nor the list made again.
  const found = await s.sender.send(fixtureOwnerQuery(id));
  expect(await answered(s.perform(moveFixture, { organiserId: c.secretary.id, found, date: null }))).toEqual({
    status: 409,
    message: LEAGUE_MESSAGES.fixturePlayed,
  });
  const input = await s.sender.send(fixtureInputQuery(c.season.id));
  expect(await answered(s.perform(makeFixtures, { organiserId: c.secretary.id, input }))).toEqual({
    status: 409,
    message: LEAGUE_MESSAGES.fixturesPlayed,
  });
  // The same winner again changes nothing; another changes the scores; the secretary may record too.
  const playedAt = (await s.rows<{ played_at: number }>("select played_at from league_frames where number = 1"))[0];
  expect(await record(c.home.by, id, 1, "home")).toMatchObject({ homeScore: 1, awayScore: 0 });
  expect((await s.rows("select played_at from league_frames where number = 1"))[0]).toEqual(playedAt);
  expect(await record(c.secretary, id, 1, "away")).toMatchObject({ homeScore: 0, awayScore: 1 });
  for (let n = 2; n <= 9; n++) await record(c.home.by, id, n, "home");
  await confirm(c.home.by, id);
  expect((await fixtureRow(id))?.home_confirmed).toBe(1);
  // A changed winner unconfirms the card.
  await record(c.away.by, id, 2, "away");
  expect(await fixtureRow(id)).toMatchObject({ home_confirmed: 0, away_confirmed: 0, home_score: 7, away_score: 2 });
});

test("a postponed fixture takes no result until it has a date again; its lineups may be set", async () => {
  const c = await card();
  const id = c.fixture.id;
  const found = await s.sender.send(fixtureOwnerQuery(id));
  await s.perform(moveFixture, { organiserId: c.secretary.id, found, date: null });
  await lineup(c.home.by, id, "home", fullLineup(c.home.team));
  await lineup(c.away.by, id, "away", fullLineup(c.away.team));
  expect(await answered(record(c.home.by, id, 1, "home"))).toEqual({
    status: 409,
    message: CARD_MESSAGES.notPlayable,
  });
  expect((await fixtureRow(id))?.status).toBe("postponed");
});

test("confirmed by both captains the card is played; every frame needs a result; then it is closed", async () => {
  const c = await card();
  const id = c.fixture.id;
  await played(c, 7);
  expect(await answered(confirm(c.home.by, id))).toEqual({ status: 409, message: CARD_MESSAGES.unfinished([8, 9]) });
  await record(c.home.by, id, 8, "away");
  expect(await answered(confirm(c.home.by, id))).toEqual({ status: 409, message: CARD_MESSAGES.unfinished([9]) });
  await record(c.home.by, id, 9, "home");
  expect(await answered(confirm(c.secretary, id))).toEqual({ status: 403, message: CARD_MESSAGES.captainsOnly });
  expect(await confirm(c.home.by, id)).toEqual({ status: "in_progress", confirmations: { home: true, away: false } });
  // Confirming again changes nothing.
  expect(await confirm(c.home.by, id)).toEqual({ status: "in_progress", confirmations: { home: true, away: false } });
  expect(await confirm(c.away.by, id)).toEqual({ status: "played", confirmations: { home: true, away: true } });
  expect(await fixtureRow(id)).toMatchObject({ status: "played", home_score: 5, away_score: 4 });
  expect(await confirm(c.away.by, id)).toEqual({ status: "played", confirmations: { home: true, away: true } });
  const closed = { status: 409, message: CARD_MESSAGES.closed };
  expect(await answered(record(c.home.by, id, 1, "away"))).toEqual(closed);
  expect(await answered(record(c.secretary, id, 1, "away"))).toEqual(closed);
  expect(await answered(lineup(c.secretary, id, "home", [{ number: 1, playerIds: [] }]))).toEqual(closed);
  expect(await answered(s.perform(disputeFixture, { by: c.away.by, read: await read(id), reason: "No" }))).toEqual(
    closed,
  );
});

test("a dispute by a captain: the secretary told, the captains held off, the resolution played", async () => {
  const c = await card();
  const id = c.fixture.id;
  await played(c, 8);
  const dispute = async (by: By, reason = "Frame 8 was a foul on the black") =>
    s.perform(disputeFixture, { by, read: await read(id), reason });
  expect(await answered(dispute(c.secretary))).toEqual({ status: 403, message: CARD_MESSAGES.captainsOnly });
  expect(await dispute(c.away.by)).toEqual({ status: "disputed" });
  expect(await fixtureRow(id)).toMatchObject({ status: "disputed", dispute_reason: "Frame 8 was a foul on the black" });
  const [mail] = await s.outbox(c.secretaryEmail);
  expect(mail?.subject).toBe("A fixture is in dispute — Crown v Anchor");
  expect(mail?.text).toContain("Anchor Captain (Anchor's captain) has disputed Crown v Anchor");
  expect(mail?.text).toContain("Frame 8 was a foul on the black");
  const inDispute = { status: 409, message: CARD_MESSAGES.inDispute };
  expect(await answered(dispute(c.home.by))).toEqual(inDispute);
  expect(await answered(record(c.home.by, id, 9, "home"))).toEqual(inDispute);
  expect(await answered(confirm(c.home.by, id))).toEqual(inDispute);
  expect(await answered(lineup(c.home.by, id, "home", [{ number: 1, playerIds: [] }]))).toEqual(inDispute);

  const resolve = async (by: By, frames: { number: number; winner: Side }[] | undefined, note = "Replayed") =>
    s.perform(resolveFixture, { by, read: await read(id), frames, note });
  expect(await answered(resolve(c.home.by, [{ number: 9, winner: "home" }]))).toEqual({
    status: 403,
    message: LEAGUE_MESSAGES.notYourLeague,
  });
  expect(await answered(resolve(c.secretary, undefined))).toEqual({
    status: 409,
    message: CARD_MESSAGES.unfinished([9]),
  });
  expect(await answered(resolve(c.secretary, [{ number: 10, winner: "home" }]))).toEqual({
    status: 400,
    message: CARD_MESSAGES.noFrame(10),
  });
  expect(
    await answered(
      resolve(c.secretary, [
        { number: 9, winner: "home" },
        { number: 9, winner: "away" },
      ]),
    ),
  ).toEqual({
    status: 400,
    message: CARD_MESSAGES.frameTwice(9),
  });
  const { fixture } = await resolve(c.secretary, [
    { number: 8, winner: "home" },
    { number: 9, winner: "home" },
  ]);
  expect(fixture).toMatchObject({ status: "played", homeScore: 6, awayScore: 3, note: "Replayed" });
  expect(fixture.disputeReason).toBe("Frame 8 was a foul on the black");
});

test("the secretary resolves only frames with their players named", async () => {
  const c = await card();
  const id = c.fixture.id;
  await lineup(c.home.by, id, "home", fullLineup(c.home.team));
  expect(
    await answered(
      s.perform(resolveFixture, {
        by: c.secretary,
        read: await read(id),
        frames: [{ number: 2, winner: "home" }],
        note: "",
      }),
    ),
  ).toEqual({ status: 409, message: CARD_MESSAGES.setPlayersFirst(2) });
});

test("an award: every frame to one side, rows made as needed, the score all to none; final", async () => {
  const c = await card();
  const id = c.fixture.id;
  await lineup(c.home.by, id, "home", fullLineup(c.home.team));
  const award = async (by: By, to: Side) =>
    s.perform(awardFixture, { by, read: await read(id), to, note: "Anchor didn't turn up" });
  expect(await answered(award(c.home.by, "home"))).toEqual({ status: 403, message: LEAGUE_MESSAGES.notYourLeague });
  const { fixture } = await award(c.secretary, "home");
  expect(fixture).toMatchObject({ status: "awarded", homeScore: 9, awayScore: 0, note: "Anchor didn't turn up" });
  expect(await s.count("league_frames", "fixture_id = ? and winner = 'home'", [id])).toBe(9);
  const after = await read(id);
  expect(after?.card.frames[0]?.homePlayers).toHaveLength(1);
  expect(after?.card.frames[0]?.awayPlayers).toEqual([]);
  expect(await answered(record(c.home.by, id, 1, "away"))).toEqual({ status: 409, message: CARD_MESSAGES.closed });
  expect(await answered(confirm(c.home.by, id))).toEqual({ status: 409, message: CARD_MESSAGES.closed });
  // The secretary may change their mind.
  expect((await award(c.secretary, "away")).fixture).toMatchObject({ homeScore: 0, awayScore: 9 });
});

test("a write decided on a card that changed since it was read is refused, nothing written", async () => {
  const c = await card();
  const id = c.fixture.id;
  await played(c, 9);
  // A confirmation read before a frame changed.
  const stale = await read(id);
  await record(c.away.by, id, 1, "away");
  expect(await answered(s.perform(confirmCard, { by: c.home.by, read: stale }))).toEqual({
    status: 409,
    message: CARD_MESSAGES.changed,
  });
  expect((await fixtureRow(id))?.home_confirmed).toBe(0);
  // Two captains recording a frame unrecorded when they read it: the later is refused.
  await record(c.away.by, id, 1, "home");
  const c3 = await card();
  await played(c3, 8);
  const before = await read(c3.fixture.id);
  await record(c3.home.by, c3.fixture.id, 9, "home");
  expect(await answered(s.perform(recordFrame, { by: c3.away.by, read: before, number: 9, winner: "away" }))).toEqual({
    status: 409,
    message: CARD_MESSAGES.changed,
  });
  expect((await read(c3.fixture.id))?.card.frames[8]?.winner).toBe("home");
  // A frame recorded on a card read before it was confirmed by both: closed.
  const open = await read(id);
  await confirm(c.home.by, id);
  await confirm(c.away.by, id);
  expect(await answered(s.perform(recordFrame, { by: c.home.by, read: open, number: 3, winner: "away" }))).toEqual({
    status: 409,
    message: CARD_MESSAGES.closed,
  });
  expect(await fixtureRow(id)).toMatchObject({ status: "played", home_confirmed: 1, away_confirmed: 1 });
  // A resolution read before the card changed.
  const c2 = await card();
  await played(c2, 9);
  const staleResolve = await read(c2.fixture.id);
  await record(c2.home.by, c2.fixture.id, 4, "home");
  expect(await answered(s.perform(resolveFixture, { by: c2.secretary, read: staleResolve, note: "" }))).toEqual({
    status: 409,
    message: CARD_MESSAGES.changed,
  });
});

test("a played card's singles frames rate its players, not doubles; a resolve replays; an award undoes", async () => {
  const c = await card();
  const ratingsOf = async () =>
    new Map(
      (await s.rows("select player_id, rating, racks from player_ratings")).map((r) => [
        String(r.player_id),
        { rating: Number(r.rating), racks: Number(r.racks) },
      ]),
    );
  const homeIds = c.home.team.players.map((p) => p.id);
  const awayIds = c.away.team.players.map((p) => p.id);
  await played(c);
  // In progress: nothing is rated until both captains confirm.
  await s.settled();
  const before = await ratingsOf();
  expect([...homeIds, ...awayIds].filter((id) => before.has(id))).toEqual([]);
  await confirm(c.home.by, c.fixture.id);
  await confirm(c.away.by, c.fixture.id);
  await s.settled();
  const after = await ratingsOf();
  // Two singles frames each (frames 1–8), the doubles (frame 9) rating nobody: two racks per player.
  for (const id of [...homeIds, ...awayIds]) expect(after.get(id)?.racks, id).toBe(2);
  // Home won the odd frames: players 0 and 2 of home beat players 0 and 2 of away twice; 1 and 3 lost twice.
  expect(after.get(homeIds[0] as string)?.rating).toBeGreaterThan(500);
  expect(after.get(homeIds[1] as string)?.rating).toBeLessThan(500);
  expect(after.get(awayIds[1] as string)?.rating).toBeGreaterThan(500);

  // The secretary resolves frame 1 the other way: replayed as a correction is, the racks the same, the ratings not.
  await s.perform(resolveFixture, {
    by: c.secretary,
    read: await read(c.fixture.id),
    frames: [{ number: 1, winner: "away" }],
    note: "Frame 1 was the away player's",
  });
  await s.settled();
  const resolved = await ratingsOf();
  expect(resolved.get(homeIds[0] as string)?.racks).toBe(2);
  expect(resolved.get(homeIds[0] as string)?.rating).toBeLessThan(after.get(homeIds[0] as string)?.rating ?? 0);
  expect(resolved.get(awayIds[0] as string)?.rating).toBeGreaterThan(after.get(awayIds[0] as string)?.rating ?? 0);

  // The secretary awards it instead: the frames count for nothing, the ratings replayed without them.
  await s.perform(awardFixture, { by: c.secretary, read: await read(c.fixture.id), to: "home", note: "No-show" });
  await s.settled();
  const awarded = await ratingsOf();
  for (const id of [...homeIds, ...awayIds]) expect(awarded.get(id), id).toBeUndefined();
});
