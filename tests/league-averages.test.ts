// A season's averages through the real Worker: `GET /api/seasons/{slug}/players` for anyone — its JSON contract on a
// card both captains confirmed and one the secretary awarded (counted for nobody), the merit table's order and
// qualifying frames, the ratings the profile shows, no e-mail, and the season read's 404 for an unknown season.
import { expect, test } from "vitest";
import { type Account, useFactories } from "./support/factories.ts";
import { buildLeague, confirmCard, type LeagueFixture, type LeagueTeam, ok, playFrames } from "./support/leagues.ts";
import { guests } from "../test-support/league-specs.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

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

/** A league of one division, Crown and Anchor (a captain and three guests each), with their two fixtures made. */
async function league() {
  const captains = [await f.player("Cath Crown"), await f.player("Andy Anchor")] as [Account, Account];
  const built = await buildLeague(await f.organiser("Sue Secretary"), {
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
  const [crown, anchor] = built.teams as [LeagueTeam, LeagueTeam];
  const home = built.fixtures.find((x) => x.homeTeamId === crown.id) as LeagueFixture;
  const away = built.fixtures.find((x) => x.homeTeamId === anchor.id) as LeagueFixture;
  return { secretary: built.secretary, season: built.season, crown, anchor, captains, home, away };
}

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
  const crown = { captain: cath, team: l.crown };
  const anchor = { captain: andy, team: l.anchor };
  await playFrames(l.home.id, crown, anchor, (n) => (n % 2 ? "home" : "away"));
  await confirmCard(l.home.id, cath, andy);
  // Anchor v Crown, its lineups named, awarded to Anchor: counted for nobody.
  await playFrames(l.away.id, anchor, crown, () => "home", 0);
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
