// A season's teams in-process: a team made with its captain (an account there is, or an invited one made for a new
// e-mail) and its players (accounts, invited accounts and guests), a player added to a roster by the secretary or
// the team's captain, and every refusal — with nothing written by one. The HTTP contract (who may, status codes,
// JSON, the races through the Worker) is tests/league-teams.test.ts's.
import { expect, test } from "vitest";
import { uniqueEmail } from "../../../../test-support/accounts.ts";
import { buildLeague } from "../../../../test-support/leagues.ts";
import { type Account, answered, bodyChecked, useServiceDb } from "../../../../test-support/services.ts";
import { CreateTeamSchema, LEAGUE_MESSAGES, RosterPlayerSchema } from "~/features/leagues/domain/leagues.ts";
import { rosterTeamQuery, teamSeasonQuery } from "./teams.server.ts";
import { addRosterPlayer, createTeam } from "./use-cases.server.ts";

const s = useServiceDb();

const winter = { name: "Winter 2026", night: "tuesday", startDate: "2026-09-01" };

/** A secretary's league with a draft season and its divisions, made as their routes make them. */
const seasonOf = (secretary: Account, divisionNames = ["Premier", "Division One"]) =>
  buildLeague(s, secretary, {
    name: "Valley League",
    season: winter,
    divisions: divisionNames.map((name) => [name, []]),
    fixtures: false,
  });

/** POST /api/seasons/{id}/teams: the season read by id, the body as the route checks it. */
async function newTeam(secretary: Account, seasonId: string, body: Record<string, unknown>) {
  const season = await s.sender.send(teamSeasonQuery(seasonId));
  const fields = CreateTeamSchema.parse(body);
  return (await s.perform(createTeam, { organiserId: secretary.id, season, fields })).team;
}

/** POST /api/seasons/{id}/teams/{teamId}/players: the team read by ids, the body as the route checks it. */
async function newPlayer(
  by: Account & { userType?: string },
  seasonId: string,
  teamId: string,
  body: Record<string, unknown>,
) {
  const team = await s.sender.send(rosterTeamQuery(seasonId, teamId));
  const fields = RosterPlayerSchema.parse(body);
  const caller = { id: by.id, userType: by.userType ?? "player" };
  return (await s.perform(addRosterPlayer, { by: caller, team, fields })).player;
}

const organiser = async (name?: string) => ({ ...(await s.organiser(name)), userType: "organiser" });

/** What a season holds: its teams, its roster rows. */
const held = async (seasonId: string) => ({
  teams: await s.count("league_teams", "season_id = ?", [seasonId]),
  roster: await s.count("league_roster", "season_id = ?", [seasonId]),
});

const accountOf = async (email: string) =>
  s.rows<{ id: string; name: string; password_hash: string; guest: number; password_reset_token: string | null }>(
    "select id, name, password_hash, guest, password_reset_token from players where email = ?",
    [email],
  );

test("an invited captain: an account for the new e-mail, no password, on the roster, invited by e-mail", async () => {
  const secretary = await organiser("Sue Secretary");
  const { season, divisions } = await seasonOf(secretary);
  const email = uniqueEmail("new-captain");
  const team = await newTeam(secretary, season.id, {
    name: "Crown A",
    divisionId: divisions[0]?.id,
    venue: "The Crown",
    captain: { email: `  ${email.toUpperCase()} `, name: "Cath Captain" },
  });
  const [account] = await accountOf(email);
  expect(account).toMatchObject({ name: "Cath Captain", password_hash: "", guest: 0 });
  expect(account?.password_reset_token).toEqual(expect.any(String));
  expect(team).toEqual({
    id: expect.any(String),
    name: "Crown A",
    divisionId: divisions[0]?.id,
    venue: "The Crown",
    captainId: account?.id,
    players: [{ id: account?.id, name: "Cath Captain" }],
  });
  expect(await s.rows("select team_id, player_id from league_roster where season_id = ?", [season.id])).toEqual([
    { team_id: team.id, player_id: account?.id },
  ]);
  expect(await s.rows("select captain_id from league_teams where id = ?", [team.id])).toEqual([
    { captain_id: account?.id },
  ]);
  const mail = await s.outbox(email);
  expect(mail).toHaveLength(1);
  expect(mail[0]?.subject).toBe("You're the captain of Crown A — Valley League — Winter 2026");
  expect(mail[0]?.text).toContain("/welcome?");
  expect(mail[0]?.text).toContain("Set a password");

  // Named by e-mail alone, an invited captain is called by the e-mail's local part.
  const bare = uniqueEmail("bare");
  const unnamed = await newTeam(secretary, season.id, {
    name: "Crown B",
    divisionId: divisions[0]?.id,
    venue: "The Crown",
    captain: { email: bare, name: "  " },
  });
  expect(unnamed.players).toEqual([{ id: unnamed.captainId, name: expect.stringMatching(/^bare-/) }]);
});

test("an existing captain: their own account and name, told of their team without an invitation", async () => {
  const secretary = await organiser();
  const cath = await s.player("Cath Captain");
  const { season, divisions } = await seasonOf(secretary);
  const team = await newTeam(secretary, season.id, {
    name: "Anchor",
    divisionId: divisions[1]?.id,
    venue: "Anchor Inn",
    captain: { email: cath.email, name: "Someone Else" },
  });
  expect(team).toMatchObject({ captainId: cath.id, players: [{ id: cath.id, name: "Cath Captain" }] });
  expect(await accountOf(cath.email)).toHaveLength(1);
  const mail = await s.outbox(cath.email);
  expect(mail.map((m) => m.subject)).toEqual(["You're the captain of Anchor — Valley League — Winter 2026"]);
  expect(mail[0]?.text).not.toContain("/welcome?");
});

test("players: accounts by e-mail, invited ones for new e-mails, guests by name; the captain once", async () => {
  const secretary = await organiser();
  const cath = await s.player("Cath Captain");
  const pete = await s.player("Pete Player");
  const { season, divisions } = await seasonOf(secretary);
  const ned = uniqueEmail("ned");
  const team = await newTeam(secretary, season.id, {
    name: "Bell",
    divisionId: divisions[0]?.id,
    venue: "Bell",
    captain: { email: cath.email },
    players: [
      { name: "Gus Guest" },
      { name: "Gail Guest", email: "" },
      { name: "Cath Again", email: cath.email.toUpperCase() },
      { name: "Pete", email: pete.email },
      { name: "Ned New", email: ned },
    ],
  });
  expect(team.players.map((p) => p.name)).toEqual([
    "Cath Captain",
    "Gus Guest",
    "Gail Guest",
    "Pete Player",
    "Ned New",
  ]);
  expect(team.players[0]?.id).toBe(cath.id);
  expect(team.players[3]?.id).toBe(pete.id);
  expect(await held(season.id)).toEqual({ teams: 1, roster: 5 });

  const guests = await s.rows<{ name: string; guest: number; email: string; password_hash: string }>(
    "select name, guest, email, password_hash from players where id in (?, ?) order by name",
    [team.players[1]?.id ?? "", team.players[2]?.id ?? ""],
  );
  expect(guests.map((g) => [g.name, g.guest, g.password_hash])).toEqual([
    ["Gail Guest", 1, ""],
    ["Gus Guest", 1, ""],
  ]);
  expect(guests.every((g) => g.email.endsWith(".invalid"))).toBe(true);
  const [invited] = await accountOf(ned);
  expect(invited).toMatchObject({ id: team.players[4]?.id, name: "Ned New", password_hash: "", guest: 0 });

  // The captain told once, the invited player invited; nobody else written to.
  expect((await s.outbox(cath.email)).map((m) => m.subject)).toEqual([
    "You're the captain of Bell — Valley League — Winter 2026",
  ]);
  const nedMail = await s.outbox(ned);
  expect(nedMail.map((m) => m.subject)).toEqual(["You're on Bell — Valley League — Winter 2026"]);
  expect(nedMail[0]?.text).toContain("/welcome?");
  expect(await s.outbox(pete.email)).toEqual([]);
  expect(await s.count("outbox", "to_address like '%.invalid'")).toBe(0);
});

test("a team's refusals: each says why, and nothing is written", async () => {
  const secretary = await organiser();
  const cath = await s.player("Cath Captain");
  const { season, divisions } = await seasonOf(secretary);
  const elsewhere = await seasonOf(secretary, ["Elsewhere"]);
  const premier = divisions[0]?.id;
  const base = { name: "Fox", divisionId: premier, venue: "Fox Inn", captain: { email: cath.email } };
  const mailBefore = await s.count("outbox");
  const accountsBefore = await s.count("players");

  const dup = uniqueEmail("dup");
  expect(
    await answered(
      newTeam(secretary, season.id, {
        ...base,
        players: [
          { name: "One", email: dup },
          { name: "Two", email: dup.toUpperCase() },
        ],
      }),
    ),
  ).toEqual({ status: 400, message: LEAGUE_MESSAGES.sameEmailTwice });
  expect(
    await answered(newTeam(secretary, season.id, { ...base, players: [{ name: "Nobody", email: "x@pub.invalid" }] })),
  ).toEqual({ status: 400, message: LEAGUE_MESSAGES.undeliverable("x@pub.invalid") });
  expect(
    await answered(newTeam(secretary, season.id, { ...base, captain: { email: "guest-1@guests.invalid" } })),
  ).toEqual({ status: 400, message: LEAGUE_MESSAGES.undeliverable("guest-1@guests.invalid") });
  expect(await answered(newTeam(secretary, season.id, { ...base, divisionId: elsewhere.divisions[0]?.id }))).toEqual({
    status: 400,
    message: LEAGUE_MESSAGES.divisionNotInSeason,
  });
  expect(await answered(newTeam(secretary, season.id, { ...base, divisionId: "x".repeat(200) }))).toEqual({
    status: 400,
    message: LEAGUE_MESSAGES.divisionNotInSeason,
  });
  const rival = await organiser("Rita Rival");
  expect(await answered(newTeam(rival, season.id, base))).toEqual({
    status: 403,
    message: LEAGUE_MESSAGES.notYourLeague,
  });
  expect(await answered(newTeam(secretary, "no-such-season", base))).toEqual({
    status: 404,
    message: LEAGUE_MESSAGES.seasonNotFound,
  });
  expect(await answered(newTeam(secretary, "x".repeat(200), base))).toEqual({
    status: 404,
    message: LEAGUE_MESSAGES.seasonNotFound,
  });
  expect(await held(season.id)).toEqual({ teams: 0, roster: 0 });
  expect(await s.count("players")).toBe(accountsBefore);
  expect(await s.count("outbox")).toBe(mailBefore);

  const finished = await seasonOf(secretary);
  await s.rows("update seasons set status = 'finished' where id = ?", [finished.season.id]);
  expect(
    await answered(newTeam(secretary, finished.season.id, { ...base, divisionId: finished.divisions[0]?.id })),
  ).toEqual({ status: 409, message: LEAGUE_MESSAGES.seasonFinished });
  expect(await held(finished.season.id)).toEqual({ teams: 0, roster: 0 });
});

test("a name once a season in any case or Unicode form; a person on one team, the 409 naming them", async () => {
  const secretary = await organiser();
  const cath = await s.player("Cath Captain");
  const pete = await s.player("Pete Player");
  const { season, divisions } = await seasonOf(secretary);
  const premier = divisions[0]?.id;
  const cafe = await newTeam(secretary, season.id, {
    name: "Café Royal",
    divisionId: premier,
    venue: "Café",
    captain: { email: cath.email },
    players: [{ name: "Pete", email: pete.email }],
  });
  const captain = () => ({ email: uniqueEmail("cap") });
  const taken = { status: 409, message: LEAGUE_MESSAGES.teamNameTaken };
  for (const name of ["CAFÉ ROYAL", "cafe\u0301 royal", "  Café Royal  "]) {
    expect(
      await answered(
        newTeam(secretary, season.id, { name, divisionId: divisions[1]?.id, venue: "x", captain: captain() }),
      ),
      name,
    ).toEqual(taken);
  }

  // Pete is on Café Royal: a new team naming him is refused whole — no team, no invited account, no e-mail.
  const accountsBefore = await s.count("players");
  const mailBefore = await s.count("outbox");
  const newCaptain = captain();
  const newMate = uniqueEmail("mate");
  expect(
    await answered(
      newTeam(secretary, season.id, {
        name: "Fox",
        divisionId: premier,
        venue: "Fox",
        captain: newCaptain,
        players: [{ name: "Gus Guest" }, { name: "Max", email: newMate }, { name: "Pete", email: pete.email }],
      }),
    ),
  ).toEqual({ status: 409, message: LEAGUE_MESSAGES.alreadyOnTeam("Pete Player", "Café Royal") });
  // Their captain too.
  expect(
    await answered(
      newTeam(secretary, season.id, { name: "Fox", divisionId: premier, venue: "Fox", captain: { email: cath.email } }),
    ),
  ).toEqual({ status: 409, message: LEAGUE_MESSAGES.alreadyOnTeam("Cath Captain", "Café Royal") });
  expect(await held(season.id)).toEqual({ teams: 1, roster: 2 });
  expect(await s.count("players")).toBe(accountsBefore);
  expect(await accountOf(newCaptain.email)).toEqual([]);
  expect(await accountOf(newMate)).toEqual([]);
  expect(await s.count("outbox")).toBe(mailBefore);

  // Another season of the league may have them, by the same name.
  const next = await seasonOf(secretary, ["Premier"]);
  const again = await newTeam(secretary, next.season.id, {
    name: "Café Royal",
    divisionId: next.divisions[0]?.id,
    venue: "Café",
    captain: { email: pete.email },
    players: [{ name: "Cath", email: cath.email }],
  });
  expect(again.players.map((p) => p.id)).toEqual([pete.id, cath.id]);
  expect(cafe.id).not.toBe(again.id);
});

test("two teams at once naming one player, or one name: one wins, the other is told why", async () => {
  const secretary = await organiser();
  const pete = await s.player("Pete Player");
  const { season, divisions } = await seasonOf(secretary);
  const team = (name: string, players: Record<string, unknown>[] = []) =>
    answered(
      newTeam(secretary, season.id, {
        name,
        divisionId: divisions[0]?.id,
        venue: name,
        captain: { email: uniqueEmail("cap") },
        players,
      }),
    );
  const both = await Promise.all([
    team("Anchor", [{ name: "P", email: pete.email }]),
    team("Bell", [{ name: "P", email: pete.email }]),
  ]);
  expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
  const [onTeam] = await s.rows<{ name: string }>(
    "select t.name from league_roster r join league_teams t on t.id = r.team_id where r.player_id = ?",
    [pete.id],
  );
  expect(both.find((a) => a.status === 409)?.message).toBe(
    LEAGUE_MESSAGES.alreadyOnTeam("Pete Player", onTeam?.name ?? ""),
  );
  expect(await held(season.id)).toEqual({ teams: 1, roster: 2 });

  // A new e-mail named by both: one invited account, on the team that won, and the other told who and where.
  const ned = uniqueEmail("ned");
  const fresh = await Promise.all([
    team("Eagle", [{ name: "Ned New", email: ned }]),
    team("Fox", [{ name: "Ned New", email: ned }]),
  ]);
  expect(fresh.map((a) => a.status).sort()).toEqual([200, 409]);
  const [nedOn] = await s.rows<{ name: string }>(
    "select t.name from league_roster r join league_teams t on t.id = r.team_id join players p on p.id = r.player_id " +
      "where p.email = ?",
    [ned],
  );
  expect(fresh.find((a) => a.status === 409)?.message).toBe(
    LEAGUE_MESSAGES.alreadyOnTeam("Ned New", nedOn?.name ?? ""),
  );
  expect(await accountOf(ned)).toHaveLength(1);
  expect(await held(season.id)).toEqual({ teams: 2, roster: 4 });

  const named = await Promise.all([team("Crown"), team("CROWN")]);
  expect(named.map((a) => a.status).sort()).toEqual([200, 409]);
  expect(named.find((a) => a.status === 409)?.message).toBe(LEAGUE_MESSAGES.teamNameTaken);
  expect(await held(season.id)).toEqual({ teams: 3, roster: 5 });
});

test("a roster's player: added by the secretary or the team's captain, refused to anyone else", async () => {
  const secretary = await organiser();
  const cath = await s.player("Cath Captain");
  const dan = await s.player("Dan Captain");
  const pete = await s.player("Pete Player");
  const { season, divisions } = await seasonOf(secretary);
  const crown = await newTeam(secretary, season.id, {
    name: "Crown",
    divisionId: divisions[0]?.id,
    venue: "Crown",
    captain: { email: cath.email },
  });
  const dog = await newTeam(secretary, season.id, {
    name: "Dog",
    divisionId: divisions[0]?.id,
    venue: "Dog",
    captain: { email: dan.email },
  });

  expect(await newPlayer(cath, season.id, crown.id, { name: "Gus Guest" })).toEqual({
    id: expect.any(String),
    name: "Gus Guest",
  });
  expect(await newPlayer(secretary, season.id, crown.id, { name: "P", email: pete.email })).toEqual({
    id: pete.id,
    name: "Pete Player",
  });
  const ned = uniqueEmail("ned");
  const invited = await newPlayer(cath, season.id, crown.id, { name: "Ned New", email: ned });
  expect((await accountOf(ned))[0]).toMatchObject({ id: invited.id, password_hash: "", guest: 0 });
  expect((await s.outbox(ned)).map((m) => m.subject)).toEqual(["You're on Crown — Valley League — Winter 2026"]);
  expect(await s.count("league_roster", "team_id = ?", [crown.id])).toBe(4);

  const notYours = { status: 403, message: LEAGUE_MESSAGES.notYourTeam };
  expect(await answered(newPlayer(dan, season.id, crown.id, { name: "Sly" }))).toEqual(notYours);
  expect(await answered(newPlayer(pete, season.id, crown.id, { name: "Sly" }))).toEqual(notYours);
  expect(await answered(newPlayer(await organiser("Rita Rival"), season.id, crown.id, { name: "Sly" }))).toEqual(
    notYours,
  );
  // Cath is a player: as an organiser with her id she would be no secretary either.
  expect(await answered(newPlayer({ ...cath, userType: "organiser" }, season.id, crown.id, { name: "Sly" }))).toEqual(
    notYours,
  );
  const noTeam = { status: 404, message: LEAGUE_MESSAGES.teamNotFound };
  expect(await answered(newPlayer(cath, season.id, "no-such-team", { name: "Sly" }))).toEqual(noTeam);
  expect(await answered(newPlayer(cath, "x".repeat(200), crown.id, { name: "Sly" }))).toEqual(noTeam);
  const other = await seasonOf(secretary, ["Premier"]);
  expect(await answered(newPlayer(secretary, other.season.id, crown.id, { name: "Sly" }))).toEqual(noTeam);

  // On one team a season: Pete is on Crown, Dan captains Dog.
  expect(await answered(newPlayer(dan, season.id, dog.id, { name: "P", email: pete.email }))).toEqual({
    status: 409,
    message: LEAGUE_MESSAGES.alreadyOnTeam("Pete Player", "Crown"),
  });
  expect(await answered(newPlayer(secretary, season.id, crown.id, { name: "D", email: dan.email }))).toEqual({
    status: 409,
    message: LEAGUE_MESSAGES.alreadyOnTeam("Dan Captain", "Dog"),
  });
  expect(await answered(newPlayer(cath, season.id, crown.id, { name: "x", email: "a@b.invalid" }))).toEqual({
    status: 400,
    message: LEAGUE_MESSAGES.undeliverable("a@b.invalid"),
  });
  await s.rows("update seasons set status = 'finished' where id = ?", [season.id]);
  expect(await answered(newPlayer(cath, season.id, crown.id, { name: "Late" }))).toEqual({
    status: 409,
    message: LEAGUE_MESSAGES.seasonFinished,
  });
  expect(await held(season.id)).toEqual({ teams: 2, roster: 5 });
  expect(await s.count("players", "name in ('Sly', 'Late')")).toBe(0);
});

test("new e-mails count against the adder's hour: past 30 a team or player is a 429, nothing written", async () => {
  const secretary = await organiser();
  const { season, divisions } = await seasonOf(secretary);
  const tooMany = await answered(
    newTeam(secretary, season.id, {
      name: "Crowd",
      divisionId: divisions[0]?.id,
      venue: "Crowd",
      captain: { email: uniqueEmail("crowd") },
      players: Array.from({ length: 30 }, (_, i) => ({ name: `New ${i}`, email: uniqueEmail(`crowd${i}`) })),
    }),
  );
  expect(tooMany).toEqual({
    status: 429,
    message: expect.stringMatching(/^You can invite at most 30 new players an hour/),
  });
  expect(await held(season.id)).toEqual({ teams: 0, roster: 0 });
  expect(await s.count("players", "name like 'New %'")).toBe(0);

  // 30 is within the hour; the next new e-mail, by the secretary or the captain, is not (a guest still is).
  const team = await newTeam(secretary, season.id, {
    name: "Crowd",
    divisionId: divisions[0]?.id,
    venue: "Crowd",
    captain: { email: uniqueEmail("crowd") },
    players: Array.from({ length: 29 }, (_, i) => ({ name: `New ${i}`, email: uniqueEmail(`crowd${i}`) })),
  });
  expect(team.players).toHaveLength(30);
  expect(
    await answered(newPlayer(secretary, season.id, team.id, { name: "One More", email: uniqueEmail("more") })),
  ).toEqual({ status: 429, message: expect.stringMatching(/^You can invite at most 30 new players an hour/) });
  expect(await newPlayer(secretary, season.id, team.id, { name: "A Guest" })).toMatchObject({ name: "A Guest" });
  expect(await held(season.id)).toEqual({ teams: 1, roster: 31 });

  // One left in the hour, two at once: one is added, the other refused by the batch's guard with the same 429.
  const busy = await organiser("Busy Secretary");
  const other = await seasonOf(busy, ["Premier"]);
  const full = await newTeam(busy, other.season.id, {
    name: "Nearly",
    divisionId: other.divisions[0]?.id,
    venue: "Nearly",
    captain: { email: uniqueEmail("nearly") },
    players: Array.from({ length: 28 }, (_, i) => ({ name: `Near ${i}`, email: uniqueEmail(`near${i}`) })),
  });
  const both = await Promise.all(
    ["Last A", "Last B"].map((name) =>
      answered(newPlayer(busy, other.season.id, full.id, { name, email: uniqueEmail("last") })),
    ),
  );
  expect(both.map((a) => a.status).sort()).toEqual([200, 429]);
  expect(both.find((a) => a.status === 429)?.message).toMatch(/^You can invite at most 30 new players an hour/);
  expect(await s.count("league_roster", "team_id = ?", [full.id])).toBe(30);
  expect(await s.count("players", "name in ('Last A', 'Last B')")).toBe(1);
});

test("the team and roster bodies' checks: each refusal a 400 that says what is wrong", async () => {
  const team = { name: "Crown", divisionId: "d", venue: "The Crown", captain: { email: "cath@example.com" } };
  const cases: [schema: Parameters<typeof bodyChecked>[0], body: unknown, message: string][] = [
    [CreateTeamSchema, { ...team, name: "" }, "Team name is required"],
    [CreateTeamSchema, { ...team, name: 42 }, "Team name is required"],
    [CreateTeamSchema, { ...team, name: "x".repeat(61) }, "Team name must be at most 60 characters"],
    [CreateTeamSchema, { ...team, divisionId: "" }, "Choose the team's division"],
    [CreateTeamSchema, { ...team, divisionId: 7 }, "Choose the team's division"],
    [CreateTeamSchema, { ...team, venue: " " }, "Home venue is required"],
    [CreateTeamSchema, { ...team, venue: "x".repeat(101) }, "Home venue must be at most 100 characters"],
    [CreateTeamSchema, { ...team, captain: undefined }, "The captain's e-mail is required"],
    [CreateTeamSchema, { ...team, captain: "cath@example.com" }, "The captain's e-mail is required"],
    [CreateTeamSchema, { ...team, captain: { email: "not an e-mail" } }, "Invalid email address"],
    [CreateTeamSchema, { ...team, captain: {} }, "Invalid email address"],
    [CreateTeamSchema, { ...team, captain: { email: `${"x".repeat(250)}@example.com` } }, "Invalid email address"],
    [CreateTeamSchema, { ...team, players: "Gus" }, "Players must be a list of names (and e-mails)"],
    [CreateTeamSchema, { ...team, players: { name: "Gus" } }, "Players must be a list of names (and e-mails)"],
    [CreateTeamSchema, { ...team, players: [{ name: "" }] }, "Player's name is required"],
    [CreateTeamSchema, { ...team, players: [{ name: "Gus", email: "gus" }] }, "Invalid email address"],
    [
      CreateTeamSchema,
      { ...team, players: Array.from({ length: 41 }, (_, i) => ({ name: `P${i}` })) },
      "A team registers at most 40 players at once",
    ],
    [CreateTeamSchema, null, "Invalid input: expected object, received null"],
    [RosterPlayerSchema, {}, "Player's name is required"],
    [RosterPlayerSchema, { name: "x".repeat(5_000) }, "Player's name must be at most 100 characters"],
    [RosterPlayerSchema, { name: "Gus", email: 42 }, "Invalid email address"],
    [RosterPlayerSchema, { name: "Gus", email: null }, "Invalid email address"],
    [RosterPlayerSchema, { name: "Gus", email: "gus@" }, "Invalid email address"],
    [CreateTeamSchema, { ...team, captain: { email: "c@example.com", name: 42 } }, "Captain's name is required"],
    [CreateTeamSchema, { ...team, players: [{ name: "Gus", email: 42 }] }, "Invalid email address"],
  ];
  for (const [schema, body, message] of cases) {
    expect(await bodyChecked(schema, body), JSON.stringify(body)?.slice(0, 200)).toEqual({ status: 400, message });
  }
  expect(
    await bodyChecked(CreateTeamSchema, { ...team, players: [], captain: { email: "c@example.com", name: "" } }),
  ).toEqual({
    status: 200,
    message: null,
  });
});
