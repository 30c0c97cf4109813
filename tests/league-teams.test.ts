// A season's teams and fixtures through the real Worker: the JSON contract of adding teams (a captain by e-mail, an
// invited captain, players and guests) and roster players, making the fixture list, moving a fixture, and reading a
// season; who may (the secretary; a captain for their own roster only), the 409s that name who or what, and the
// 400s, with nothing written by a refusal.
import { expect, test } from "vitest";
import { type Account, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Team = {
  id: string;
  name: string;
  divisionId: string;
  venue: string;
  captainId: string;
  players: { id: string; name: string }[];
};
type Fixture = {
  id: string;
  divisionId: string;
  week: number;
  date: string | null;
  homeTeamId: string;
  awayTeamId: string;
  venue: string;
  status: string;
};

async function created<T>(response: Response, key: string): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as Record<string, T>)[key] as T;
}
const message = async (r: Response) => ((await r.json()) as { message: string }).message;

/** A secretary's league with a draft season (Tuesdays from 2026-09-01, two legs) and its divisions. */
async function season(secretary: Account, divisionNames = ["Premier", "Division One"]) {
  const league = await created<{ id: string; slug: string }>(
    await secretary.client.json("POST", "/api/leagues", { name: "Valley League" }),
    "league",
  );
  const s = await created<{ id: string; slug: string }>(
    await secretary.client.json("POST", `/api/leagues/${league.id}/seasons`, {
      name: "Winter",
      night: "tuesday",
      startDate: "2026-09-01",
      blackoutDates: ["2026-12-22", "2026-12-29"],
    }),
    "season",
  );
  const divisions: { id: string; name: string }[] = [];
  for (const name of divisionNames) {
    divisions.push(
      await created(await secretary.client.json("POST", `/api/seasons/${s.id}/divisions`, { name }), "division"),
    );
  }
  return { league, season: s, divisions };
}

const addTeam = (secretary: Account, seasonId: string, body: Record<string, unknown>) =>
  secretary.client.json("POST", `/api/seasons/${seasonId}/teams`, body);

test("teams made with captains and rosters; the fixtures made, one moved and one postponed; the season read", async () => {
  const secretary = await f.organiser("Sue Secretary");
  const captain = await f.player("Cath Captain");
  const { league, season: s, divisions } = await season(secretary);
  const [premier, one] = divisions as [{ id: string }, { id: string }];

  const crown = await created<Team>(
    await addTeam(secretary, s.id, {
      name: "Crown A",
      divisionId: premier.id,
      venue: "The Crown",
      captain: { email: captain.email },
      players: [{ name: "Gus Guest" }, { name: "Ned New", email: "ned.new@example.com" }],
    }),
    "team",
  );
  expect(crown).toEqual({
    id: expect.any(String),
    name: "Crown A",
    divisionId: premier.id,
    venue: "The Crown",
    captainId: captain.id,
    players: [
      { id: captain.id, name: "Cath Captain" },
      { id: expect.any(String), name: "Gus Guest" },
      { id: expect.any(String), name: "Ned New" },
    ],
  });
  const names = ["Crown B", "Anchor", "Bell"];
  const venues = ["the crown", "Anchor Inn", "Bell"];
  const teams = [crown];
  for (const [i, name] of names.entries()) {
    teams.push(
      await created<Team>(
        await addTeam(secretary, s.id, {
          name,
          divisionId: i === 0 ? one.id : premier.id,
          venue: venues[i],
          captain: { email: `cap${i}-${Date.now()}@example.com`, name: `Cap ${i}` },
        }),
        "team",
      ),
    );
  }
  for (const name of ["Dog", "Eagle"]) {
    teams.push(
      await created<Team>(
        await addTeam(secretary, s.id, {
          name,
          divisionId: one.id,
          venue: `${name} Inn`,
          captain: { email: `cap-${name}-${Date.now()}@example.com` },
        }),
        "team",
      ),
    );
  }

  // A name the season has, in any case; a player already on a team; another team's captain.
  const taken = await addTeam(secretary, s.id, {
    name: "CROWN a",
    divisionId: one.id,
    venue: "x",
    captain: { email: `z-${Date.now()}@example.com` },
  });
  expect(taken.status).toBe(409);
  expect(await message(taken)).toBe("A team with that name is already in this season");
  const twice = await addTeam(secretary, s.id, {
    name: "Fox",
    divisionId: one.id,
    venue: "Fox",
    captain: { email: captain.email },
  });
  expect(twice.status).toBe(409);
  expect(await message(twice)).toBe("Cath Captain is already on Crown A this season");

  // The captain adds a guest to their own roster; not to another team's.
  const added = await captain.client.json("POST", `/api/seasons/${s.id}/teams/${crown.id}/players`, {
    name: "Pete Pal",
  });
  expect(await created(added, "player")).toEqual({ id: expect.any(String), name: "Pete Pal" });
  const notTheirs = await captain.client.json("POST", `/api/seasons/${s.id}/teams/${teams[1]?.id}/players`, {
    name: "Sly",
  });
  expect(notTheirs.status).toBe(403);

  const made = await secretary.client.json("POST", `/api/seasons/${s.id}/fixtures`);
  const fixtures = await created<Fixture[]>(made, "fixtures");
  // Premier: Crown A, Anchor, Bell (3 teams, 2 legs: 6 fixtures); Division One: Crown B, Dog, Eagle (6).
  expect(fixtures).toHaveLength(12);
  expect(fixtures.every((x) => x.status === "scheduled" && x.date !== null)).toBe(true);
  expect(fixtures.some((x) => x.date === "2026-12-22")).toBe(false);
  // Crown A and Crown B share The Crown: never both at home in a week.
  const homeWeeks = (id: string) => new Set(fixtures.filter((x) => x.homeTeamId === id).map((x) => x.week));
  const crownB = teams[1] as Team;
  expect([...homeWeeks(crown.id)].filter((w) => homeWeeks(crownB.id).has(w))).toEqual([]);

  const first = fixtures[0] as Fixture;
  const moved = await secretary.client.json("PATCH", `/api/fixtures/${first.id}`, { date: "2026-09-03" });
  expect(moved.status).toBe(200);
  expect(((await moved.json()) as { fixture: Fixture }).fixture).toMatchObject({
    date: "2026-09-03",
    status: "scheduled",
  });
  const postponed = await secretary.client.json("PATCH", `/api/fixtures/${first.id}`, { date: null });
  expect(((await postponed.json()) as { fixture: Fixture }).fixture).toMatchObject({ date: null, status: "postponed" });
  expect((await captain.client.json("PATCH", `/api/fixtures/${first.id}`, { date: null })).status).toBe(403);

  const read = await app.client().json("GET", `/api/seasons/${s.slug}`);
  expect(read.status).toBe(200);
  const body = (await read.json()) as {
    season: { status: string };
    divisions: { name: string; teams: { name: string }[]; standings: unknown[] }[];
    fixtures: { home: string; away: string }[];
  };
  expect(body.season.status).toBe("active");
  expect(body.divisions.map((d) => [d.name, d.teams.map((t) => t.name), d.standings])).toEqual([
    ["Premier", ["Crown A", "Anchor", "Bell"], []],
    ["Division One", ["Crown B", "Dog", "Eagle"], []],
  ]);
  expect(body.fixtures).toHaveLength(12);
  expect(JSON.stringify(body)).not.toContain("@");
  expect(league.slug).toBeTruthy();
});
