// Starting ratings (decision 027) through the real Worker and database: the director of an open singles
// tournament sets where a provisional entrant's rating starts (PUT /api/tournaments/{id}/ratings, or the form on the
// tournament page without JavaScript); the profile names the director; results take over from there; every refusal
// writes nothing; two directors setting one player's start at once leave the stored ratings equal to the replay. A
// start belongs to its entry (decision 031): a walk-in removed or a player who leaves before the start takes it back,
// and until the tournament starts with the player in it, another director's capped event does not read it.
import { expect, test } from "vitest";
import { rackChance, replayRatings } from "../app/features/ratings/domain/ratings.ts";
import { type Account, type TournamentJson, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Match = { id: string; player1Id: string | null; player2Id: string | null };
type Saved = {
  message: string;
  ratings: {
    playerId: string;
    name: string;
    rating: number;
    provisional: boolean;
    setBy: string | null;
    setByName: string | null;
  }[];
};
type Refused = { message: string; errors?: Record<string, string[]> };

const put = (td: Account, t: TournamentJson, ratings: unknown) =>
  td.client.json("PUT", `/api/tournaments/${t.id}/ratings`, { ratings });

const profile = async (id: string) =>
  (await (await app.client().get(`/api/players/${id}`)).json()) as {
    rating: number;
    provisional: boolean;
    racksPlayed: number;
    setBy: string | null;
    setByName: string | null;
    history: { rating: number }[];
  };

const startingRows = () => f.count("starting_ratings");

/** An existing player joins and pays (simulated card). */
async function join(p: Account, t: TournamentJson) {
  const joined = await p.client.json("POST", "/api/tournaments/join", { tournamentId: t.id });
  expect(joined.status, await joined.clone().text()).toBe(200);
  const { paymentIntentId } = (await joined.json()) as { paymentIntentId: string };
  const paid = await p.client.json("POST", `/api/dev/payments/${paymentIntentId}/confirm`, {
    cardNumber: "4242424242424242",
  });
  expect(paid.status).toBe(200);
}

/** A two-player final between `a` and a new player, raced to `raceTo` and recorded `a` winning `score`. */
async function playFinal(td: Account, a: Account, raceTo: number, score: [number, number]) {
  const t = await f.createTournament(td, { maxPlayers: 2, raceTo });
  await join(a, t);
  const [other] = await f.enter(t, 1, () => "Final Opponent");
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const [m] = await f.matchesOf<Match>(t);
  const aIsOne = m?.player1Id === a.id;
  const recorded = await td.client.json("PATCH", `/api/matches/${m?.id}`, {
    winnerId: a.id,
    player1Score: aIsOne ? score[0] : score[1],
    player2Score: aIsOne ? score[1] : score[0],
  });
  expect(recorded.status, await recorded.clone().text()).toBe(200);
  return { t, other: other as Account };
}

/** The stored rating of a player (exact) once the replay after the last result has written `racks` for them. */
async function storedAfter(id: string, racks: number) {
  const read = async () =>
    (await f.sql().execute({ sql: "select rating, racks, set_by from player_ratings where player_id = ?", args: [id] }))
      .rows[0];
  await expect.poll(async () => Number((await read())?.racks ?? 0), { timeout: 10_000 }).toBe(racks);
  const row = await read();
  return { rating: Number(row?.rating), racks: Number(row?.racks), setBy: row?.set_by ?? null };
}

test("a start set: the API answers the new rating at once, the profile names the director, results go on", async () => {
  const td = await f.organiser("Dave Director");
  const t = await f.createTournament(td, { maxPlayers: 8 });
  const [mo, liam] = await f.enter(t, 2, (i) => ["Mo Start", "Liam Start"][i] ?? "");
  if (!mo || !liam) throw new Error("two entrants");

  const saved = await put(td, t, { [mo.id]: 700, [liam.id]: 420 });
  expect(saved.status, await saved.clone().text()).toBe(200);
  const body = (await saved.json()) as Saved;
  expect(body.message).toBe("Starting ratings saved");
  expect(body.ratings).toEqual([
    { playerId: mo.id, name: "Mo Start", rating: 700, provisional: true, setBy: td.id, setByName: "Dave Director" },
    { playerId: liam.id, name: "Liam Start", rating: 420, provisional: true, setBy: td.id, setByName: "Dave Director" },
  ]);
  // Visible at once: stored, and on the public profile (no e-mail there).
  expect(await profile(mo.id)).toMatchObject({
    rating: 700,
    provisional: true,
    racksPlayed: 0,
    setBy: td.id,
    setByName: "Dave Director",
  });
  const page = await (await app.client().get(`/players/${mo.id}`)).text();
  expect(page).toContain("Starting rating set by Dave Director");
  expect(page).not.toContain(mo.email);

  // Set again: the row is replaced, not added to.
  expect((await put(td, t, { [mo.id]: 650 })).status).toBe(200);
  expect(await f.count("starting_ratings", "player_id = ?", [mo.id])).toBe(1);
  expect((await profile(mo.id)).rating).toBe(650);

  // Results take over from there: Mo (650) beats a new player (500) 5–3 in another tournament.
  const { other } = await playFinal(td, mo, 5, [5, 3]);
  const expected = 650 + 16 * (5 - 8 * rackChance(150));
  const after = await storedAfter(mo.id, 8);
  expect(after.rating).toBeCloseTo(expected, 9);
  expect(after.setBy).toBe(td.id);
  expect(await profile(mo.id)).toMatchObject({
    rating: Math.round(expected),
    racksPlayed: 8,
    provisional: true,
    setByName: "Dave Director",
    history: [{ rating: Math.round(expected) }],
  });
  expect((await storedAfter(other.id, 8)).rating).toBeCloseTo(500 - 16 * (5 - 8 * rackChance(150)), 9);
});

test("refusals: who may call, who may be rated, when and what; each writes nothing", async () => {
  const td = await f.organiser("Rita Refusals");
  const t = await f.createTournament(td, { maxPlayers: 8 });
  const [pat] = await f.enter(t, 1, () => "Pat Provisional");
  if (!pat) throw new Error("an entrant");
  const before = await startingRows();
  const expectRefused = async (response: Response, status: number, message: string, field?: string) => {
    const text = await response.clone().text();
    expect(response.status, text).toBe(status);
    const body = (await response.json()) as Refused;
    expect(body.message).toBe(message);
    if (field) expect(body.errors?.[field]).toEqual([message]);
  };

  // Signed out 401; a player 403; another director 403.
  expect(
    (await app.client().json("PUT", `/api/tournaments/${t.id}/ratings`, { ratings: { [pat.id]: 600 } })).status,
  ).toBe(401);
  expect((await put(pat, t, { [pat.id]: 600 })).status).toBe(403);
  const stranger = await f.organiser("Other Director");
  await expectRefused(await put(stranger, t, { [pat.id]: 600 }), 403, "Only the tournament's director can do that");
  expect(
    (await stranger.client.json("PUT", `/api/tournaments/${crypto.randomUUID()}/ratings`, { ratings: { a: 600 } }))
      .status,
  ).toBe(404);

  // Not whole numbers in range: 400 naming the field.
  const range = "A starting rating is a whole number from 100 to 1000";
  for (const bad of [99, 1001, 612.5, "600", null]) {
    await expectRefused(await put(td, t, { [pat.id]: bad }), 400, range, `ratings.${pat.id}`);
  }
  await expectRefused(await put(td, t, {}), 400, "Give at least one player a starting rating");
  expect((await put(td, t, [600])).status).toBe(400);
  expect((await td.client.json("PUT", `/api/tournaments/${t.id}/ratings`, { rating: 600 })).status).toBe(400);

  // A player not entered (one entered elsewhere, one who does not exist), alongside one who is: nothing is saved.
  const elsewhere = await f.player("Not Entered");
  const notEntered = "Only players entered in this tournament can be given a starting rating";
  await expectRefused(
    await put(td, t, { [pat.id]: 600, [elsewhere.id]: 600 }),
    400,
    notEntered,
    `ratings.${elsewhere.id}`,
  );
  await expectRefused(await put(td, t, { nobody: 600 }), 400, notEntered, "ratings.nobody");

  // Established after 100 racks (two finals won 50–0): no longer the director's to set.
  const regular = await f.player("Rob Regular");
  await playFinal(td, regular, 50, [50, 0]);
  await playFinal(td, regular, 50, [50, 0]);
  await storedAfter(regular.id, 100);
  await join(regular, t);
  await expectRefused(
    await put(td, t, { [regular.id]: 600 }),
    400,
    "Rob Regular is no longer provisional: their rating comes from their results",
    `ratings.${regular.id}`,
  );

  // A team event rates nobody: 400.
  const teams = await f.createTournament(td, { matchType: "2v2", maxPlayers: 4 });
  await expectRefused(
    await put(td, teams, { [pat.id]: 600 }),
    400,
    "A team event has no ratings: starting ratings are for singles",
  );

  // Started: 409, as seeds are.
  const started = await f.createTournament(td, { maxPlayers: 2 });
  const [first] = await f.enter(started, 2);
  expect((await td.client.json("POST", `/api/tournaments/${started.id}/start`)).status).toBe(200);
  await expectRefused(
    await put(td, started, { [first?.id ?? ""]: 600 }),
    409,
    "Starting ratings can only be set while the tournament is open",
  );

  expect(await startingRows()).toBe(before);
  expect((await profile(pat.id)).rating).toBe(500);
});

test("the form without JavaScript: provisional entrants prefilled, edits saved, errors beside the field", async () => {
  const td = await f.organiser("Fiona Form");
  const t = await f.createTournament(td, { maxPlayers: 8 });
  const [ann, ben] = await f.enter(t, 2, (i) => ["Ann Form", "Ben Form"][i] ?? "");
  if (!ann || !ben) throw new Error("two entrants");
  const path = `/tournament/${t.slug}`;
  const html = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

  const page = await html(await td.client.get(path));
  expect(page).toContain('id="starting-ratings-title"');
  expect(page).toMatch(new RegExp(`<input[^>]*name="rating:${ann.id}"[^>]*value="500"`));
  expect(page).toContain(`name="was:${ann.id}" value="500"`);
  expect(page).toContain("Save ratings");
  // Not the public's, nor another director's.
  expect(await html(await app.client().get(path))).not.toContain("starting-ratings-title");
  expect(await html(await (await f.organiser()).client.get(path))).not.toContain("starting-ratings-title");

  // Ann set to 640, Ben left as drawn: only Ann's start is saved, and the page comes back to the card.
  const saved = await td.client.pagePost(path, {
    intent: "starting-ratings",
    [`rating:${ann.id}`]: "640",
    [`was:${ann.id}`]: "500",
    [`rating:${ben.id}`]: "500",
    [`was:${ben.id}`]: "500",
  });
  expect(saved.status).toBe(302);
  expect(saved.headers.get("Location")).toBe(`${path}?open=ratings#starting-ratings`);
  expect(await f.count("starting_ratings", "tournament_id = ?", [t.id])).toBe(1);
  expect((await profile(ann.id)).rating).toBe(640);
  expect((await profile(ben.id)).setBy).toBeNull();
  const after = await html(await td.client.get(path));
  expect(after).toContain("Starting ratings saved");
  expect(after).toMatch(new RegExp(`<input[^>]*name="rating:${ann.id}"[^>]*value="640"`));
  expect(after).toContain("Set by Fiona Form");

  // A bad number: back to the card, with what was typed and the message beside Ben's field; nothing saved.
  const refused = await td.client.pagePost(path, {
    intent: "starting-ratings",
    [`rating:${ann.id}`]: "640",
    [`was:${ann.id}`]: "640",
    [`rating:${ben.id}`]: "5000",
    [`was:${ben.id}`]: "500",
  });
  expect(refused.headers.get("Location")).toBe(`${path}?open=ratings#starting-ratings`);
  const again = await html(await td.client.redirected(refused));
  expect(again).toMatch(
    new RegExp(
      `<input id="rating-${ben.id}"[^>]*aria-invalid="true" aria-describedby="rating-${ben.id}-error"[^>]*` +
        `name="rating:${ben.id}" value="5000"/>`,
    ),
  );
  expect(again).toMatch(
    new RegExp(`<p id="rating-${ben.id}-error" [^>]*>A starting rating is a whole number from 100 to 1000</p>`),
  );
  expect(await f.count("starting_ratings", "tournament_id = ?", [t.id])).toBe(1);

  // Nothing changed: nothing written.
  const unchanged = await td.client.pagePost(path, {
    intent: "starting-ratings",
    [`rating:${ben.id}`]: "500",
    [`was:${ben.id}`]: "500",
  });
  expect(unchanged.status).toBe(302);
  expect(await f.count("starting_ratings", "tournament_id = ?", [t.id])).toBe(1);

  // Another director's form post is refused like the API.
  const stranger = await f.organiser();
  const theirs = await stranger.client.pagePost(path, {
    intent: "starting-ratings",
    [`rating:${ben.id}`]: "700",
    [`was:${ben.id}`]: "500",
  });
  expect(theirs.status).toBe(302);
  expect(await html(await stranger.client.redirected(theirs))).toContain("Could not save the ratings");
  expect(await f.count("starting_ratings", "tournament_id = ?", [t.id])).toBe(1);
});

test("two directors set one start at once: the stored rating is the replay's, the later start counts", async () => {
  const [one, two] = [await f.organiser("Director One"), await f.organiser("Director Two")];
  const [t1, t2] = [await f.createTournament(one, { maxPlayers: 8 }), await f.createTournament(two, { maxPlayers: 8 })];
  const [sam] = await f.enter(t1, 1, () => "Sam Shared");
  if (!sam) throw new Error("an entrant");
  await join(sam, t2);
  for (const [a, b] of [
    [610, 390],
    [450, 820],
    [777, 333],
  ]) {
    const answers = await Promise.all([put(one, t1, { [sam.id]: a }), put(two, t2, { [sam.id]: b })]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const starts = await f.sql().execute({
      sql: "select player_id, at, rating, organiser_id from starting_ratings where player_id = ?",
      args: [sam.id],
    });
    const expected = replayRatings(
      [],
      starts.rows.map((r) => ({
        playerId: String(r.player_id),
        at: Number(r.at),
        rating: Number(r.rating),
        setBy: String(r.organiser_id),
      })),
    ).get(sam.id);
    const stored = await f.sql().execute({
      sql: "select rating, set_by from player_ratings where player_id = ?",
      args: [sam.id],
    });
    expect({ rating: Number(stored.rows[0]?.rating), setBy: stored.rows[0]?.set_by }).toEqual({
      rating: expected?.rating,
      setBy: expected?.setBy,
    });
    expect([a, b]).toContain(expected?.rating);
    expect((await profile(sam.id)).rating).toBe(expected?.rating);
  }
});

test("a start belongs to its entry: removed or left before the start it is gone; started, it stands", async () => {
  const td = await f.organiser("Walt Walk-ins");
  const t = await f.createTournament(td, { maxPlayers: 8 });
  const pat = await f.player("Pat Pending");
  const other = await f.organiser("Carla Capped");
  const capped = async () => {
    const c = await f.createTournament(other, { maxPlayers: 8, maxRating: 550 });
    const joined = await pat.client.json("POST", "/api/tournaments/join", { tournamentId: c.id });
    return { status: joined.status, message: ((await joined.json()) as { message?: string }).message };
  };

  // A walk-in by e-mail, set to 1000: shown at once, but another director's capped event still takes them.
  const added = await td.client.json("POST", `/api/tournaments/${t.id}/entries`, {
    name: "Pat Pending",
    email: pat.email,
    paidBy: "cash",
  });
  expect(added.status, await added.clone().text()).toBe(201);
  const { entry } = (await added.json()) as { entry: { id: string } };
  expect((await put(td, t, { [pat.id]: 1000 })).status).toBe(200);
  expect(await profile(pat.id)).toMatchObject({ rating: 1000, setBy: td.id, setByName: "Walt Walk-ins" });
  expect((await capped()).status).toBe(200);

  // Removed: the start goes with the entry, the profile is back to a new player's.
  expect((await td.client.json("DELETE", `/api/tournaments/${t.id}/entries/${entry.id}`)).status).toBe(200);
  expect(await f.count("starting_ratings", "player_id = ?", [pat.id])).toBe(0);
  expect(await profile(pat.id)).toMatchObject({ rating: 500, provisional: true, setBy: null, setByName: null });
  expect(await (await app.client().get(`/players/${pat.id}`)).text()).not.toContain("Starting rating set by");

  // A player who joined and leaves before the start: the same.
  await join(pat, t);
  expect((await put(td, t, { [pat.id]: 1000 })).status).toBe(200);
  expect((await pat.client.json("POST", `/api/tournaments/${t.id}/leave`)).status).toBe(200);
  expect(await f.count("starting_ratings", "player_id = ?", [pat.id])).toBe(0);
  expect(await profile(pat.id)).toMatchObject({ rating: 500, setBy: null });

  // Back in, set again, and the tournament starts with them in it: the start stands, and the cap reads it.
  await join(pat, t);
  await f.enter(t, 1);
  expect((await put(td, t, { [pat.id]: 1000 })).status).toBe(200);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  expect(await profile(pat.id)).toMatchObject({ rating: 1000, setBy: td.id });
  expect(await capped()).toEqual({ status: 403, message: "This event is for players rated up to 550" });
});
