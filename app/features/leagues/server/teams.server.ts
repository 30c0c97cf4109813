// A season's teams (DESIGN §11): made by the secretary with their captain and registered players, and players added
// to a roster later by the secretary or the team's captain. A person is named by e-mail (their account, or an
// invited one made for a new address, as a walk-in's is) or by name alone (a guest of the league). Each person is on
// at most one team a season: the roster's unique key says so, so two teams naming one player at once can't both win.
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  build,
  first,
  isBatchGuardFailure,
  isForeignKeyViolation,
  isUniqueViolation,
  query,
  reads,
  trailing,
  write,
  type Item,
  type Sender,
} from "~/db/batch.server.ts";
import { divisions, leagues, leagueRoster, leagueTeams, seasons } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import { playersByEmailQuery } from "~/features/accounts/server/invited-accounts.server.ts";
import { LEAGUE_MESSAGES, type RosterPlayer, type TeamInput, teamNameKey } from "~/features/leagues/domain/leagues.ts";
import {
  newAccounts,
  peopleOf,
  type Person,
  refuseIfTooManyInvited,
  rosterMail,
} from "~/features/leagues/server/roster-people.server.ts";
import { countMail, type MailAllowance } from "~/server/email.server.ts";
import { countWithinLimit, currentCount, INVITED_ACCOUNTS_LIMIT } from "~/server/rate-limit.server.ts";
import type { Done } from "~/web/done.ts";

/** What a write to a season's teams is checked against: the season, its league and secretary. */
export type TeamSeason = {
  id: string;
  name: string;
  status: string;
  organiserId: string;
  leagueName: string;
  leagueSlug: string;
};

/** What a write to a team's roster is checked against: the team, its captain and its season's. */
export type RosterTeam = TeamSeason & { teamId: string; teamName: string; captainId: string };

const plausibleId = (id: string) => (id.length <= 64 ? id : "");

const seasonColumns = {
  id: seasons.id,
  name: seasons.name,
  status: seasons.status,
  organiserId: leagues.organiserId,
  leagueName: leagues.name,
  leagueSlug: leagues.slug,
};

/** A season by id, with its league, or null. */
export const teamSeasonQuery = (seasonId: string) =>
  first(
    build
      .select(seasonColumns)
      .from(seasons)
      .innerJoin(leagues, eq(leagues.id, seasons.leagueId))
      .where(eq(seasons.id, plausibleId(seasonId)))
      .limit(1),
  );

/** A team of a season by ids, with its season and league, or null (a team of another season is none). */
export const rosterTeamQuery = (seasonId: string, teamId: string) =>
  first(
    build
      .select({
        ...seasonColumns,
        teamId: leagueTeams.id,
        teamName: leagueTeams.name,
        captainId: leagueTeams.captainId,
      })
      .from(leagueTeams)
      .innerJoin(seasons, eq(seasons.id, leagueTeams.seasonId))
      .innerJoin(leagues, eq(leagues.id, seasons.leagueId))
      .where(and(eq(leagueTeams.id, plausibleId(teamId)), eq(leagueTeams.seasonId, plausibleId(seasonId))))
      .limit(1),
  );

/** Of these players, who is on a team of the season already, and which. */
const onTeamsQuery = (seasonId: string, playerIds: readonly string[]) =>
  query(
    build
      .select({ playerId: leagueRoster.playerId, team: leagueTeams.name })
      .from(leagueRoster)
      .innerJoin(leagueTeams, eq(leagueTeams.id, leagueRoster.teamId))
      .where(
        and(
          eq(leagueRoster.seasonId, seasonId),
          playerIds.length ? inArray(leagueRoster.playerId, [...playerIds]) : sql`0`,
        ),
      ),
  );

/** The 409 for the first person named who is on a team of the season already, if any. */
function refuseIfOnTeam(people: readonly Person[], onTeams: readonly { playerId: string; team: string }[]) {
  const teamOf = new Map(onTeams.map((row) => [row.playerId, row.team]));
  const taken = people.find((p) => teamOf.has(p.id));
  if (taken) {
    throw new DomainError(409, LEAGUE_MESSAGES.alreadyOnTeam(taken.name, teamOf.get(taken.id) ?? ""), {
      field: "players",
      code: "already-on-team",
    });
  }
}

/** The people of a new team, the captain first; the captain's e-mail given again among the players is them. */
function namedForTeam(fields: TeamInput) {
  const players = (fields.players ?? []).filter((p) => p.email === undefined || p.email !== fields.captain.email);
  const emails = [fields.captain.email, ...players.flatMap((p) => (p.email ? [p.email] : []))];
  if (new Set(emails).size !== emails.length) {
    throw new DomainError(400, LEAGUE_MESSAGES.sameEmailTwice, { field: "players" });
  }
  return { named: [{ name: fields.captain.name, email: fields.captain.email }, ...players], emails };
}

/**
 * A new team of a season of the secretary's league, with its captain (on the roster) and its players: one batch,
 * accounts made for new e-mails (counted against the secretary's hour) and guests for names alone. A name the season
 * has, or a person on another team this season, is a 409 naming them.
 */
export async function insertTeam(
  db: Sender,
  {
    organiserId,
    season,
    fields,
    now = Date.now(),
  }: {
    organiserId: string;
    season: TeamSeason | null;
    fields: TeamInput;
    now?: number;
  },
): Promise<Done<{ team: TeamJson }>> {
  if (!season) throw new DomainError(404, LEAGUE_MESSAGES.seasonNotFound);
  if (season.organiserId !== organiserId) throw new DomainError(403, LEAGUE_MESSAGES.notYourLeague);
  if (season.status === "finished") throw new DomainError(409, LEAGUE_MESSAGES.seasonFinished);
  const { named, emails } = namedForTeam(fields);
  const read = await db.send(
    reads({
      division: first(
        build
          .select({ id: divisions.id })
          .from(divisions)
          .where(and(eq(divisions.id, plausibleId(fields.divisionId)), eq(divisions.seasonId, season.id))),
      ),
      nameTaken: first(
        build
          .select({ id: leagueTeams.id })
          .from(leagueTeams)
          .where(and(eq(leagueTeams.seasonId, season.id), eq(leagueTeams.nameKey, teamNameKey(fields.name)))),
      ),
      known: playersByEmailQuery(emails),
      invites: query(currentCount(INVITED_ACCOUNTS_LIMIT, organiserId, now)),
    }),
  );
  if (!read.division) throw new DomainError(400, LEAGUE_MESSAGES.divisionNotInSeason, { field: "divisionId" });
  if (read.nameTaken)
    throw new DomainError(409, LEAGUE_MESSAGES.teamNameTaken, { field: "name", code: "team-name-taken" });
  const people = await peopleOf(named, read.known);
  const captain = people[0] as Person;
  const { onTeams } = await db.send(
    reads({
      onTeams: onTeamsQuery(
        season.id,
        people.map((p) => p.id),
      ),
    }),
  );
  refuseIfOnTeam(people, onTeams);
  const invitedCount = people.filter((p) => p.made === "invited").length;
  refuseIfTooManyInvited(read.invites, invitedCount, now);

  const teamId = crypto.randomUUID();
  const mail = countMail(
    people.flatMap((p) => (p.email && (p.made === "invited" || p === captain) ? [p.email] : [])),
    now,
  );
  const values = {
    id: teamId,
    seasonId: season.id,
    divisionId: fields.divisionId,
    name: fields.name,
    nameKey: teamNameKey(fields.name),
    venue: fields.venue,
    captainId: captain.id,
  };
  const mailTo = await writeRoster(db, season.id, people, {
    before: [
      ...newAccounts(people, now),
      ...(invitedCount ? countWithinLimit(INVITED_ACCOUNTS_LIMIT, organiserId, now, invitedCount) : []),
      build.insert(leagueTeams).values(values),
    ],
    teamId,
    mail,
    names: fields.name,
    invites: { by: organiserId, count: invitedCount },
    now,
  });
  const team = {
    id: teamId,
    name: fields.name,
    divisionId: fields.divisionId,
    venue: fields.venue,
    captainId: captain.id,
  };
  return {
    answer: { team: { ...team, players: people.map((p) => ({ id: p.id, name: p.name })) } },
    changes: [],
    mail: [rosterMail(mailTo, { name: fields.name, season }, people, captain.id)],
  };
}

export type TeamJson = {
  id: string;
  name: string;
  divisionId: string;
  venue: string;
  captainId: string;
  players: { id: string; name: string }[];
};

/**
 * The roster rows for `people` in one batch after `before`: a person on another team this season (taken
 * meanwhile) or a name taken meanwhile refuses it all, and is said afresh.
 */
async function writeRoster(
  db: Sender,
  seasonId: string,
  people: readonly Person[],
  {
    before,
    teamId,
    mail,
    names,
    invites,
    now,
  }: {
    before: Item[];
    teamId: string;
    mail: ReturnType<typeof countMail>;
    names?: string;
    /** Who the new accounts in `before` are counted against, and how many. */
    invites?: { by: string; count: number };
    now: number;
  },
): Promise<MailAllowance> {
  try {
    return await db.write(
      write(
        [
          ...before,
          ...people.map((p) => build.insert(leagueRoster).values({ teamId, seasonId, playerId: p.id })),
          ...mail.items,
        ],
        (raw) => trailing(raw, mail)[0],
      ),
    );
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new DomainError(404, LEAGUE_MESSAGES.seasonNotFound);
    if (isBatchGuardFailure(error) && invites) {
      // The batch's one guard: new accounts counted meanwhile (another request at once) passed the adder's hour.
      const { counted } = await db.send(
        reads({ counted: query(currentCount(INVITED_ACCOUNTS_LIMIT, invites.by, now)) }),
      );
      refuseIfTooManyInvited(counted, invites.count, now);
      throw new DomainError(409, LEAGUE_MESSAGES.rosterChanged);
    }
    if (!isUniqueViolation(error)) throw error;
    // A new e-mail's account made meanwhile (another team naming them at once) is who was named: their account's
    // team, if any, is the one to name.
    const { made } = await db.send(
      reads({ made: playersByEmailQuery(people.flatMap((p) => (p.made === "invited" && p.email ? [p.email] : []))) }),
    );
    const madeFor = new Map(made.map((account) => [account.email, account]));
    const named = people.map((p) => {
      const account = p.made === "invited" && p.email ? madeFor.get(p.email) : undefined;
      return account ? { ...p, id: account.id, name: account.name } : p;
    });
    const { onTeams, nameTaken } = await db.send(
      reads({
        onTeams: onTeamsQuery(
          seasonId,
          named.map((p) => p.id),
        ),
        nameTaken: first(
          build
            .select({ id: leagueTeams.id })
            .from(leagueTeams)
            .where(and(eq(leagueTeams.seasonId, seasonId), eq(leagueTeams.nameKey, teamNameKey(names ?? "")))),
        ),
      }),
    );
    refuseIfOnTeam(named, onTeams);
    if (names !== undefined && nameTaken) {
      throw new DomainError(409, LEAGUE_MESSAGES.teamNameTaken, { field: "name", code: "team-name-taken" });
    }
    // A new e-mail's account made meanwhile by someone else.
    throw new DomainError(409, LEAGUE_MESSAGES.rosterChanged);
  }
}

/**
 * A player added to a team's roster by the league's secretary or the team's captain (a 403 for anyone else): their
 * account by e-mail, an invited one for a new e-mail (counted against the adder's hour), or a guest by name.
 */
export async function insertRosterPlayer(
  db: Sender,
  {
    by,
    team,
    fields,
    now = Date.now(),
  }: {
    by: { id: string; userType: string };
    team: RosterTeam | null;
    fields: RosterPlayer;
    now?: number;
  },
): Promise<Done<{ player: { id: string; name: string } }>> {
  if (!team) throw new DomainError(404, LEAGUE_MESSAGES.teamNotFound);
  const allowed = by.userType === "organiser" ? team.organiserId === by.id : team.captainId === by.id;
  if (!allowed) throw new DomainError(403, LEAGUE_MESSAGES.notYourTeam);
  if (team.status === "finished") throw new DomainError(409, LEAGUE_MESSAGES.seasonFinished);
  const read = await db.send(
    reads({
      known: playersByEmailQuery(fields.email ? [fields.email] : []),
      invites: query(currentCount(INVITED_ACCOUNTS_LIMIT, by.id, now)),
    }),
  );
  const people = await peopleOf([fields], read.known);
  const person = people[0] as Person;
  const { onTeams } = await db.send(reads({ onTeams: onTeamsQuery(team.id, [person.id]) }));
  refuseIfOnTeam(people, onTeams);
  refuseIfTooManyInvited(read.invites, person.made === "invited" ? 1 : 0, now);
  const mail = countMail(person.made === "invited" && person.email ? [person.email] : [], now);
  const mailTo = await writeRoster(db, team.id, people, {
    before: [
      ...newAccounts(people, now),
      ...(person.made === "invited" ? countWithinLimit(INVITED_ACCOUNTS_LIMIT, by.id, now, 1) : []),
    ],
    teamId: team.teamId,
    mail,
    invites: { by: by.id, count: person.made === "invited" ? 1 : 0 },
    now,
  });
  return {
    answer: { player: { id: person.id, name: person.name } },
    changes: [],
    mail: [rosterMail(mailTo, { name: team.teamName, season: team }, people, team.captainId)],
  };
}
