// Factories for integration tests: accounts signed in through the database, as every suite's factories make them
// (test-support/accounts.ts); tournaments and entries created through the real API; direct SQL for checks (and for
// states no API makes yet).
import { createClient, type Client } from "@libsql/client";
import { afterAll, beforeAll, expect } from "vitest";
import type { HttpClient } from "./http.ts";
import { TEST_SESSION_SECRET, type TestApp } from "./stack.ts";
import { type Role, signedInAccount, uniqueEmail } from "../../test-support/accounts.ts";
import { LEDGER_MISMATCHES } from "../../test-support/database.js";
import { validTournament } from "../../test-support/fixtures.js";

// The one valid tournament body and date helper, shared with e2e/ and bench/.
import type { StandingRow } from "../../app/features/play/domain/standings.ts";
export { futureDate, validTournament } from "../../test-support/fixtures.js";

export { uniqueEmail } from "../../test-support/accounts.ts";

export type Account = { client: HttpClient; id: string; email: string };
export type TournamentJson = Record<string, unknown> & {
  id: string;
  slug: string;
  status: string;
  playerCount: number;
};

export function useFactories(app: TestApp) {
  let sql: Client | undefined;
  beforeAll(() => {
    sql = createClient({ url: app.dbUrl });
  });
  afterAll(() => sql?.close());
  const db = (): Client => {
    if (!sql) throw new Error("use inside a test");
    return sql;
  };

  /** An account made and signed in through the database (test-support/accounts.ts): a client with its cookie. */
  async function signedIn(role: Role, name: string): Promise<Account> {
    const client = app.client();
    const email = uniqueEmail(role);
    // Named as the app names a client that sends no browser's User-Agent, as this one does.
    const device = "Unknown device";
    const { id, cookie } = await signedInAccount(db(), TEST_SESSION_SECRET, role, { name, email }, { device });
    client.cookies.set(cookie.name, cookie.value);
    return { client, id, email };
  }

  return {
    sql: db,
    organiser: (name = "Dave Director") => signedIn("organiser", name),
    player: (name = "Pat Player") => signedIn("player", name),
    /** `count` new players who join and pay (simulated card) for `t`. */
    async enter(t: TournamentJson, count: number, name = (i: number) => `Player ${i + 1}`): Promise<Account[]> {
      const entrants: Account[] = [];
      for (let i = 0; i < count; i++) {
        const p = await signedIn("player", name(i));
        const join = await p.client.json("POST", "/api/tournaments/join", { tournamentId: t.id });
        const { paymentIntentId } = (await join.json()) as { paymentIntentId: string };
        const paid = await p.client.json("POST", `/api/dev/payments/${paymentIntentId}/confirm`, {
          cardNumber: "4242424242424242",
        });
        expect(paid.status).toBe(200);
        entrants.push(p);
      }
      return entrants;
    },
    /** GET /api/tournaments/{id}/matches (public), asserting it answers. */
    async matchesOf<M>(t: TournamentJson): Promise<M[]> {
      const response = await app.client().get(`/api/tournaments/${t.id}/matches`);
      expect(response.status).toBe(200);
      return (await response.json()) as M[];
    },
    /** GET /api/tournaments/{id}/standings (public), asserting it answers. */
    async standingsOf(t: TournamentJson): Promise<StandingRow[]> {
      const response = await app.client().get(`/api/tournaments/${t.id}/standings`);
      expect(response.status).toBe(200);
      return (await response.json()) as StandingRow[];
    },
    async createTournament(td: Account, overrides: Record<string, unknown> = {}): Promise<TournamentJson> {
      const response = await td.client.json("POST", "/api/tournaments", validTournament(overrides));
      expect(response.status, await response.clone().text()).toBe(201);
      return (await response.json()) as TournamentJson;
    },
    async count(table: string, where = "1", args: (string | number)[] = []): Promise<number> {
      return Number(
        (await db().execute({ sql: `select count(*) as n from ${table} where ${where}`, args })).rows[0]?.n,
      );
    },
    async balance(kind: "player" | "organiser", id: string): Promise<number> {
      const table = kind === "player" ? "players" : "organisers";
      return Number(
        (await db().execute({ sql: `select balance_pence from ${table} where id = ?`, args: [id] })).rows[0]
          ?.balance_pence,
      );
    },
    /** Gives a player money the honest way: a deposit transaction (the trigger moves the balance). */
    async credit(kind: "player" | "organiser", id: string, pence: number): Promise<void> {
      await db().execute({
        sql:
          "insert into transactions (id, user_type, user_id, type, description, amount_pence, idempotency_key) " +
          "values (?, ?, ?, 'deposit', 'Test credit', ?, ?)",
        args: [crypto.randomUUID(), kind, id, pence, `test-credit:${crypto.randomUUID()}`],
      });
    },
    /** Every account's balance equals the sum of its transactions, and none is negative. */
    async expectLedgerTrue(): Promise<void> {
      expect((await db().execute(LEDGER_MISMATCHES)).rows).toEqual([]);
    },
  };
}
