// A season's averages through the real Worker: `GET /api/seasons/{slug}/players` for anyone — its JSON contract on a
// card both captains confirmed and one the secretary awarded (counted for nobody), the merit table's order and
// qualifying frames, the ratings the profile shows, no e-mail, and the season read's 404 for an unknown season.
import { expect, test } from "vitest";
import { type Account, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Named = { id: string; name: string };
type Team = { id: string; captainId: string; players: Named[] };
type Line = {
  playerId: string;
  name: string;
  teamId: string;
  team: string;
  played: number;
  won: number;
  lost: number;
  winPercent: number;
  rating: number;
  qualified: boolean;
};

async function ok<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

/** A league of one division, Crown and Anchor (a captain and three guests each), with their two fixtures made. */
async function league() {
  const secretary = await f.organiser("Sue Secretary");
  const captains = [await f.player("Cath Crown"), await f.player("Andy Anchor")] as [Account, Account];
  const { league } = await ok<{ league: { id: string; slug: string } }>(
    await secretary.client.json("POST", "/api/leagues", { name: "Valley League" }),
    201,
  );
  const { season } = await ok<{ season: { id: string; slug: string } }>(
    await secretary.client.json("POST", `/api/leagues/${league.id}/seasons`, {
      name: "Winter",
      night: "tuesday",
      startDate: "2026-09-01",
    }),
    201,
  );
  const { division } = await ok<{ division: { id: string } }>(
    await secretary.client.json("POST", `/api/seasons/${season.id}/divisions`, { name: "Premier" }),
    201,
  );
  const teams: Team[] = [];
  for (const [i, name] of ["Crown", "Anchor"].entries()) {
    const { team } = await ok<{ team: Team }>(
      await secretary.client.json("POST", `/api/seasons/${season.id}/teams`, {
        name,
        divisionId: division.id,
        venue: `The ${name}`,
        captain: { email: captains[i]?.email },
        players: [{ name: `${name} Two` }, { name: `${name} Three` }, { name: `${name} Four` }],
      }),
      201,
    );
    teams.push(team);
  }
  const { fixtures } = await ok<{ fixtures: { id: string; homeTeamId: string }[] }>(
    await secretary.client.json("POST", `/api/seasons/${season.id}/fixtures`),
    201,
  );
  const [crown, anchor] = teams as [Team, Team];
  const home = fixtures.find((x) => x.homeTeamId === crown.id) as { id: string };
  const away = fixtures.find((x) => x.homeTeamId === anchor.id) as { id: string };
  return { secretary, season, crown, anchor, captains, home, away };
}

/** The usual card's lineup for a team of four: two singles each, the first two in the doubles. */
const fullLineup = (team: Team) => {
  const ids = team.players.map((p) => p.id);
  return [
    ...[0, 1, 2, 3, 0, 1, 2, 3].map((i, n) => ({ number: n + 1, playerIds: [ids[i]] })),
    { number: 9, playerIds: [ids[0], ids[1]] },
  ];
};

const players = async (slug: string) => ok<{ players: Line[] }>(await app.client().get(`/api/seasons/${slug}/players`));

test("the season's averages for anyone: confirmed frames, an award for nobody, the merit table's order", async () => {
  const l = await league();
  const [cath, andy] = l.captains;
  // Before any frame: everyone on a roster, noughts, nobody qualified; no e-mail anywhere.
  const before = await players(l.season.slug);
  expect(before.players).toHaveLength(8);
  expect(before.players.every((p) => p.played === 0 && p.winPercent === 0 && !p.qualified)).toBe(true);
  expect(JSON.stringify(before)).not.toMatch(/@|email/i);

  // Crown v Anchor: the home side wins the odd frames; both captains confirm.
  await ok(
    await cath.client.json("PUT", `/api/fixtures/${l.home.id}/lineup`, { side: "home", frames: fullLineup(l.crown) }),
  );
  await ok(
    await andy.client.json("PUT", `/api/fixtures/${l.home.id}/lineup`, { side: "away", frames: fullLineup(l.anchor) }),
  );
  for (let n = 1; n <= 9; n++) {
    await ok(
      await cath.client.json("POST", `/api/fixtures/${l.home.id}/frames/${n}`, { winner: n % 2 ? "home" : "away" }),
    );
  }
  await ok(await cath.client.json("POST", `/api/fixtures/${l.home.id}/confirm`));
  await ok(await andy.client.json("POST", `/api/fixtures/${l.home.id}/confirm`));
  // Anchor v Crown, its lineups named, awarded to Anchor: counted for nobody.
  await ok(
    await andy.client.json("PUT", `/api/fixtures/${l.away.id}/lineup`, { side: "home", frames: fullLineup(l.anchor) }),
  );
  await ok(
    await cath.client.json("PUT", `/api/fixtures/${l.away.id}/lineup`, { side: "away", frames: fullLineup(l.crown) }),
  );
  await ok(await l.secretary.client.json("POST", `/api/fixtures/${l.away.id}/award`, { to: "home", note: "No-show" }));

  const { players: lines } = await players(l.season.slug);
  for (const line of lines) {
    expect(Object.keys(line).sort()).toEqual(
      ["lost", "name", "played", "playerId", "qualified", "rating", "team", "teamId", "winPercent", "won"].sort(),
    );
  }
  // Frames 1–8 singles, two each: Crown's first and third players won both theirs, Anchor's second and fourth.
  expect(lines.map((p) => `${p.name} ${p.team} ${p.played}-${p.won}-${p.lost} ${p.winPercent} ${p.qualified}`)).toEqual(
    [
      "Anchor Four Anchor 2-2-0 100 true",
      "Anchor Two Anchor 2-2-0 100 true",
      "Cath Crown Crown 2-2-0 100 true",
      "Crown Three Crown 2-2-0 100 true",
      "Anchor Three Anchor 2-0-2 0 true",
      "Andy Anchor Anchor 2-0-2 0 true",
      "Crown Four Crown 2-0-2 0 true",
      "Crown Two Crown 2-0-2 0 true",
    ],
  );
  // Each rating is the one the player's profile shows (the confirmed card's frames rated them): the profile's read
  // runs a replay still pending first, so the averages are read again after it.
  const profiles = new Map<string, number>();
  for (const line of lines) {
    profiles.set(
      line.playerId,
      (await ok<{ rating: number }>(await app.client().get(`/api/players/${line.playerId}`))).rating,
    );
  }
  for (const line of (await players(l.season.slug)).players)
    expect(line.rating, line.name).toBe(profiles.get(line.playerId));
  expect(profiles.get(cath.id)).toBeGreaterThan(500);
  expect(lines.find((p) => p.name === "Cath Crown")).toMatchObject({ playerId: cath.id, teamId: l.crown.id });

  // The season's qualifying frames (3) put everyone below it, in the same order.
  await f.sql().execute({ sql: "update seasons set merit_min_frames = 3 where id = ?", args: [l.season.id] });
  const strict = await players(l.season.slug);
  expect(strict.players.map((p) => p.name)).toEqual(lines.map((p) => p.name));
  expect(strict.players.some((p) => p.qualified)).toBe(false);
  expect(JSON.stringify(strict)).not.toMatch(/@|email/i);
});

test("an unknown season is the season read's 404; the path takes GET only", async () => {
  const missing = await app.client().get("/api/seasons/no-such-season/players");
  expect(missing.status).toBe(404);
  const seasonRead = await app.client().get("/api/seasons/no-such-season");
  expect(seasonRead.status).toBe(404);
  expect(await missing.json()).toEqual(await seasonRead.json());
  const l = await league();
  const posted = await l.secretary.client.json("POST", `/api/seasons/${l.season.slug}/players`, {});
  expect(posted.status).toBe(405);
});
