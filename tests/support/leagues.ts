// A league built through the real API for the league suites: a secretary's league, a season (its options the test's),
// divisions of teams — each with its captain and players — and its fixtures made; and a card played through by the
// captains. Each test names the league it builds; what the app answers is still each test's to check.
import { expect } from "vitest";
import type { Account } from "./factories.ts";
import { fullLineup, type LeagueSpec } from "../../test-support/league-specs.ts";

type Named = { id: string; name: string };
export type LeagueTeam = {
  id: string;
  name: string;
  divisionId: string;
  venue: string;
  captainId: string;
  players: Named[];
  /** The captain's account when one was given; null for a captain invited by e-mail alone. */
  captain: Account | null;
};
export type LeagueFixture = {
  id: string;
  divisionId: string;
  week: number;
  date: string | null;
  homeTeamId: string;
  awayTeamId: string;
};
/** The response's JSON, asserting its status (the body said when it is not). */
export async function ok<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

/** `secretary`'s league as `spec` says (see LeagueSpec): Valley League unless named. */
export async function buildLeague(
  secretary: Account,
  { name = "Valley League", season: fields = {}, divisions, fixtures: make = true }: LeagueSpec<Account>,
) {
  const { league } = await ok<{ league: { id: string; slug: string; name: string } }>(
    await secretary.client.json("POST", "/api/leagues", { name }),
    201,
  );
  const { season } = await ok<{
    season: { id: string; slug: string; format: unknown; points: unknown; meritMinFrames: number };
  }>(
    await secretary.client.json("POST", `/api/leagues/${league.id}/seasons`, {
      name: "Winter",
      night: "tuesday",
      startDate: "2026-09-01",
      ...fields,
    }),
    201,
  );
  const teams: LeagueTeam[] = [];
  const made: { id: string; name: string }[] = [];
  for (const [divisionName, specs] of divisions) {
    const { division } = await ok<{ division: { id: string; name: string } }>(
      await secretary.client.json("POST", `/api/seasons/${season.id}/divisions`, { name: divisionName }),
      201,
    );
    made.push(division);
    for (const spec of specs) {
      const captain = "client" in spec.captain ? spec.captain : null;
      const invited = captain ? { email: captain.email } : spec.captain;
      const { team } = await ok<{ team: Omit<LeagueTeam, "captain"> }>(
        await secretary.client.json("POST", `/api/seasons/${season.id}/teams`, {
          name: spec.name,
          divisionId: division.id,
          venue: spec.venue ?? `The ${spec.name}`,
          captain: invited,
          ...(spec.players ? { players: spec.players } : {}),
        }),
        201,
      );
      teams.push({ ...team, captain });
    }
  }
  const fixtures = make
    ? (
        await ok<{ fixtures: LeagueFixture[] }>(
          await secretary.client.json("POST", `/api/seasons/${season.id}/fixtures`),
          201,
        )
      ).fixtures
    : [];
  return { secretary, league, season, divisions: made, teams, fixtures };
}

type Side = { captain: Account; team: { players: Named[] } };

/**
 * Fixture `id`'s card played through by its captains: each names their full lineup, then the home captain records
 * frames 1 to `frames`, each won by `winner(n)`.
 */
export async function playFrames(
  id: string,
  home: Side,
  away: Side,
  winner: (n: number) => "home" | "away",
  frames = 9,
) {
  const url = `/api/fixtures/${id}`;
  await ok(await home.captain.client.json("PUT", `${url}/lineup`, { side: "home", frames: fullLineup(home.team) }));
  await ok(await away.captain.client.json("PUT", `${url}/lineup`, { side: "away", frames: fullLineup(away.team) }));
  for (let n = 1; n <= frames; n++) {
    await ok(await home.captain.client.json("POST", `${url}/frames/${n}`, { winner: winner(n) }));
  }
}

/** Fixture `id`'s card confirmed by each of `captains`, each asserted. */
export async function confirmCard(id: string, ...captains: Account[]) {
  for (const captain of captains) await ok(await captain.client.json("POST", `/api/fixtures/${id}/confirm`));
}
