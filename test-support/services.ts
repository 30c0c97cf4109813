// The in-process harness of the service tests (STYLE 16, the Epic Stack's
// db-utils way): a migrated database served by the project's own libSQL
// server, reached through the app's own client (`openDatabase`, the client
// the Worker uses), a `Sender` with no session, and factories that make what
// a test needs by calling the services themselves. No Worker, no HTTP of the
// app: a failure points at the function.
import { afterAll, beforeAll, expect } from "vitest";
import { z } from "zod";
import { openDatabase, type Database } from "~/db/client.server.ts";
import { type Sender, systemSender } from "~/db/batch.server.ts";
import { parseEnv } from "~/env.server.ts";
import { DomainError } from "~/domain/errors.ts";
import { CreateTournamentSchema } from "~/features/tournaments/domain/tournament-schema.ts";
import type { Change } from "~/domain/changes.ts";
import { afterChange, type Consequences } from "~/features/live/server/after-change.server.ts";
import { joinTournament, type JoinResult, payFromBalance } from "~/features/entries/server/joining.server.ts";
import { checkTeam } from "~/features/entries/server/team-entry.server.ts";
import { handleWebhook } from "~/features/money/server/payment-confirmation.server.ts";
import type { MatchView } from "~/features/play/domain/play.ts";
import type { PaymentsProvider } from "~/features/money/server/payments/provider.ts";
import {
  confirmSimulatedPayment,
  simulatedProvider,
  simulatedWebhookSecret,
  type SimulatedConfirmation,
} from "~/features/money/server/payments/simulated.server.ts";
import { matchesQuery } from "~/features/play/server/match-reads.server.ts";
import { saveResult, type SaveResult } from "~/features/play/server/results.server.ts";
import { startTournament } from "~/features/play/server/start.server.ts";
import { findByCode } from "~/features/floor/server/table-codes.server.ts";
import { currentMatchJson, runTap, type TapKind } from "~/features/floor/server/table-scoring.server.ts";
import { createTable, scoreboardQuery } from "~/features/floor/server/tables.server.ts";
import { createTournament } from "~/features/tournaments/server/tournament-create.server.ts";
import type { TournamentRow } from "~/features/tournaments/server/tournaments.server.ts";
// The entries' and the floor's factories (outbox, view, tidyUp, perform): see the block at the end of ServiceDb.
import { tournamentBySlugQuery, tournamentJson } from "~/features/tournaments/server/tournaments.server.ts";
import { runScheduledTasks } from "~/features/live/server/scheduled.server.ts";
import { perform, type UseCase } from "~/web/use-case.server.ts";
import { readJson } from "~/web/http.server.ts";
import { mergeEdit, storedFields } from "~/features/tournaments/domain/tournament-edit.ts";
import { editTournamentSchema } from "~/features/tournaments/domain/tournament-schema.ts";
import { editReadQuery, ownTournament, settingsOf } from "~/features/tournaments/server/tournament-edit.server.ts";
import { type TournamentDetail, tournamentByIdQuery } from "~/features/tournaments/server/tournaments.server.ts";
import { teamEntryTotalPence } from "~/features/entries/domain/teams.ts";
import { editTournament } from "~/features/tournaments/server/use-cases.server.ts";
import { finalize as finalizeNight, saveSeeds } from "~/features/play/server/use-cases.server.ts";
import { account, type Role, uniqueEmail } from "./accounts.ts";
import { LEDGER_MISMATCHES, startDatabase, type TestDatabase } from "./database.js";
import { validTournament } from "./fixtures.js";

/** An account a factory made: who it is, for the services' `playerId` and `organiserId`. */
export type Account = { id: string; name: string; email: string };

type Row = Record<string, unknown>;

/** What the tests are handed: the database, the sender the services take, the consequences, the factories. */
export type ServiceDb = {
  /** The app's own client on the test database (Drizzle over `@libsql/client/web`). */
  readonly db: Database;
  /** Reads and writes with no session ahead of them, as the scheduler and webhooks send. */
  readonly sender: Sender;
  /** The simulated payments provider, as the app uses it without Stripe. */
  readonly payments: PaymentsProvider;
  /** What `afterChange` is given: no push channels or edge cache; work left running is kept for `settled`. */
  readonly app: Consequences;
  /** Runs what follows a committed change, as a route does (the floor fills free tables, players are called). */
  after(change: Change | null | undefined): Promise<void>;
  /** Waits for what the consequences left running (call notices). */
  settled(): Promise<void>;

  /** A new organiser, signed up by the accounts service. */
  organiser(name?: string): Promise<Account>;
  /** A new player, signed up by the accounts service. */
  player(name?: string): Promise<Account>;
  /** The one valid tournament (test-support/fixtures.js) with `overrides`, checked by the creation form's schema. */
  tournament(director: Account, overrides?: Record<string, unknown>): Promise<TournamentRow>;
  /** A table of the director's, with its access code (and the floor's consequences of a new table). */
  table(director: Account, name?: string): Promise<{ id: string; name: string; accessCode: string }>;
  /** Joins as the player: the hold and its intent (a team event's captain names the team and teammates). */
  join(
    player: Account,
    t: { id: string },
    team?: { teamName: string; teammates: (string | { email: string; name?: string })[] },
  ): Promise<JoinResult>;
  /** The test card form's submit, then its webhook through the one handler, as the simulated confirm route does. */
  payByCard(paymentIntentId: string, cardNumber?: string): Promise<SimulatedConfirmation | null>;
  /** `count` new players who join and pay by card: paid entries. */
  enter(t: { id: string }, count: number, name?: (i: number) => string): Promise<Account[]>;
  /** A team entry: a captain and teammates (one for 2v2) whose captain pays for all by card. */
  enterTeam(t: { id: string; matchType: string }, n: number): Promise<{ captain: Account; mates: Account[] }>;
  /** Money on an account the honest way: a deposit transaction (the trigger moves the balance); no service
   * deposits money but a card payment. */
  credit(kind: "player" | "organiser", id: string, pence: number): Promise<void>;

  /** The director starts the tournament, as the start route does: the draw, then what follows it. */
  start(
    director: Account,
    t: { id: string },
    options?: { dropAbsent?: boolean },
  ): Promise<{ matches: number; players: number; dropped: number }>;
  /** The director records (or corrects) a result, as the match route does: the result, then what follows it. */
  record(
    director: Account,
    matchId: string,
    input: SaveResult["input"],
    mode?: SaveResult["mode"],
  ): Promise<"recorded" | "corrected">;
  /** A tablet at the table with this access code: its taps and reads as their routes run them. */
  tablet(accessCode: string): Tablet;
  /** The bracket as displayed (the matches API's rows). */
  matches(t: { id: string }): Promise<MatchView[]>;

  // Entering when the payment is not the test's subject, a night played out, finalized and edited as their routes run
  // them (ratings, handicaps, series and seasons follow the same players from night to night).
  /**
   * Existing players enter `t` in the order given, each paying from a balance first credited with the price: paid
   * entries for a test whose subject is not the payment (a third of a card's cost: no intent, no webhook).
   */
  enterAs(t: { id: string }, entrants: readonly Account[]): Promise<void>;
  /** Records every match with both players and no result, round after round until none is left; `pick` the winner. */
  playOut(director: Account, t: { id: string }, pick?: (m: MatchView) => string | null): Promise<void>;
  /**
   * A knockout of `entrants`, entered and seeded in the order given, started and played out with the higher seed
   * winning every match; not finalized. `overrides` the tournament's settings (four players unless told).
   */
  knockout(
    director: Account,
    entrants: readonly Account[],
    overrides?: Record<string, unknown>,
  ): Promise<TournamentRow>;
  /** The director finalizes, as the finalize route does: the payouts, then what follows. */
  finalize(director: Account, t: { id: string }): Promise<Awaited<ReturnType<typeof finalizeNight>>["answer"]>;
  /**
   * The director's edit, as PATCH /api/tournaments/{id} runs it: `fields` laid over the stored ones, checked by the
   * edit schema (its first problem a 400), then the use case; answers the tournament as the edit left it.
   */
  edit(director: Account, t: { id: string }, fields: Record<string, unknown>): Promise<TournamentDetail>;

  /** Rows of a plain SQL read, for what a test checks that no service reads. */
  rows<T extends Row = Row>(sql: string, args?: (string | number | null)[]): Promise<T[]>;
  count(table: string, where?: string, args?: (string | number)[]): Promise<number>;
  balance(kind: "player" | "organiser", id: string): Promise<number>;
  /** Every account's balance equals the sum of its transactions, and none is negative. */
  expectLedgerTrue(): Promise<void>;

  // The entries' and the floor's factories.
  /** Runs a use case as a route does (`perform`): the write, what follows it and its e-mails; then its answer. */
  perform<In, T>(run: UseCase<Sender, In, T>, input: In): Promise<T>;
  /** `count` new players given the entry's price and paying it from their balance: paid entries, in a third of the
   * round trips of `enter` (for a test to which how an entry was paid makes no difference). Singles only. */
  enterFromBalance(t: { id: string }, count: number, name?: (i: number) => string): Promise<Account[]>;
  /** The local outbox's e-mails (to these addresses, when named), oldest first. */
  outbox(to?: string | readonly string[]): Promise<Mail[]>;
  /** The tournament as GET /api/tournaments/{slug} answers it: to its director, or to anyone else. */
  view(t: { slug: string }, director?: Account): Promise<TournamentJson>;
  /** The cron's tidy-up at `now`, as the Worker's scheduled() runs it: lapsed holds and offers, reserves offered. */
  tidyUp(now?: number): Promise<void>;
};

/** An e-mail the local outbox kept. */
type Mail = { to: string; subject: string; text: string };
type TournamentJson = ReturnType<typeof tournamentJson>;

type Tapped = { status: 200 | 201; match: ReturnType<typeof currentMatchJson> };

/** A tablet's taps (each answering its status and the match, or throwing the refusal) and its current match. */
export type Tablet = {
  send(kind: TapKind, body: Record<string, unknown>): Promise<Tapped>;
  rack(player: 1 | 2, tapId?: string): Promise<Tapped>;
  undo(tapId?: string): Promise<Tapped>;
  confirm(body?: Record<string, unknown>, tapId?: string): Promise<Tapped>;
  lag(player: 1 | 2, tapId?: string): Promise<Tapped>;
  /** What current-match answers. */
  current(): Promise<ReturnType<typeof currentMatchJson>>;
};

/** A tap's id, as a tablet makes one. */
let taps = 0;
export const newTapId = () => `tap-${Date.now().toString(36)}-${++taps}-${crypto.randomUUID().slice(0, 8)}`;

/** What one open database holds. */
type Connection = {
  database: TestDatabase;
  db: Database;
  sender: Sender;
  payments: PaymentsProvider;
  webhookSecret: string;
  app: Consequences;
  pending: Promise<unknown>[];
};

const SESSION_SECRET = "service-tests-secret-".padEnd(64, "0");
const TEST_CARD = "4242424242424242";

async function connect(): Promise<Connection> {
  const database = await startDatabase();
  const { db } = openDatabase(database.url);
  const env = parseEnv({
    APP_ENV: "test",
    APP_URL: "http://127.0.0.1:8787",
    TURSO_DATABASE_URL: database.url,
    SESSION_SECRET,
  });
  const webhookSecret = await simulatedWebhookSecret(SESSION_SECRET);
  const pending: Promise<unknown>[] = [];
  return {
    database,
    db,
    sender: systemSender(db),
    payments: simulatedProvider(db, webhookSecret),
    webhookSecret,
    app: { env, database: db, live: undefined, cache: undefined, waitUntil: (p) => void pending.push(p) },
    pending,
  };
}

async function settle(c: Connection): Promise<void> {
  while (c.pending.length > 0) await Promise.allSettled(c.pending.splice(0));
}

async function disconnect(c: Connection): Promise<void> {
  await settle(c);
  await c.database.close();
}

function serviceDb(conn: () => Connection): ServiceDb {
  const rows = async <T extends Row = Row>(sql: string, args: (string | number | null)[] = []) =>
    (await conn().db.$client.execute({ sql, args })).rows.map((r) => ({ ...r }) as unknown as T);
  const after = (change: Change | null | undefined) => afterChange(conn().sender, conn().app, change);

  const join: ServiceDb["join"] = async (player, t, team) =>
    joinTournament(conn().sender, conn().payments, {
      playerId: player.id,
      tournament: { id: t.id },
      team: team
        ? await checkTeam(conn().sender, { captainId: player.id, tournament: { id: t.id }, ...team })
        : undefined,
    });

  const payByCard: ServiceDb["payByCard"] = async (paymentIntentId, cardNumber = TEST_CARD) => {
    const c = conn();
    const result = await confirmSimulatedPayment(c.db, paymentIntentId, cardNumber, c.webhookSecret);
    if (result?.status === "succeeded") {
      await handleWebhook(c.sender, { provider: c.payments, ...result.event });
    }
    return result;
  };

  /** Joins and pays by card; the entry must be paid. */
  const paidEntry = async (player: Account, t: { id: string }, team?: Parameters<ServiceDb["join"]>[2]) => {
    const joined = await join(player, t, team);
    if (!joined.paid) expect((await payByCard(joined.paymentIntentId))?.status).toBe("succeeded");
    const [entry] = await rows("select paid from tournament_players where id = ?", [joined.registrationId]);
    expect(entry?.paid, "the entry is paid").toBe(1);
  };

  // Accounts are rows with a known password, as every suite's factories make them (./accounts.ts).
  const accountOf = async (role: Role, name: string): Promise<Account> => {
    const email = uniqueEmail(role);
    return { id: await account(conn().db.$client, role, { name, email }), name, email };
  };
  const organiser: ServiceDb["organiser"] = (name = "Dave Director") => accountOf("organiser", name);
  const player: ServiceDb["player"] = (name = "Pat Player") => accountOf("player", name);

  const credit: ServiceDb["credit"] = async (kind, id, pence) => {
    await rows(
      "insert into transactions (id, user_type, user_id, type, description, amount_pence, idempotency_key) " +
        "values (?, ?, ?, 'deposit', 'Test credit', ?, ?)",
      [crypto.randomUUID(), kind, id, pence, `test-credit:${crypto.randomUUID()}`],
    );
  };

  // Entering from a balance, a night played out, finalized and edited, as their routes run them.
  const enterAs: ServiceDb["enterAs"] = async (t, entrants) => {
    const row = await conn().sender.send(tournamentByIdQuery(t.id));
    if (!row) throw new Error("No such tournament");
    for (const p of entrants) {
      await credit("player", p.id, teamEntryTotalPence(row));
      await payFromBalance(conn().sender, { playerId: p.id, tournament: { id: t.id } });
    }
  };
  const playOut: ServiceDb["playOut"] = async (director, t, pick = (m) => m.player1Id) => {
    for (let round = 0; round < 64; round++) {
      const ready = (await conn().sender.send(matchesQuery({ id: t.id }))).filter(
        (m) => m.status !== "completed" && m.player1Id !== null && m.player2Id !== null,
      );
      if (ready.length === 0) return;
      for (const m of ready) {
        const input = { winnerId: pick(m) };
        const saved = await saveResult(conn().sender, {
          organiserId: director.id,
          matchId: m.id,
          input,
          mode: "record",
        });
        if (saved.outcome === "unconfirmed") throw new Error("A result asked to be confirmed");
        await after(saved.change);
      }
    }
    throw new Error("Matches still to play after 64 rounds");
  };
  const knockout: ServiceDb["knockout"] = async (director, entrants, overrides = {}) => {
    const settings = validTournament({ maxPlayers: Math.max(4, entrants.length), ...overrides });
    const t = await createTournament(conn().sender, director.id, CreateTournamentSchema.parse(settings));
    await enterAs(t, entrants);
    const order = entrants.map((p) => p.id);
    await perform(conn().app, conn().sender, saveSeeds, { organiserId: director.id, tournament: { id: t.id }, order });
    const started = await startTournament(conn().sender, { organiserId: director.id, tournament: { id: t.id } });
    await after({ organiserId: director.id, tournamentId: t.id, what: "start", floors: started.floors });
    const seed = (id: string | null) => order.indexOf(id ?? "");
    await playOut(director, t, (m) => (seed(m.player1Id) < seed(m.player2Id) ? m.player1Id : m.player2Id));
    return t;
  };
  const finalize: ServiceDb["finalize"] = (director, t) =>
    perform(conn().app, conn().sender, finalizeNight, { organiserId: director.id, tournament: { id: t.id } });
  const edit: ServiceDb["edit"] = async (director, t, fields) => {
    const now = Date.now();
    const read = await conn().sender.send(editReadQuery({ id: t.id }, now));
    const stored = ownTournament(read.t, director.id);
    const parsed = z.safeParse(editTournamentSchema(stored), mergeEdit(storedFields(settingsOf(stored)), fields));
    if (!parsed.success) throw new DomainError(400, parsed.error.issues[0]?.message ?? "Invalid edit");
    const next = parsed.data;
    const edited = { organiserId: director.id, t: stored, facts: read.facts, next, now };
    const { detail } = await perform(conn().app, conn().sender, editTournament, edited);
    if (!detail) throw new DomainError(404, "Tournament not found");
    return detail;
  };

  return {
    get db() {
      return conn().db;
    },
    get sender() {
      return conn().sender;
    },
    get payments() {
      return conn().payments;
    },
    get app() {
      return conn().app;
    },
    after,
    settled: () => settle(conn()),
    organiser,
    player,
    async tournament(director, overrides = {}) {
      const input = CreateTournamentSchema.parse(validTournament(overrides));
      return createTournament(conn().sender, director.id, input);
    },
    async table(director, name = "Table 1") {
      const { table, change } = await createTable(conn().sender, director.id, name);
      await after(change);
      return table;
    },
    join,
    payByCard,
    async start(director, t, { dropAbsent = false } = {}) {
      const started = await startTournament(conn().sender, {
        organiserId: director.id,
        tournament: { id: t.id },
        dropAbsent,
      });
      await after({ organiserId: director.id, tournamentId: t.id, what: "start", floors: started.floors });
      return { matches: started.matches, players: started.players, dropped: started.dropped };
    },
    async record(director, matchId, input, mode = "either") {
      const saved = await saveResult(conn().sender, { organiserId: director.id, matchId, input, mode });
      if (saved.outcome === "unconfirmed") throw new Error("A correction asked to be confirmed");
      await after(saved.change);
      return saved.outcome;
    },
    matches: (t) => conn().sender.send(matchesQuery({ id: t.id })),
    tablet(accessCode) {
      const sent = { code: accessCode, address: "192.0.2.1" };
      const send: Tablet["send"] = async (kind, body) => {
        const tapped = await runTap(conn().sender, sent, kind, async (schema) => {
          // As the tap route's body check: the first problem, as a 400.
          const parsed = schema.safeParse(body);
          if (!parsed.success) throw new DomainError(400, parsed.error.issues[0]?.message ?? "Bad tap");
          return parsed.data;
        });
        await after(tapped.change);
        return { status: tapped.status, match: tapped.match };
      };
      return {
        send,
        rack: (player, tapId = newTapId()) => send("racks", { tapId, player }),
        undo: (tapId = newTapId()) => send("undo", { tapId }),
        confirm: (body = {}, tapId = newTapId()) => send("confirm", { tapId, ...body }),
        lag: (player, tapId = newTapId()) => send("lag", { tapId, player }),
        current: async () => currentMatchJson((await findByCode(conn().sender, sent, scoreboardQuery)).match),
      };
    },
    async enter(t, count, name = (i) => `Player ${i + 1}`) {
      const entrants: Account[] = [];
      for (let i = 0; i < count; i++) {
        const p = await player(name(i));
        await paidEntry(p, t);
        entrants.push(p);
      }
      return entrants;
    },
    async enterTeam(t, n) {
      const size = Number(t.matchType.slice(0, 1));
      const captain = await player(`Captain ${n}`);
      const mates: Account[] = [];
      for (let i = 1; i < size; i++) mates.push(await player(`Mate ${n}${size > 2 ? `.${i}` : ""}`));
      await paidEntry(captain, t, { teamName: `Team ${n}`, teammates: mates.map((m) => m.email) });
      return { captain, mates };
    },
    credit,
    enterAs,
    playOut,
    knockout,
    finalize,
    edit,
    rows,
    async count(table, where = "1", args = []) {
      return Number((await rows(`select count(*) as n from ${table} where ${where}`, args))[0]?.n);
    },
    async balance(kind, id) {
      const table = kind === "player" ? "players" : "organisers";
      return Number((await rows(`select balance_pence from ${table} where id = ?`, [id]))[0]?.balance_pence);
    },
    async expectLedgerTrue() {
      expect(await rows(LEDGER_MISMATCHES)).toEqual([]);
    },

    // The entries' and the floor's factories.
    perform: (run, input) => perform(conn().app, conn().sender, run, input),
    async enterFromBalance(t, count, name = (i) => `Player ${i + 1}`) {
      const [price] = await rows("select entry_fee_pence + site_fee_pence as pence from tournaments where id = ?", [
        t.id,
      ]);
      const entrants: Account[] = [];
      for (let i = 0; i < count; i++) {
        const p = await player(name(i));
        if (Number(price?.pence) > 0) await credit("player", p.id, Number(price?.pence));
        await payFromBalance(conn().sender, { playerId: p.id, tournament: { id: t.id } });
        entrants.push(p);
      }
      return entrants;
    },
    async outbox(to) {
      const only = to === undefined ? null : typeof to === "string" ? [to] : [...to];
      const where = only === null ? "" : `where to_address in (${only.map(() => "?").join(", ") || "null"})`;
      return rows<Mail>(`select to_address as "to", subject, text from outbox ${where} order by rowid`, only ?? []);
    },
    async view(t, director) {
      const found = await conn().sender.send(tournamentBySlugQuery(t.slug));
      if (!found) throw new Error(`no tournament ${t.slug}`);
      return tournamentJson(found, { director: director?.id === found.organiserId });
    },
    async tidyUp(now = Date.now()) {
      const { app } = conn();
      await runScheduledTasks(app.env as unknown as Env, app, now);
    },
  };
}

/** Call at the top of a test file: one migrated database for the whole file, closed after it. */
export function useServiceDb(): ServiceDb {
  let current: Connection | undefined;
  beforeAll(async () => {
    current = await connect();
  });
  afterAll(async () => {
    if (current) await disconnect(current);
  });
  return serviceDb(() => {
    if (!current) throw new Error("The test database is not open yet (use it inside a test or hook).");
    return current;
  });
}

/** A database of its own, for a test where isolation matters (counting every row, say): close it at the end. */
export async function openServiceDb(): Promise<ServiceDb & { close(): Promise<void> }> {
  const c = await connect();
  return Object.assign(
    serviceDb(() => c),
    { close: () => disconnect(c) },
  );
}

/**
 * How a service call ended, in the status its route would answer: 200 when it went through, else the
 * DomainError's status and message (anything else is thrown on).
 */
export async function answered(call: Promise<unknown>): Promise<{ status: number; message: string | null }> {
  try {
    await call;
    return { status: 200, message: null };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { status: error.status, message: error.message };
  }
}

/**
 * How a JSON route's body check (`readJson` with its schema) answers `body`: 200 when it passes, else its status and
 * message. The entries' and the floor's tests check a body's every refusal here and one over HTTP.
 */
export async function bodyChecked(
  schema: z.core.$ZodType,
  body: unknown,
): Promise<{ status: number; message: string | null }> {
  const headers = { "Content-Type": "application/json" };
  const request = new Request("http://127.0.0.1/", { method: "POST", headers, body: JSON.stringify(body) });
  try {
    await readJson(request, schema);
    return { status: 200, message: null };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, message: ((await thrown.json()) as { message: string }).message };
  }
}
