// The security suite, through the real Worker: who may do what
// (every mutating route × every kind of actor), cross-site requests, forged
// sessions, reset tokens, rate limits, stored markup and malformed bodies.
// Every refusal is also checked to have written nothing.
import { createCookieSessionStorage } from "react-router";
import { expect, test } from "vitest";
import { type Account, type TournamentJson, uniqueEmail, useFactories, validTournament } from "./support/factories.ts";
import type { HttpClient } from "./support/http.ts";
import { TEST_SESSION_SECRET, useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

// ---------------------------------------------------------------------------
// The cast: one of each kind of actor, shared by the tests of this file.

type Actor = "visitor" | "player" | "otherPlayer" | "otherDirector" | "owner";
const ACTORS: readonly Actor[] = ["visitor", "player", "otherPlayer", "otherDirector", "owner"];
type Cast = Record<Exclude<Actor, "visitor">, Account>;

let castPromise: Promise<Cast> | undefined;
function cast(): Promise<Cast> {
  castPromise ??= (async () => ({
    player: await f.player("Pat Player"),
    otherPlayer: await f.player("Olly Otherplayer"),
    otherDirector: await f.organiser("Oona Otherdirector"),
    owner: await f.organiser("Dave Owner"),
  }))();
  return castPromise;
}

/** The visitor is a new, empty cookie jar every time. */
const clientOf = (c: Cast, who: Actor): HttpClient => (who === "visitor" ? app.client() : c[who].client);
const idOf = (c: Cast, who: Exclude<Actor, "visitor">) => c[who].id;

// ---------------------------------------------------------------------------
// Helpers.

type Row = Record<string, unknown>;

async function rows(sql: string, ...args: (string | number)[]): Promise<Row[]> {
  const result = await f.sql().execute({ sql, args });
  return result.rows.map((row) => Object.fromEntries(result.columns.map((column, i) => [column, row[i]])));
}

/** Everything the app can write, except the rate-limit counters. */
async function everything(): Promise<Record<string, Row[]>> {
  const tables = [
    "players",
    "organisers",
    "tournaments",
    "tournament_players",
    "matches",
    "tables",
    "payments",
    "payouts",
    "transactions",
    "withdrawals",
    "player_stats",
    "outbox",
  ];
  const entries = await Promise.all(
    tables.map(async (t) => [t, await rows(`select * from ${t} order by rowid`)] as const),
  );
  return Object.fromEntries(entries);
}

/** A tournament and everything hanging off it. */
const playState = (tournamentId: string) =>
  Promise.all([
    rows("select * from tournaments where id = ?", tournamentId),
    rows("select * from matches where tournament_id = ? order by id", tournamentId),
    rows("select * from payouts where tournament_id = ? order by id", tournamentId),
    rows("select * from transactions where tournament_id = ? order by id", tournamentId),
    rows("select * from tournament_players where tournament_id = ? order by id", tournamentId),
  ]);

async function enter(t: TournamentJson, entrants: Account[]): Promise<void> {
  for (const p of entrants) {
    const joined = await p.client.json("POST", "/api/tournaments/join", { tournamentId: t.id });
    expect(joined.status, await joined.clone().text()).toBe(200);
    const { paymentIntentId } = (await joined.json()) as { paymentIntentId: string };
    const paid = await p.client.json("POST", `/api/dev/payments/${paymentIntentId}/confirm`, {
      cardNumber: "4242424242424242",
    });
    expect(paid.status).toBe(200);
  }
}

async function addTable(td: Account, name: string): Promise<{ id: string; accessCode: string }> {
  const response = await td.client.json("POST", "/api/tables", { name });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string; accessCode: string };
}

type Match = { id: string; round: number; player1Id: string | null; player2Id: string | null; status: string };
async function onlyMatch(t: TournamentJson): Promise<Match> {
  const list = (await (await app.client().get(`/api/tournaments/${t.id}/matches`)).json()) as Match[];
  expect(list).toHaveLength(1);
  return list[0]!;
}

/** A two-player tournament of the owner's, both places paid. */
async function twoPlayerTournament(c: Cast, overrides: Record<string, unknown> = {}): Promise<TournamentJson> {
  const t = await f.createTournament(c.owner, { maxPlayers: 2, payoutStructure: "winner_only", ...overrides });
  await enter(t, [c.player, c.otherPlayer]);
  return t;
}

async function latestResetToken(email: string): Promise<string> {
  const mails = (await (await app.client().get("/api/dev/outbox")).json()) as { to: string; text: string }[];
  const mail = mails.find((m) => m.to === email);
  const link = mail?.text.match(/https?:\/\/\S+\/reset-password\?\S+/)?.[0];
  if (!link) throw new Error(`no reset link for ${email}`);
  return new URL(link).searchParams.get("token")!;
}

const html = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

// ---------------------------------------------------------------------------
// 1. The authorisation matrix, JSON API.

type ApiRow = {
  route: string;
  call: (client: HttpClient, who: Actor) => Promise<Response>;
  /** The answer each actor gets; a 2xx marks the rightful ones. */
  status: Record<Actor, number>;
  /** What a refused call must leave exactly as it was. */
  state?: () => Promise<unknown>;
  /** Checks after a rightful call. */
  done?: (who: Exclude<Actor, "visitor">, body: any, before: unknown) => Promise<void>;
};

async function runApiRows(c: Cast, table: ApiRow[]): Promise<void> {
  for (const row of table) {
    for (const who of ACTORS) {
      const label = `${row.route} as ${who}`;
      const before = await row.state?.();
      const response = await row.call(clientOf(c, who), who);
      const expected = row.status[who];
      expect(response.status, label).toBe(expected);
      const body = await response.json();
      if (expected >= 400) {
        expect(body, label).toMatchObject({ message: expect.stringMatching(/\S/) });
        if (expected === 401) expect(body.message, label).toBe("You need to sign in first");
        expect(await row.state?.(), `${label} must write nothing`).toEqual(before);
      } else {
        await row.done?.(who as Exclude<Actor, "visitor">, body, before);
      }
    }
  }
}

const ownerOnly = { visitor: 401, player: 403, otherPlayer: 403, otherDirector: 403, owner: 200 };
const organisersOnly = (ok: number) => ({ visitor: 401, player: 403, otherPlayer: 403, otherDirector: ok, owner: ok });
const playersOnly = (ok: number) => ({ visitor: 401, player: ok, otherPlayer: ok, otherDirector: 403, owner: 403 });

test(`authorisation matrix, JSON API: \
only the tournament's director runs it — start, table, result, preview, finalize, archive, restore`, async () => {
  const c = await cast();
  const t = await twoPlayerTournament(c);
  const ownTable = await addTable(c.owner, "Owner's table");
  const theirTable = await addTable(c.otherDirector, "Other director's table");
  let match: Match | undefined;
  const state = () => playState(t.id);

  await runApiRows(c, [
    {
      route: "POST /api/tournaments/{id}/start",
      call: (client) => client.json("POST", `/api/tournaments/${t.id}/start`),
      status: ownerOnly,
      state,
      done: async (_who, body) => {
        expect(body).toMatchObject({ players: 2, matches: 1 });
        match = await onlyMatch(t);
      },
    },
    {
      route: "PATCH /api/matches/{id}/table",
      // Another director tries with a table of their own; everyone else with the owner's.
      call: (client, who) =>
        client.json("PATCH", `/api/matches/${match!.id}/table`, {
          tableId: who === "otherDirector" ? theirTable.id : ownTable.id,
        }),
      status: ownerOnly,
      state,
      done: async () => {
        expect(await rows("select status, table_id from matches where id = ?", match!.id)).toEqual([
          { status: "in_progress", table_id: ownTable.id },
        ]);
      },
    },
    {
      route: "PATCH /api/matches/{id}",
      call: (client) =>
        client.json("PATCH", `/api/matches/${match!.id}`, {
          winnerId: match!.player1Id,
          player1Score: 3,
          player2Score: 1,
          status: "completed",
        }),
      status: ownerOnly,
      state,
      done: async () => {
        expect(
          await rows("select status, winner_id, player1_score, player2_score from matches where id = ?", match!.id),
        ).toEqual([{ status: "completed", winner_id: match!.player1Id, player1_score: 3, player2_score: 1 }]);
      },
    },
    {
      route: "GET /api/tournaments/{id}/payout-preview",
      call: (client) => client.get(`/api/tournaments/${t.id}/payout-preview`),
      status: ownerOnly,
      done: async (_who, body) => {
        expect(body).toEqual([
          { playerId: match!.player1Id, playerName: expect.any(String), position: "1st", amount: "18.00" },
        ]);
      },
    },
    {
      route: "POST /api/tournaments/{id}/finalize",
      call: (client) => client.json("POST", `/api/tournaments/${t.id}/finalize`),
      status: ownerOnly,
      state,
      done: async () => {
        expect(await rows("select status from tournaments where id = ?", t.id)).toEqual([{ status: "finished" }]);
        expect(await f.count("payouts", "tournament_id = ? and player_id = ?", [t.id, match!.player1Id!])).toBe(1);
      },
    },
  ]);

  // Archive and restore need a tournament in progress.
  const live = await f.createTournament(c.owner);
  await f.sql().execute({
    sql: "update tournaments set status = 'in_progress', started_at = ? where id = ?",
    args: [Date.now(), live.id],
  });
  const liveState = () => rows("select * from tournaments where id = ?", live.id);
  await runApiRows(c, [
    {
      route: "PATCH /api/tournaments/{id}/status (archive)",
      call: (client) => client.json("PATCH", `/api/tournaments/${live.id}/status`, { status: "finished" }),
      status: ownerOnly,
      state: liveState,
      done: async (_who, body) => expect(body).toMatchObject({ id: live.id, status: "finished" }),
    },
    {
      route: "PATCH /api/tournaments/{id}/status (restore)",
      call: (client) => client.json("PATCH", `/api/tournaments/${live.id}/status`, { status: "open" }),
      status: ownerOnly,
      state: liveState,
      done: async (_who, body) => expect(body).toMatchObject({ id: live.id, status: "open" }),
    },
  ]);
});

test(`authorisation matrix, JSON API: \
tables, creating tournaments, joining, paying, money, statistics and lists`, async () => {
  const c = await cast();
  await f.credit("player", c.player.id, 500);
  await f.credit("player", c.otherPlayer.id, 500);
  await f.credit("organiser", c.otherDirector.id, 500);
  await f.credit("organiser", c.owner.id, 500);
  const open = await f.createTournament(c.owner, { name: "Matrix Open" });
  const ownersTable = await addTable(c.owner, "Owner's table to delete");
  let playersIntent = "";

  const idsOf = (body: { id: string }[]) => body.map((x) => x.id).sort();
  const registrationState = () =>
    Promise.all([
      rows("select * from tournament_players where tournament_id = ? order by id", open.id),
      rows("select * from payments where tournament_id = ? order by id", open.id),
    ]);
  const balances = () =>
    Promise.all([
      rows("select id, balance_pence from players where id in (?, ?) order by id", c.player.id, c.otherPlayer.id),
      rows("select id, balance_pence from organisers where id in (?, ?) order by id", c.otherDirector.id, c.owner.id),
      rows("select * from withdrawals order by rowid"),
    ]);

  await runApiRows(c, [
    {
      route: "POST /api/tables",
      call: (client, who) => client.json("POST", "/api/tables", { name: `Matrix table of ${who}` }),
      status: organisersOnly(201),
      state: () => rows("select * from tables order by rowid"),
      done: async (who, body) => {
        expect(await rows("select organiser_id, name from tables where id = ?", body.id)).toEqual([
          { organiser_id: idOf(c, who), name: `Matrix table of ${who}` },
        ]);
      },
    },
    {
      route: "GET /api/tables",
      call: (client) => client.get("/api/tables"),
      status: organisersOnly(200),
      done: async (who, body) => {
        expect(idsOf(body)).toEqual(
          (await rows("select id from tables where organiser_id = ? order by id", idOf(c, who))).map((r) => r.id),
        );
      },
    },
    {
      route: "DELETE /api/tables/{id}",
      call: (client) => client.request(`/api/tables/${ownersTable.id}`, { method: "DELETE" }),
      status: ownerOnly,
      state: () => rows("select * from tables where id = ?", ownersTable.id),
      done: async () => expect(await f.count("tables", "id = ?", [ownersTable.id])).toBe(0),
    },
    {
      route: "POST /api/tournaments",
      call: (client, who) =>
        client.json("POST", "/api/tournaments", { ...validTournament(), name: `Matrix Cup of ${who}` }),
      status: organisersOnly(201),
      state: () => rows("select * from tournaments order by rowid"),
      done: async (who, body) => {
        expect(await rows("select organiser_id, name from tournaments where id = ?", body.id)).toEqual([
          { organiser_id: idOf(c, who), name: `Matrix Cup of ${who}` },
        ]);
      },
    },
    {
      route: "GET /api/tournaments/my",
      call: (client) => client.get("/api/tournaments/my"),
      status: organisersOnly(200),
      done: async (who, body) => {
        expect(body.length).toBeGreaterThan(0);
        expect(idsOf(body)).toEqual(
          (await rows("select id from tournaments where organiser_id = ? order by id", idOf(c, who))).map((r) => r.id),
        );
      },
    },
    {
      route: "POST /api/tournaments/join",
      call: (client) => client.json("POST", "/api/tournaments/join", { tournamentId: open.id }),
      status: playersOnly(200),
      state: registrationState,
      done: async (who, body) => {
        if (who === "player") playersIntent = body.paymentIntentId;
        expect(
          await rows(
            "select paid, payment_intent_id from tournament_players where tournament_id = ? and player_id = ?",
            open.id,
            idOf(c, who),
          ),
        ).toEqual([{ paid: 0, payment_intent_id: body.paymentIntentId }]);
      },
    },
    {
      // Another player's intent is answered as unknown (404), not confirmed.
      route: "POST /api/tournaments/verify-payment",
      call: (client) => client.json("POST", "/api/tournaments/verify-payment", { paymentIntentId: playersIntent }),
      status: { visitor: 401, player: 200, otherPlayer: 404, otherDirector: 403, owner: 403 },
      state: registrationState,
      done: async (_who, body) => expect(body).toMatchObject({ success: false, paid: false }),
    },
    {
      route: "GET /api/tournaments/my-registrations",
      call: (client) => client.get("/api/tournaments/my-registrations"),
      status: playersOnly(200),
      done: async (who, body) => {
        expect(body.map((r: { tournamentId: string }) => r.tournamentId)).toContain(open.id);
        const owners = await rows(
          `select distinct player_id from tournament_players where id in (${body.map(() => "?").join(",")})`,
          ...body.map((r: { registrationId: string }) => r.registrationId),
        );
        expect(owners).toEqual([{ player_id: idOf(c, who) }]);
      },
    },
    {
      route: "POST /api/withdrawals/request",
      call: (client) => client.json("POST", "/api/withdrawals/request", { amount: "1.00" }),
      status: { visitor: 401, player: 200, otherPlayer: 200, otherDirector: 200, owner: 200 },
      state: balances,
      done: async (who, body, before) => {
        expect(body).toMatchObject({ amount: "1.00", fee: "0.03", net: "0.97", status: "pending" });
        // Only the caller's own balance moved.
        const [playersBefore, organisersBefore] = before as Row[][];
        const [playersAfter, organisersAfter] = await balances();
        const expected = [...playersBefore!, ...organisersBefore!].map((r) => ({
          ...r,
          balance_pence: r.id === idOf(c, who) ? Number(r.balance_pence) - 100 : r.balance_pence,
        }));
        expect([...playersAfter!, ...organisersAfter!]).toEqual(expected);
        expect(await rows("select user_id from withdrawals where id = ?", body.id)).toEqual([
          { user_id: idOf(c, who) },
        ]);
      },
    },
    {
      route: "GET /api/transactions",
      call: (client) => client.get("/api/transactions"),
      status: { visitor: 401, player: 200, otherPlayer: 200, otherDirector: 200, owner: 200 },
      done: async (who, body) => {
        expect(body.length).toBeGreaterThan(0);
        const owners = await rows(
          `select distinct user_id from transactions where id in (${body.map(() => "?").join(",")})`,
          ...idsOf(body),
        );
        expect(owners).toEqual([{ user_id: idOf(c, who) }]);
      },
    },
    {
      route: "GET /api/td/{id}/stats",
      call: (client) => client.get(`/api/td/${c.owner.id}/stats`),
      status: ownerOnly,
      done: async (_who, body) => expect(body).toMatchObject({ tournamentsHosted: expect.any(Number) }),
    },
    {
      route: "GET /api/players/{id}/stats",
      call: (client) => client.get(`/api/players/${c.player.id}/stats`),
      status: { visitor: 401, player: 200, otherPlayer: 403, otherDirector: 403, owner: 403 },
      done: async (_who, body) =>
        expect(body).toMatchObject({ tournamentsPlayed: expect.any(Number), totalEarnings: expect.any(String) }),
    },
  ]);
});

// ---------------------------------------------------------------------------
// 1b. The authorisation matrix, page forms (no JavaScript).

type FormOutcome = { location: string | RegExp; toast?: string };
type FormRow = {
  route: string;
  path: string;
  fields: (who: Actor) => Record<string, string>;
  /** What another director gets, and whether that is a refusal. */
  otherDirector: FormOutcome & { refused: boolean };
  owner: FormOutcome;
  state: () => Promise<unknown>;
  done?: (who: "otherDirector" | "owner") => Promise<void>;
};

async function runFormRows(c: Cast, table: FormRow[]): Promise<void> {
  for (const row of table) {
    for (const who of ACTORS) {
      const label = `${row.route} as ${who}`;
      const outcome: FormOutcome & { refused: boolean } =
        who === "visitor"
          ? { location: `/login?${new URLSearchParams({ redirectTo: row.path })}`, refused: true }
          : who === "player" || who === "otherPlayer"
            ? { location: "/player/dashboard", refused: true }
            : who === "otherDirector"
              ? row.otherDirector
              : { ...row.owner, refused: false };
      const client = clientOf(c, who);
      const before = await row.state();
      const response = await client.postForm(row.path, row.fields(who));
      expect(response.status, label).toBe(302);
      const location = response.headers.get("Location") ?? "";
      if (typeof outcome.location === "string") expect(location, label).toBe(outcome.location);
      else expect(location, label).toMatch(outcome.location);
      if (outcome.toast) expect(await html(await client.get(location)), label).toContain(outcome.toast);
      if (outcome.refused) expect(await row.state(), `${label} must write nothing`).toEqual(before);
      else await row.done?.(who as "otherDirector" | "owner");
    }
  }
}

test(`authorisation matrix, page forms: tournament page intents, archive/restore, tables, create — \
visitors to login, players to their dashboard, other directors get an error toast`, async () => {
  const c = await cast();
  const t = await twoPlayerTournament(c, { name: "Form Matrix Cup" });
  const page = `/tournament/${t.slug}`;
  const back = `${page}?tab=bracket`;
  // An action on a match comes back to its card.
  const atMatch = new RegExp(`^${back.replace("?", "\\?")}#match-[0-9a-f-]{36}$`);
  const ownTable = await addTable(c.owner, "Owner's form table");
  const theirTable = await addTable(c.otherDirector, "Other's form table");
  let match: Match | undefined;
  const state = () => playState(t.id);
  const live = await f.createTournament(c.owner, { name: "Archive Matrix Cup" });
  await f.sql().execute({
    sql: "update tournaments set status = 'in_progress', started_at = ? where id = ?",
    args: [Date.now(), live.id],
  });
  const liveState = () => rows("select * from tournaments where id = ?", live.id);
  const doomed = await addTable(c.owner, "Owner's table to delete by form");
  const formTournament = (who: Actor) =>
    Object.fromEntries(
      Object.entries({ ...validTournament(), name: `Form Created Cup ${who}`, intent: "create" }).map(([k, v]) => [
        k,
        String(v),
      ]),
    );

  await runFormRows(c, [
    {
      route: "POST /tournament/{slug}/play intent=start",
      path: `${page}/play`,
      fields: () => ({ intent: "start" }),
      otherDirector: { location: back, toast: "Failed to start tournament", refused: true },
      // Started: the director's first screen during play, the floor (the page's own default for them).
      owner: { location: page, toast: "Tournament started" },
      state,
      done: async () => {
        match = await onlyMatch(t);
      },
    },
    {
      route: "POST /tournament/{slug}/play intent=settings",
      path: `${page}/play`,
      fields: () => ({
        intent: "settings",
        autoAssign: "true",
        noShowMinutes: "12",
        resultsFromTables: "approve",
        breakRule: "alternate",
      }),
      otherDirector: { location: back, toast: "Could not save the settings", refused: true },
      owner: { location: back, toast: "Settings saved" },
      state: () => rows("select * from tournaments where id = ?", t.id),
      done: async () =>
        expect(
          await rows(
            "select auto_assign, no_show_minutes, results_from_tables, break_rule from tournaments where id = ?",
            t.id,
          ),
        ).toEqual([{ auto_assign: 1, no_show_minutes: 12, results_from_tables: "approve", break_rule: "alternate" }]),
    },
    {
      route: "POST /tournament/{slug}/floor intent=assign-table",
      path: `${page}/floor`,
      fields: (who) => ({
        intent: "assign-table",
        matchId: match!.id,
        tableId: who === "otherDirector" ? theirTable.id : ownTable.id,
      }),
      otherDirector: { location: atMatch, toast: "Failed to assign table", refused: true },
      owner: { location: atMatch, toast: "Table assigned" },
      state,
      done: async () =>
        expect(await rows("select table_id from matches where id = ?", match!.id)).toEqual([{ table_id: ownTable.id }]),
    },
    {
      route: "POST /tournament/{slug}/results intent=record-result",
      path: `${page}/results`,
      fields: () => ({
        intent: "record-result",
        matchId: match!.id,
        winnerId: match!.player2Id!,
        player1Score: "1",
        player2Score: "3",
      }),
      otherDirector: { location: atMatch, toast: "Failed to update match", refused: true },
      owner: { location: atMatch, toast: "Result recorded" },
      state,
      done: async () =>
        expect(await rows("select winner_id from matches where id = ?", match!.id)).toEqual([
          { winner_id: match!.player2Id },
        ]),
    },
    {
      route: "POST /tournament/{slug}/play intent=finalize",
      path: `${page}/play`,
      fields: () => ({ intent: "finalize" }),
      otherDirector: { location: back, toast: "Failed to finalize tournament", refused: true },
      owner: { location: page, toast: "Payouts confirmed" },
      state,
      done: async () =>
        expect(await rows("select status from tournaments where id = ?", t.id)).toEqual([{ status: "finished" }]),
    },
    {
      route: "POST /td/tournaments intent=archive",
      path: "/td/tournaments",
      fields: () => ({ intent: "archive", tournamentId: live.id }),
      otherDirector: { location: "/td/tournaments", toast: "Update failed", refused: true },
      owner: { location: "/td/tournaments?tab=archived", toast: "Tournament status has been updated successfully" },
      state: liveState,
      done: async () =>
        expect(await rows("select status from tournaments where id = ?", live.id)).toEqual([{ status: "finished" }]),
    },
    {
      route: "POST /td/tournaments intent=restore",
      path: "/td/tournaments",
      fields: () => ({ intent: "restore", tournamentId: live.id }),
      otherDirector: { location: "/td/tournaments?tab=archived", toast: "Update failed", refused: true },
      owner: { location: "/td/tournaments", toast: "Tournament status has been updated successfully" },
      state: liveState,
      done: async () =>
        expect(await rows("select status from tournaments where id = ?", live.id)).toEqual([{ status: "open" }]),
    },
    {
      // Any director may add a table: it is their own.
      route: "POST /td/tables intent=add",
      path: "/td/tables",
      fields: (who) => ({ intent: "add", name: `Form table of ${who}` }),
      otherDirector: { location: "/td/tables", toast: "New table added successfully", refused: false },
      owner: { location: "/td/tables", toast: "New table added successfully" },
      state: () => rows("select * from tables order by rowid"),
      done: async (who) =>
        expect(await rows("select organiser_id from tables where name = ?", `Form table of ${who}`)).toEqual([
          { organiser_id: idOf(c, who) },
        ]),
    },
    {
      route: "POST /td/tables intent=delete",
      path: "/td/tables",
      fields: () => ({ intent: "delete", tableId: doomed.id }),
      otherDirector: { location: "/td/tables", toast: "You can only delete your own tables", refused: true },
      owner: { location: "/td/tables", toast: "Table removed successfully" },
      state: () => rows("select * from tables where id = ?", doomed.id),
      done: async () => expect(await f.count("tables", "id = ?", [doomed.id])).toBe(0),
    },
    {
      route: "POST /td/create-tournament intent=create",
      path: "/td/create-tournament",
      fields: formTournament,
      otherDirector: { location: /^\/tournament\/form-created-cup-otherdirector-[a-z0-9]{6}$/, refused: false },
      owner: { location: /^\/tournament\/form-created-cup-owner-[a-z0-9]{6}$/ },
      state: () => rows("select * from tournaments order by rowid"),
      done: async (who) =>
        expect(await rows("select organiser_id from tournaments where name = ?", `Form Created Cup ${who}`)).toEqual([
          { organiser_id: idOf(c, who) },
        ]),
    },
  ]);
  expect(await f.balance("player", match!.player2Id!)).toBeGreaterThanOrEqual(1800);
});

// ---------------------------------------------------------------------------
// 2. Cross-origin requests.

test(`cross-origin mutations are refused with 403 and write nothing; \
the same request from the site itself works`, async () => {
  const c = await cast();
  const startable = await twoPlayerTournament(c, { name: "Cross Site Cup" });
  const live = await f.createTournament(c.owner);
  await f.sql().execute({ sql: "update tournaments set status = 'in_progress' where id = ?", args: [live.id] });
  const table = await addTable(c.owner, "Cross-site table");
  const other = await f.createTournament(c.otherDirector, { name: "Joinable Cross Cup" });
  await f.credit("player", c.player.id, 300);
  const credentials = { email: uniqueEmail("cross"), password: "secret1" };
  expect(
    (
      await app
        .client()
        .json("POST", "/api/auth/signup/player", { name: "Cross", ...credentials, confirmPassword: "secret1" })
    ).status,
  ).toBe(201);

  const hostile: [string, Record<string, string>][] = [
    ["Origin: https://evil.example", { Origin: "https://evil.example" }],
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["Origin: null", { Origin: "null" }],
    ["Origin of another port", { Origin: app.url.replace(/:(\d+)$/, (_, port) => `:${Number(port) + 1}`) }],
  ];
  const cases: { name: string; send: (headers: Record<string, string>) => Promise<Response>; ok: number }[] = [
    {
      name: "POST /api/tournaments",
      send: (headers) => c.owner.client.json("POST", "/api/tournaments", validTournament(), { headers }),
      ok: 201,
    },
    {
      name: "PATCH /api/tournaments/{id}/status",
      send: (headers) =>
        c.owner.client.json("PATCH", `/api/tournaments/${live.id}/status`, { status: "finished" }, { headers }),
      ok: 200,
    },
    {
      name: "DELETE /api/tables/{id}",
      send: (headers) => c.owner.client.request(`/api/tables/${table.id}`, { method: "DELETE", headers }),
      ok: 200,
    },
    {
      name: "POST /api/withdrawals/request",
      send: (headers) => c.player.client.json("POST", "/api/withdrawals/request", { amount: "1.00" }, { headers }),
      ok: 200,
    },
    {
      name: "POST /api/tournaments/join",
      send: (headers) =>
        c.otherPlayer.client.json("POST", "/api/tournaments/join", { tournamentId: other.id }, { headers }),
      ok: 200,
    },
    {
      name: "POST /api/auth/login",
      send: (headers) =>
        app.client().json("POST", "/api/auth/login", { ...credentials, userType: "player" }, { headers }),
      ok: 200,
    },
    {
      name: "POST /td/tables (form)",
      send: (headers) => c.owner.client.postForm("/td/tables", { intent: "add", name: "Evil table" }, { headers }),
      ok: 302,
    },
    {
      name: "POST /td/create-tournament (form)",
      send: (headers) =>
        c.owner.client.postForm(
          "/td/create-tournament",
          {
            ...Object.fromEntries(Object.entries(validTournament()).map(([k, v]) => [k, String(v)])),
            intent: "create",
            name: "Cross Site Created",
          },
          { headers },
        ),
      ok: 302,
    },
    {
      name: "POST /tournament/{slug}/play start (form)",
      send: (headers) => c.owner.client.pagePost(`/tournament/${startable.slug}`, { intent: "start" }, { headers }),
      ok: 302,
    },
  ];
  for (const { name, send, ok } of cases) {
    for (const [why, headers] of hostile) {
      const before = await everything();
      const response = await send(headers);
      expect(response.status, `${name} with ${why}`).toBe(403);
      expect(await response.json()).toEqual({ message: "Cross-origin request refused" });
      expect(response.headers.getSetCookie(), `${name} with ${why} sets no cookie`).toEqual([]);
      expect(await everything(), `${name} with ${why} must write nothing`).toEqual(before);
    }
    // The control: from the site itself (its own Origin, Sec-Fetch-Site: same-origin) it goes through.
    expect((await send({ "Sec-Fetch-Site": "same-origin" })).status, `${name} from the site`).toBe(ok);
  }
  expect(await rows("select status from tournaments where id = ?", startable.id)).toEqual([{ status: "in_progress" }]);

  // A cross-site logout is refused too: the session survives.
  const logout = await c.player.client.postForm("/logout", {}, { headers: { Origin: "https://evil.example" } });
  expect(logout.status).toBe(403);
  expect((await c.player.client.get("/api/auth/me")).status).toBe(200);

  // Stripe's webhook is exempt from the Origin check and is signature-checked instead.
  const before = await everything();
  const unsigned = await app.client().request("/api/stripe/webhook", {
    method: "POST",
    body: JSON.stringify({ id: "evt_evil", type: "payment_intent.succeeded", data: { object: { id: "pi_evil" } } }),
    headers: { "Content-Type": "application/json", Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
  });
  expect(unsigned.status).toBe(400);
  expect(await unsigned.json()).toEqual({ message: "Missing Stripe-Signature header" });
  const forged = await app.client().request("/api/stripe/webhook", {
    method: "POST",
    body: JSON.stringify({ id: "evt_evil2", type: "payment_intent.succeeded", data: { object: { id: "pi_evil" } } }),
    headers: {
      "Content-Type": "application/json",
      Origin: "https://evil.example",
      "Stripe-Signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`,
    },
  });
  expect(forged.status).toBe(400);
  expect(await forged.json()).toEqual({ message: "Invalid webhook signature" });
  expect(await everything()).toEqual(before);
  expect(await f.count("processed_webhooks", "event_id in ('evt_evil', 'evt_evil2')")).toBe(0);
});

// ---------------------------------------------------------------------------
// 3. Session tampering.

const sessionStorage = createCookieSessionStorage({
  cookie: { name: "br_session", path: "/", httpOnly: true, sameSite: "lax", secrets: [TEST_SESSION_SECRET] },
});
const foreignStorage = createCookieSessionStorage({
  cookie: { name: "br_session", path: "/", secrets: ["not-the-app-secret-".repeat(3)] },
});

/** A br_session cookie value carrying `data`, signed by `storage`. */
async function sessionCookie(data: Record<string, unknown>, storage = sessionStorage): Promise<string> {
  const session = await storage.getSession();
  for (const [k, v] of Object.entries(data)) session.set(k as never, v as never);
  const header = await storage.commitSession(session);
  return header.slice("br_session=".length, header.indexOf(";"));
}

/** Splits a cookie value into its base64 JSON payload and its signature. */
function splitCookie(value: string): { payload: Record<string, unknown>; signature: string } {
  const raw = decodeURIComponent(value);
  const dot = raw.lastIndexOf(".");
  return {
    payload: JSON.parse(Buffer.from(raw.slice(0, dot), "base64").toString("utf8")),
    signature: raw.slice(dot + 1),
  };
}
const joinCookie = (payload: unknown, signature?: string) =>
  encodeURIComponent(
    Buffer.from(JSON.stringify(payload), "utf8").toString("base64") + (signature === undefined ? "" : `.${signature}`),
  );

async function expectSignedOut(cookie: string, label: string): Promise<void> {
  const client = app.client();
  client.cookies.set("br_session", cookie);
  expect((await client.get("/api/auth/me")).status, `${label}: /api/auth/me`).toBe(401);
  const dashboard = await client.get("/player/dashboard");
  expect(dashboard.headers.get("Location"), `${label}: /player/dashboard`).toBe(
    "/login?redirectTo=%2Fplayer%2Fdashboard",
  );
  expect((await client.get("/td/dashboard")).headers.get("Location"), `${label}: /td/dashboard`).toBe(
    "/login?redirectTo=%2Ftd%2Fdashboard",
  );
  const before = await everything();
  expect(
    (await client.json("POST", "/api/withdrawals/request", { amount: "1.00" })).status,
    `${label}: withdrawal`,
  ).toBe(401);
  expect((await client.json("POST", "/api/tables", { name: "Forged" })).status, `${label}: add table`).toBe(401);
  expect((await client.json("POST", "/api/tournaments", validTournament())).status, `${label}: create tournament`).toBe(
    401,
  );
  expect(await everything(), `${label} must write nothing`).toEqual(before);
}

async function expectSignedIn(cookie: string, id: string, label: string): Promise<void> {
  const client = app.client();
  client.cookies.set("br_session", cookie);
  const me = await client.get("/api/auth/me");
  expect(me.status, label).toBe(200);
  expect(((await me.json()) as { id: string }).id, label).toBe(id);
}

test("forged, altered and foreign-signed session cookies read as signed out", async () => {
  const p = await f.player("Tamper Target");
  await f.credit("player", p.id, 500);
  const td = await f.organiser("Tamper Director");
  const real = p.client.cookies.get("br_session")!;
  const { payload, signature } = splitCookie(real);
  const sessionId = (payload as { sessionId: string }).sessionId;
  expect(payload).toEqual({ sessionId: expect.any(String), userId: p.id, userType: "player" });
  // The controls: the real cookie, and one this file signs with the app's secret, both work.
  await expectSignedIn(real, p.id, "the real cookie");
  await expectSignedIn(
    await sessionCookie({ sessionId, userId: p.id, userType: "player" }),
    p.id,
    "a cookie signed like the app does",
  );
  const [otherSession] = await rows("select id from sessions where user_type = 'organiser' and user_id = ?", td.id);

  const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === "A" ? "B" : "A") + s.slice(at + 1);
  const rawPayload = decodeURIComponent(real).slice(0, decodeURIComponent(real).lastIndexOf("."));
  const forgeries: [string, string][] = [
    ["garbage", "garbage"],
    ["a lone dot", "."],
    ["one character of the signature changed", encodeURIComponent(`${rawPayload}.${flip(signature, 5)}`)],
    ["one character of the payload changed", encodeURIComponent(`${flip(rawPayload, 3)}.${signature}`)],
    ["the signature removed", encodeURIComponent(rawPayload)],
    ["an empty signature", encodeURIComponent(`${rawPayload}.`)],
    ["the payload unsigned", joinCookie(payload)],
    ["userType changed to organiser, old signature kept", joinCookie({ ...payload, userType: "organiser" }, signature)],
    [
      "userId changed to the director's, old signature kept",
      joinCookie({ ...payload, userId: td.id, userType: "organiser" }, signature),
    ],
    [
      "signed with another secret",
      await sessionCookie({ sessionId, userId: p.id, userType: "player" }, foreignStorage),
    ],
    [
      "the director's id, signed with another secret",
      await sessionCookie({ sessionId: otherSession!.id, userId: td.id, userType: "organiser" }, foreignStorage),
    ],
    // Even with the app's own secret, the session must exist and be this account's, of this type.
    [
      "a player's session re-signed as an organiser",
      await sessionCookie({ sessionId, userId: p.id, userType: "organiser" }),
    ],
    [
      "a player's session with an unknown userType",
      await sessionCookie({ sessionId, userId: p.id, userType: "admin" }),
    ],
    [
      "the player's session with the director's id",
      await sessionCookie({ sessionId, userId: td.id, userType: "organiser" }),
    ],
    [
      "the director's session with the player's id",
      await sessionCookie({ sessionId: otherSession!.id, userId: p.id, userType: "player" }),
    ],
    ["an unknown session", await sessionCookie({ sessionId: crypto.randomUUID(), userId: p.id, userType: "player" })],
    ["no session at all (the old cookie)", await sessionCookie({ userId: p.id, userType: "player", version: 0 })],
    [
      "a session id that is not a string",
      await sessionCookie({ sessionId: { $ne: null }, userId: p.id, userType: "player" }),
    ],
    ["an unknown id", await sessionCookie({ sessionId, userId: "no-such-user", userType: "player" })],
    ["an id that is not a string", await sessionCookie({ sessionId, userId: { $ne: null }, userType: "player" })],
  ];
  for (const [label, cookie] of forgeries) await expectSignedOut(cookie, label);
  expect(await f.balance("player", p.id)).toBe(500);
});

test("logging out and resetting the password end the session", async () => {
  // Logout: the browser's cookie is cleared, and the session ends on the server.
  const p = await f.player("Logout Lou");
  await f.credit("player", p.id, 500);
  const copied = p.client.cookies.get("br_session")!;
  await expectSignedIn(copied, p.id, "the copy before the logout");
  const out = await p.client.json("POST", "/api/auth/logout");
  expect(out.status).toBe(200);
  expect(
    out.headers.getSetCookie().some((c) => /^br_session=;/.test(c) && /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c)),
  ).toBe(true);
  expect(p.client.cookies.has("br_session")).toBe(false);
  expect((await p.client.get("/api/auth/me")).status).toBe(401);
  expect((await p.client.json("POST", "/api/tables", { name: "After logout" })).status).toBe(401);
  // A copy of the cookie taken before the logout is refused everywhere, and writes nothing.
  await expectSignedOut(copied, "a copy of the cookie taken before the API logout");
  // The form logout likewise.
  const q = await f.player("Logout Liz");
  const copiedToo = q.client.cookies.get("br_session")!;
  const formOut = await q.client.postForm("/logout", {});
  expect(formOut.headers.get("Location")).toBe("/");
  expect((await q.client.get("/player/dashboard")).headers.get("Location")).toBe(
    "/login?redirectTo=%2Fplayer%2Fdashboard",
  );
  await expectSignedOut(copiedToo, "a copy of the cookie taken before the form logout");

  // A password reset ends every earlier session, wherever it is.
  const r = await f.player("Reset Rita");
  await f.credit("player", r.id, 500);
  const laptop = r.client.cookies.get("br_session")!;
  const phone = app.client();
  expect(
    (await phone.json("POST", "/api/auth/login", { email: r.email, password: "secret1", userType: "player" })).status,
  ).toBe(200);
  const phoneCookie = phone.cookies.get("br_session")!;
  expect((await app.client().json("POST", "/api/auth/forgot-password", { email: r.email })).status).toBe(200);
  const token = await latestResetToken(r.email);
  // Asking for a link alone ends nothing.
  await expectSignedIn(laptop, r.id, "before the reset");
  expect(
    (await app.client().json("POST", "/api/auth/reset-password", { token, email: r.email, password: "newsecret1" }))
      .status,
  ).toBe(200);
  await expectSignedOut(laptop, "the laptop's session after a reset");
  await expectSignedOut(phoneCookie, "the phone's session after a reset");
  const again = app.client();
  expect(
    (await again.json("POST", "/api/auth/login", { email: r.email, password: "newsecret1", userType: "player" }))
      .status,
  ).toBe(200);
  expect((await again.get("/api/auth/me")).status).toBe(200);
  expect(await f.balance("player", r.id)).toBe(500);
});

test("a director's session ended by a reset writes nothing, though its reads start before the check", async () => {
  // Handlers start their reads with the cookie's user while the database
  // confirms the session (one round trip); every write waits for that
  // confirmation. An ended session must get the sign-in answer and write nothing.
  const td = await f.organiser("Reset Director");
  const [a, b] = [await f.player("Reset Entrant A"), await f.player("Reset Entrant B")];
  const open = await f.createTournament(td, { maxPlayers: 2 });
  await enter(open, [a, b]);
  const live = await f.createTournament(td, { maxPlayers: 2 });
  await enter(live, [a, b]);
  expect((await td.client.json("POST", `/api/tournaments/${live.id}/start`)).status).toBe(200);
  const match = await onlyMatch(live);
  const table = await addTable(td, "Reset Table");
  const stale = td.client.cookies.get("br_session")!;
  // A player's too: joining asserts the session inside its first batch.
  const joiner = await f.player("Reset Joiner");
  const third = await f.createTournament(td, { maxPlayers: 4 });
  const staleJoiner = joiner.client.cookies.get("br_session")!;

  for (const account of [td, joiner]) {
    expect((await app.client().json("POST", "/api/auth/forgot-password", { email: account.email })).status).toBe(200);
    const token = await latestResetToken(account.email);
    expect(
      (
        await app
          .client()
          .json("POST", "/api/auth/reset-password", { token, email: account.email, password: "newsecret1" })
      ).status,
    ).toBe(200);
  }

  const client = app.client();
  client.cookies.set("br_session", stale);
  const playerClient = app.client();
  playerClient.cookies.set("br_session", staleJoiner);
  const before = await everything();
  const calls: [string, () => Promise<Response>][] = [
    ["start", () => client.json("POST", `/api/tournaments/${open.id}/start`)],
    ["assign table", () => client.json("PATCH", `/api/matches/${match.id}/table`, { tableId: table.id })],
    ["record result", () => client.json("PATCH", `/api/matches/${match.id}`, { winnerId: match.player1Id })],
    ["finalize", () => client.json("POST", `/api/tournaments/${live.id}/finalize`)],
    ["payout preview", () => client.get(`/api/tournaments/${live.id}/payout-preview`)],
  ];
  for (const [label, call] of calls) expect((await call()).status, label).toBe(401);
  expect((await playerClient.json("POST", "/api/tournaments/join", { tournamentId: third.id })).status, "join").toBe(
    401,
  );
  const joinForm = await playerClient.postForm(`/tournament/${third.slug}/checkout`, { intent: "join" });
  expect(joinForm.headers.get("Location"), "the checkout's join form").toMatch(/^\/login\?redirectTo=/);
  const form = await client.pagePost(`/tournament/${open.slug}`, { intent: "start" });
  expect(form.headers.get("Location"), "the page's start form").toMatch(/^\/login\?redirectTo=/);
  const page = await client.get(`/tournament/${live.slug}?tab=bracket&confirm=finalize`);
  expect(page.status).toBe(200);
  expect(await page.text(), "the bracket page shows no director controls").not.toContain("Record result");
  expect(await everything(), "an ended session must write nothing").toEqual(before);
});

// ---------------------------------------------------------------------------
// 4. Reset tokens.

test("reset tokens: single use, expire, belong to one e-mail and one account", async () => {
  const resetWith = (token: string, email: string, password: string) =>
    app.client().json("POST", "/api/auth/reset-password", { token, email, password });
  const hashes = (email: string) =>
    rows(
      "select 'player' as kind, password_hash, " +
        "(select count(*) from sessions s where s.user_type = 'player' and s.user_id = p.id) as sessions " +
        "from players p where email = ? " +
        "union all select 'organiser', password_hash, " +
        "(select count(*) from sessions s where s.user_type = 'organiser' and s.user_id = o.id) " +
        "from organisers o where email = ?",
      email,
      email,
    );
  const refused = async (response: Response, label: string) => {
    expect(response.status, label).toBe(400);
    expect(await response.json(), label).toEqual({
      message: "This password reset link is invalid or has expired. Please request a new one.",
    });
  };
  const valid = async (token: string, email: string) =>
    (
      (await (
        await app.client().get(`/api/auth/validate-reset-token?${new URLSearchParams({ token, email })}`)
      ).json()) as { valid: boolean }
    ).valid;

  // Reuse after success.
  const a = await f.player("Reuse Ray");
  await app.client().json("POST", "/api/auth/forgot-password", { email: a.email });
  const tokenA = await latestResetToken(a.email);
  expect((await resetWith(tokenA, a.email, "firstnew1")).status).toBe(200);
  const afterFirst = await hashes(a.email);
  await refused(await resetWith(tokenA, a.email, "secondnew2"), "a used token");
  expect(await valid(tokenA, a.email)).toBe(false);
  const reusedForm = await app
    .client()
    .postForm(`/reset-password?${new URLSearchParams({ token: tokenA, email: a.email })}`, {
      token: tokenA,
      email: a.email,
      password: "thirdnew3",
      confirmPassword: "thirdnew3",
    });
  expect(reusedForm.status).toBe(400);
  expect(await html(reusedForm)).toContain("Invalid or Expired Link");
  expect(await hashes(a.email)).toEqual(afterFirst);

  // Expiry.
  const b = await f.player("Expired Ed");
  await app.client().json("POST", "/api/auth/forgot-password", { email: b.email });
  const tokenB = await latestResetToken(b.email);
  await f.sql().execute({
    sql: "update players set password_reset_expires = ? where email = ?",
    args: [Date.now() - 1000, b.email],
  });
  const beforeB = await hashes(b.email);
  expect(await valid(tokenB, b.email)).toBe(false);
  await refused(await resetWith(tokenB, b.email, "expired11"), "an expired token");
  expect(await hashes(b.email)).toEqual(beforeB);

  // A token for another e-mail, while both have a live token.
  const c1 = await f.player("Carol One");
  const c2 = await f.player("Carl Two");
  for (const email of [c1.email, c2.email]) await app.client().json("POST", "/api/auth/forgot-password", { email });
  const token1 = await latestResetToken(c1.email);
  const before2 = await hashes(c2.email);
  expect(await valid(token1, c2.email)).toBe(false);
  await refused(await resetWith(token1, c2.email, "stolen111"), "c1's token with c2's e-mail");
  await refused(
    await resetWith(token1, c2.email.toUpperCase(), "stolen111"),
    "c1's token with c2's e-mail in capitals",
  );
  await refused(await resetWith(`${token1}x`, c1.email, "stolen111"), "a token with a character added");
  await refused(await resetWith(token1.slice(0, -1), c1.email, "stolen111"), "a token with a character missing");
  expect(await hashes(c2.email)).toEqual(before2);
  // The failed tries did not burn c1's token.
  expect((await resetWith(token1, c1.email, "rightful1")).status).toBe(200);

  // One e-mail, two accounts: the player's link does not reset the director's password.
  const shared = uniqueEmail("shared");
  const both = { email: shared, password: "secret1", confirmPassword: "secret1" };
  expect((await app.client().json("POST", "/api/auth/signup/player", { name: "Sam Shared", ...both })).status).toBe(
    201,
  );
  expect(
    (
      await app.client().json("POST", "/api/auth/signup/organiser", {
        organisationName: "Shared Club",
        venue: "The Shared",
        name: "Sam Shared",
        ...both,
      })
    ).status,
  ).toBe(201);
  await app.client().json("POST", "/api/auth/forgot-password", { email: shared });
  const mails = ((await (await app.client().get("/api/dev/outbox")).json()) as { to: string; text: string }[]).filter(
    (m) => m.to === shared,
  );
  expect(mails).toHaveLength(2);
  const playerMail = mails.find((m) => m.text.includes("player account"))!;
  const playerToken = new URL(playerMail.text.match(/https?:\/\/\S+\/reset-password\?\S+/)![0]).searchParams.get(
    "token",
  )!;
  const [, organiserBefore] = await hashes(shared);
  expect((await resetWith(playerToken, shared, "onlyplayer1")).status).toBe(200);
  const [playerAfter, organiserAfter] = await hashes(shared);
  // The player's reset ended the player's sessions only.
  expect(playerAfter).toMatchObject({ kind: "player", sessions: 0 });
  expect(organiserAfter).toMatchObject({ kind: "organiser", sessions: 1 });
  expect(organiserAfter).toEqual(organiserBefore);
  expect(
    (
      await app
        .client()
        .json("POST", "/api/auth/login", { email: shared, password: "onlyplayer1", userType: "organiser" })
    ).status,
  ).toBe(401);
});

// ---------------------------------------------------------------------------
// 5. Rate limits.

test("login is limited to 10 tries per 15 minutes per client and e-mail, with a clear 429", async () => {
  const p = await f.player("Limited Lee");
  const login = (email: string, password: string) =>
    app.client().json("POST", "/api/auth/login", { email, password, userType: "player" });
  for (let i = 0; i < 10; i++) expect((await login(p.email, "wrong-password")).status, `try ${i + 1}`).toBe(401);
  const limited = await login(p.email, "secret1");
  expect(limited.status).toBe(429);
  expect(await limited.json()).toEqual({ message: "Too many attempts. Please wait a few minutes and try again." });
  expect(limited.headers.getSetCookie().filter((c) => c.startsWith("br_session="))).toEqual([]);
  // Capitals and spaces are the same e-mail.
  expect((await login(`  ${p.email.toUpperCase()}  `, "secret1")).status).toBe(429);
  const form = await app.client().postForm("/login", { email: p.email, password: "secret1", userType: "player" });
  expect(form.status).toBe(429);
  expect(await html(form)).toContain("Too many attempts. Please wait a few minutes and try again.");
  expect(form.headers.getSetCookie().filter((c) => c.startsWith("br_session="))).toEqual([]);
  // One window of 15 minutes for this client and e-mail.
  const windows = await rows(
    "select key, count, window_ends_at from rate_limits where key like 'login:%' and key like ?",
    `%:${p.email}`,
  );
  expect(windows).toHaveLength(1);
  const left = Number(windows[0]!.window_ends_at) - Date.now();
  expect(left).toBeGreaterThan(14 * 60_000);
  expect(left).toBeLessThanOrEqual(15 * 60_000);
  // Another e-mail from the same client is not limited.
  const q = await f.player("Unlimited Una");
  expect((await login(q.email, "secret1")).status).toBe(200);
  // X-Forwarded-For does not make a new client; another client address does (Cloudflare sets
  // CF-Connecting-IP; here X-Test-Client-Address stands for a second client).
  const right = { email: p.email, password: "secret1", userType: "player" };
  expect(
    (await app.client().json("POST", "/api/auth/login", right, { headers: { "X-Forwarded-For": "203.0.113.8" } }))
      .status,
  ).toBe(429);
  // Another address is a new client, but the account itself has had 10 failures: it is
  // locked for everyone until its window passes (see security-hardening.test.ts).
  const elsewhere = await app
    .client()
    .json("POST", "/api/auth/login", right, { headers: { "X-Test-Client-Address": "203.0.113.7" } });
  expect(elsewhere.status).toBe(429);
  expect(await elsewhere.json()).toEqual({
    message: expect.stringMatching(/^Too many failed sign-ins for this account\. Try again in 1[45] minutes\.$/),
  });
  // Once the windows have passed, the right password works again.
  await f.sql().execute({
    sql: "update rate_limits set window_ends_at = ? where key like ?",
    args: [Date.now() - 1, `%:${p.email}`],
  });
  expect((await login(p.email, "secret1")).status).toBe(200);
});

test(`forgot-password is limited to 5 per hour per client and e-mail, \
with a clear 429 and no further e-mail`, async () => {
  const p = await f.player("Forgetful Fay");
  const ask = () => app.client().json("POST", "/api/auth/forgot-password", { email: p.email });
  for (let i = 0; i < 5; i++) expect((await ask()).status, `request ${i + 1}`).toBe(200);
  const limited = await ask();
  expect(limited.status).toBe(429);
  expect(await limited.json()).toEqual({ message: "Too many attempts. Please wait a few minutes and try again." });
  expect((await app.client().json("POST", "/api/auth/forgot-password", { email: p.email.toUpperCase() })).status).toBe(
    429,
  );
  const form = await app.client().postForm("/forgot-password", { email: p.email });
  expect(form.status).toBe(429);
  expect(await html(form)).toContain("Too many attempts. Please wait a few minutes and try again.");
  expect(await f.count("outbox", "to_address = ?", [p.email])).toBe(5);
  const windows = await rows(
    "select window_ends_at from rate_limits where key like 'forgot:%' and key like ?",
    `%:${p.email}`,
  );
  expect(windows).toHaveLength(1);
  const left = Number(windows[0]!.window_ends_at) - Date.now();
  expect(left).toBeGreaterThan(59 * 60_000);
  expect(left).toBeLessThanOrEqual(60 * 60_000);
  // Another client address has its own window.
  expect(
    (
      await app
        .client()
        .json(
          "POST",
          "/api/auth/forgot-password",
          { email: p.email },
          { headers: { "X-Test-Client-Address": "203.0.113.7" } },
        )
    ).status,
  ).toBe(200);
  expect(await f.count("outbox", "to_address = ?", [p.email])).toBe(6);
});

// ---------------------------------------------------------------------------
// 6. Stored markup is shown as text everywhere.

const markup = (field: string) => `${field}<script>alert(1)</script><img src=x onerror=alert(1)>`;
/** How a value must look in the page: as text. */
const asText = (value: string) => value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

test("markup stored in every free-text field is inert on every page that shows it", async () => {
  const v = {
    orgName: markup("OrgName"),
    orgVenue: markup("OrgVenue"),
    tdName: markup("TdName"),
    name: markup("TName"),
    venue: markup("TVenue"),
    rules: markup("TRules"),
    format: markup("TFormat"),
    playerOne: markup("PlayerOne"),
    playerTwo: markup("PlayerTwo"),
    // Table names are at most 50 characters: one payload each.
    tableScript: "TableS<script>alert(1)</script>",
    tableImg: "TableI<img src=x onerror=alert(1)>",
  };
  const organiser = app.client();
  const organiserEmail = uniqueEmail("markup-td");
  const signup = await organiser.json("POST", "/api/auth/signup/organiser", {
    organisationName: v.orgName,
    venue: v.orgVenue,
    name: v.tdName,
    email: organiserEmail,
    password: "secret1",
    confirmPassword: "secret1",
  });
  expect(signup.status).toBe(201);
  const td: Account = {
    client: organiser,
    id: ((await signup.json()) as { user: { id: string } }).user.id,
    email: organiserEmail,
  };
  const fields = { name: v.name, venue: v.venue, rules: v.rules, format: v.format };
  const open = await f.createTournament(td, fields);
  const live = await f.createTournament(td, { ...fields, maxPlayers: 2, payoutStructure: "winner_only" });
  const p1 = await f.player(v.playerOne);
  const p2 = await f.player(v.playerTwo);
  await enter(live, [p1, p2]);
  expect((await td.client.json("POST", `/api/tournaments/${live.id}/start`)).status).toBe(200);
  const scriptTable = await addTable(td, v.tableScript);
  const imgTable = await addTable(td, v.tableImg);
  const match = await onlyMatch(live);
  expect((await td.client.json("PATCH", `/api/matches/${match.id}/table`, { tableId: scriptTable.id })).status).toBe(
    200,
  );
  await app.client().json("POST", "/api/auth/forgot-password", { email: p1.email });

  const pages: [string, HttpClient, string, string[]][] = [
    [
      "open tournament page (visitor)",
      app.client(),
      `/tournament/${open.slug}`,
      [v.name, v.venue, v.rules, v.format, v.tdName],
    ],
    [
      "live tournament page, bracket (visitor)",
      app.client(),
      `/tournament/${live.slug}?tab=bracket`,
      [v.name, v.playerOne, v.playerTwo],
    ],
    [
      "live tournament page, details (director)",
      td.client,
      `/tournament/${live.slug}?tab=details`,
      [v.name, v.venue, v.rules, v.format, v.playerOne, v.playerTwo],
    ],
    [
      "live tournament, result dialog",
      td.client,
      `/tournament/${live.slug}?tab=bracket&result=${match.id}`,
      [v.playerOne, v.playerTwo],
    ],
    ["checkout (player)", p1.client, `/tournament/${open.slug}/checkout`, [v.venue]],
    ["/td/tournaments", td.client, "/td/tournaments", [v.name, v.venue]],
    ["/td/tournaments archive dialog", td.client, `/td/tournaments?confirm=archive:${live.id}`, [v.name]],
    ["/player/tournaments", p1.client, "/player/tournaments", [v.name, v.venue]],
    ["/player/tournaments?tab=registered", p1.client, "/player/tournaments?tab=registered", [v.name]],
    ["/player/tournaments search", p1.client, `/player/tournaments?q=${encodeURIComponent("<script>")}`, [v.name]],
    ["/td/dashboard", td.client, "/td/dashboard", [v.tdName]],
    ["/player/dashboard", p1.client, "/player/dashboard", [v.playerOne]],
    ["/td/tables", td.client, "/td/tables", [v.tableScript, v.tableImg]],
    ["/td/tables delete dialog", td.client, `/td/tables?delete=${imgTable.id}`, [v.tableImg]],
    [
      "/scoreboard/{code} with a live match",
      app.client(),
      `/scoreboard/${scriptTable.accessCode}`,
      [v.tableScript, v.name, v.playerOne, v.playerTwo],
    ],
    ["/scoreboard/{code} waiting", app.client(), `/scoreboard/${imgTable.accessCode}`, [v.tableImg]],
    ["/dev/mailbox", app.client(), "/dev/mailbox", [v.playerOne]],
  ];
  for (const [label, client, path, shown] of pages) {
    const response = await client.get(path);
    expect(response.status, label).toBe(200);
    const text = await html(response);
    expect(text, label).not.toMatch(/<script>alert|<img src=x onerror|<\/script><img/i);
    for (const value of shown) expect(text, `${label} shows ${value.slice(0, 12)}… as text`).toContain(asText(value));
  }

  // What anyone can read names people but never gives away their e-mail addresses.
  const publicReads = [
    `/tournament/${live.slug}?tab=details`,
    `/tournament/${live.slug}?tab=bracket`,
    `/scoreboard/${scriptTable.accessCode}`,
    "/api/tournaments",
    `/api/tournaments/${live.slug}`,
    `/api/tournaments/${live.id}/matches`,
    `/api/tables/by-code/${scriptTable.accessCode}`,
    `/api/tables/by-code/${scriptTable.accessCode}/current-match`,
  ];
  for (const path of publicReads) {
    const response = await app.client().get(path);
    expect(response.status, path).toBe(200);
    const text = await response.text();
    for (const email of [organiserEmail, p1.email, p2.email])
      expect(text, `${path} must not show ${email}`).not.toContain(email);
    expect(text, path).not.toMatch(/password|balance_pence|sessionVersion/i);
  }
});

// ---------------------------------------------------------------------------
// 7. Malformed bodies.

type Body = { label: string; body: BodyInit; type?: string };
const jsonBody = (label: string, value: unknown): Body => ({
  label,
  body: JSON.stringify(value),
  type: "application/json",
});
const rawBody = (label: string, body: BodyInit, type = "application/json"): Body => ({ label, body, type });
const everyField = (value: unknown) =>
  Object.fromEntries(
    [
      "name",
      "email",
      "password",
      "confirmPassword",
      "organisationName",
      "venue",
      "userType",
      "token",
      "tournamentId",
      "paymentIntentId",
      "amount",
      "status",
      "winnerId",
      "player1Score",
      "player1Id",
      "maxPlayers",
      "entryFee",
      "date",
      "time",
      "payoutStructure",
    ].map((k) => [k, value]),
  );

const MALFORMED: Body[] = [
  jsonBody("empty object", {}),
  jsonBody("null", null),
  jsonBody("empty array", []),
  jsonBody("array of plausible objects", [{ name: "Table", tournamentId: "x", amount: "1.00", status: "finished" }]),
  jsonBody("a string", "junk"),
  jsonBody("a number", 42),
  jsonBody("true", true),
  jsonBody("wrong types", {
    ...everyField(42),
    name: 42,
    email: ["a@b.co"],
    password: 123456,
    confirmPassword: [],
    organisationName: {},
    venue: false,
    userType: 1,
    amount: true,
    status: 7,
    player1Score: "ten",
    tableId: {},
    maxPlayers: "many",
    entryFee: [],
    date: 20300101,
  }),
  jsonBody("every field null (but tableId)", everyField(null)),
  jsonBody("every field an object", { ...everyField({ $gt: "" }), tableId: { $ne: null } }),
  jsonBody("every field an array", { ...everyField(["x"]), tableId: ["x"] }),
  jsonBody("nested junk", { a: { b: { c: [1, { d: null, e: [[[]]] }] } }, name: { first: { second: "x" } } }),
  rawBody(
    "prototype pollution",
    '{"__proto__":{"userType":"organiser","isAdmin":true},"constructor":{"prototype":{"polluted":true}}}',
  ),
  rawBody("10,000 levels of nesting", "[".repeat(10_000) + "]".repeat(10_000)),
  rawBody(
    "huge numbers",
    '{"amount":1e999,"maxPlayers":1e999,"player1Score":1e999,"entryFee":-1e999,' +
      '"tournamentId":1e999,"tableId":1e999,"status":1e999}',
  ),
  jsonBody("a 100 kB string", { ...everyField("x"), name: "x".repeat(100_000) }),
  jsonBody("5 kB in every field (under the size limit)", {
    ...everyField("x".repeat(2_500)),
    tableId: "x".repeat(2_500),
  }),
  rawBody(
    "invalid UTF-8 bytes",
    new Uint8Array([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]),
  ),
  rawBody("a lone UTF-8 continuation byte", new Uint8Array([0x80])),
  rawBody("malformed JSON", "{not json"),
  rawBody("a trailing comma", '{"name":"x",}'),
  rawBody("JSON then garbage", '{"name":"x"} trailing'),
  rawBody("an empty body", ""),
  rawBody("whitespace only", "   \n\t "),
  rawBody("a NUL byte", "\u0000"),
  rawBody("JSON sent as text/plain", JSON.stringify({ name: "x" }), "text/plain"),
  rawBody("a form post", "name=x&tournamentId=y&amount=1.00&status=finished", "application/x-www-form-urlencoded"),
  rawBody("XML", "<name>x</name>", "application/xml"),
  { label: "no Content-Type at all", body: new TextEncoder().encode(JSON.stringify({ name: "x" })) },
];

test("malformed bodies to every JSON endpoint get a 4xx, never a 5xx, and write nothing", async () => {
  const c = await cast();
  const t = await twoPlayerTournament(c, { name: "Malformed Cup" });
  expect((await c.owner.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const match = await onlyMatch(t);
  const finished = await f.createTournament(c.owner, { name: "Done Cup" });
  await f.sql().execute({ sql: "update tournaments set status = 'finished' where id = ?", args: [finished.id] });
  await f.credit("player", c.player.id, 500);
  const visitor = app.client();

  const endpoints: [method: string, path: string, client: HttpClient][] = [
    ["POST", "/api/auth/signup/player", visitor],
    ["POST", "/api/auth/signup/organiser", visitor],
    ["POST", "/api/auth/login", visitor],
    ["POST", "/api/auth/forgot-password", visitor],
    ["POST", "/api/auth/reset-password", visitor],
    ["POST", "/api/tournaments", c.owner.client],
    ["PATCH", `/api/tournaments/${t.id}/status`, c.owner.client],
    ["PATCH", `/api/matches/${match.id}`, c.owner.client],
    ["PATCH", `/api/matches/${match.id}/table`, c.owner.client],
    ["POST", "/api/tables", c.owner.client],
    ["POST", "/api/tournaments/join", c.player.client],
    ["POST", "/api/tournaments/verify-payment", c.player.client],
    ["POST", "/api/withdrawals/request", c.player.client],
    // Calls without a payload: the body is ignored; these targets answer 4xx.
    ["POST", `/api/tournaments/${finished.id}/start`, c.owner.client],
    ["POST", `/api/tournaments/${finished.id}/finalize`, c.owner.client],
    ["DELETE", "/api/tables/no-such-table", c.owner.client],
    // Some of them signed out, and as the wrong role.
    ["POST", "/api/tournaments", visitor],
    ["PATCH", `/api/matches/${match.id}`, visitor],
    ["POST", "/api/withdrawals/request", visitor],
    ["POST", "/api/tournaments/join", visitor],
    ["POST", "/api/tournaments", c.player.client],
    ["POST", "/api/tournaments/join", c.owner.client],
    // Left out: POST /api/auth/logout (no payload; always signs out) and the simulated
    // provider's POST /api/dev/payments/{id}/confirm (takes forms too; 404 in production).
  ];
  const before = await everything();
  const wrong: string[] = [];
  for (const [method, path, client] of endpoints) {
    for (const { label, body, type } of MALFORMED) {
      const headers: Record<string, string> = type ? { "Content-Type": type } : {};
      const response = await client.request(path, { method, body, headers });
      const text = await response.text();
      if (response.status < 400 || response.status >= 500)
        wrong.push(`${method} ${path} [${label}] → ${response.status} ${text.slice(0, 300)}`);
    }
  }
  // Junk in paths and query strings, signed in and out: never a 5xx.
  const junkPaths = [
    "/api/auth/validate-reset-token",
    "/api/auth/validate-reset-token?token=&email=",
    `/api/auth/validate-reset-token?token=${"x".repeat(5_000)}&email=a%40b.co`,
    "/api/auth/validate-reset-token?token=%E0%A4%A&email=%FF",
    "/api/auth/validate-reset-token?token[]=a&email[]=b",
    "/api/tournaments/%E0%A4%A",
    `/api/tournaments/${"x".repeat(5_000)}`,
    "/api/tournaments/%00/matches",
    "/api/tables/by-code/%FF",
    "/api/tables/by-code/%E0%A4%A/current-match",
    "/api/transactions?limit=-1e999",
    "/api/td/%FF/stats",
    "/api/players/%00/stats",
    "/tournament/%E0%A4%A",
    `/tournament/${t.slug}?tab=%FF&result=%E0%A4%A&correct=${"x".repeat(5_000)}&confirm=%00`,
    "/scoreboard/%FF",
    "/reset-password?token=%E0%A4%A&email=%FF",
    "/login?redirectTo=%E0%A4%A",
    "/player/tournaments?q=%E0%A4%A&maxFee=%FF&tab=%00",
    "/td/tables?delete=%FF",
    "/td/tournaments?confirm=archive:%E0%A4%A&tab=%FF",
  ];
  for (const path of junkPaths) {
    for (const client of [visitor, c.player.client, c.owner.client]) {
      const response = await client.get(path);
      const text = await response.text();
      if (response.status >= 500) wrong.push(`GET ${path.slice(0, 80)} → ${response.status} ${text.slice(0, 300)}`);
    }
  }
  expect(wrong).toEqual([]);
  expect(await everything()).toEqual(before);
  // Still served afterwards.
  expect((await c.owner.client.get("/api/auth/me")).status).toBe(200);
}, 120_000); // hundreds of requests: slow on a loaded two-core machine

// ---------------------------------------------------------------------------
// 8. The books still balance.

test("after all of it, every balance equals the sum of its transactions", async () => {
  await f.expectLedgerTrue();
});
