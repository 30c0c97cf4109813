// A league built in-process for the league services' tests, through the use cases as the routes run them (each body
// checked by its schema): a secretary's league, a season (its options the test's), divisions of teams with their
// captains and players, and its fixtures made. Each test names the league it builds; what the services answer is
// still each test's to check.
import {
  CreateDivisionSchema,
  CreateLeagueSchema,
  CreateSeasonSchema,
  CreateTeamSchema,
} from "~/features/leagues/domain/leagues.ts";
import { fixtureInputQuery } from "~/features/leagues/server/fixtures.server.ts";
import {
  divisionJson,
  leagueJson,
  leagueOwnerQuery,
  seasonJson,
  seasonOwnerQuery,
} from "~/features/leagues/server/leagues.server.ts";
import { teamSeasonQuery } from "~/features/leagues/server/teams.server.ts";
import {
  createDivision,
  createLeague,
  createSeason,
  createTeam,
  makeFixtures,
} from "~/features/leagues/server/use-cases.server.ts";
import type { LeagueSpec } from "./league-specs.ts";
import type { Account, ServiceDb } from "./services.ts";

/** `secretary`'s league as `spec` says (see LeagueSpec): Valley unless named. */
export async function buildLeague(
  s: ServiceDb,
  secretary: Account,
  { name = "Valley", season: body = {}, divisions, fixtures: make = true }: LeagueSpec<Account>,
) {
  const organiserId = secretary.id;
  const league = leagueJson(
    await s.perform(createLeague, { organiserId, name: CreateLeagueSchema.parse({ name }).name }),
  );
  const season = seasonJson(
    await s.perform(createSeason, {
      organiserId,
      league: await s.sender.send(leagueOwnerQuery(league.id)),
      fields: CreateSeasonSchema.parse({ name: "Winter", night: "tuesday", startDate: "2026-09-01", ...body }),
    }),
  );
  const teams = [];
  const made = [];
  for (const [divisionName, specs] of divisions) {
    const division = divisionJson(
      await s.perform(createDivision, {
        organiserId,
        season: await s.sender.send(seasonOwnerQuery(season.id)),
        name: CreateDivisionSchema.parse({ name: divisionName }).name,
      }),
    );
    made.push(division);
    for (const spec of specs) {
      const captain = "id" in spec.captain ? spec.captain : null;
      const fields = CreateTeamSchema.parse({
        name: spec.name,
        divisionId: division.id,
        venue: spec.venue ?? `The ${spec.name}`,
        captain: captain ? { email: captain.email } : spec.captain,
        ...(spec.players ? { players: spec.players } : {}),
      });
      const read = await s.sender.send(teamSeasonQuery(season.id));
      const { team } = await s.perform(createTeam, { organiserId, season: read, fields });
      teams.push({ ...team, captain });
    }
  }
  const fixtures = make
    ? (await s.perform(makeFixtures, { organiserId, input: await s.sender.send(fixtureInputQuery(season.id)) }))
        .fixtures
    : [];
  return { league, season, divisions: made, teams, fixtures };
}
