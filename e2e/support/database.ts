// The e2e server's database, reached directly (the Epic Stack's way for fixtures a browser need not build): for
// what a test would otherwise wait for on the real clock, such as a call made a minute ago.
import { createClient, type Client } from "@libsql/client";
import { SESSION_TTL_MS } from "../../app/features/accounts/domain/sessions.ts";
import { hashPassword } from "../../app/features/accounts/server/crypto.server.ts";
import { commitSession } from "../../app/web/session.server.ts";

let client: Client | undefined;

/** The libSQL server `scripts/serve-test.ts` started beside the app (port from playwright.config.ts). */
function database(): Client {
  const port = process.env.E2E_DB_PORT;
  if (!port) throw new Error("E2E_DB_PORT is not set: run the tests through playwright.config.ts");
  client ??= createClient({ url: `http://127.0.0.1:${port}` });
  return client;
}

/** Moves the match's call to a table `ms` into the past: its no-show clock has run that long. */
export async function calledAgo(matchId: string, ms: number): Promise<void> {
  const done = await database().execute({
    sql: "update matches set table_assigned_at = table_assigned_at - ? where id = ?",
    args: [ms, matchId],
  });
  if (done.rowsAffected !== 1) throw new Error(`no match ${matchId} to move`);
}

/** Moves the tournament's registration deadline to a second ago, as if its time had come. */
export async function closeRegistration(tournamentId: string): Promise<void> {
  const done = await database().execute({
    sql: "update tournaments set registration_deadline = ? where id = ?",
    args: [Date.now() - 1_000, tournamentId],
  });
  if (done.rowsAffected !== 1) throw new Error(`no tournament ${tournamentId} to close`);
}

/** A session cookie as Playwright stores it. */
type SessionCookie = {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: "Lax";
};

const knownHashes = new Map<string, Promise<string>>();
/** A password's hash, made once per worker: a hash costs 50 ms of processor time by design. */
const hashOf = (password: string) => {
  let hash = knownHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    knownHashes.set(password, hash);
  }
  return hash;
};

/**
 * An account made in the database and signed in, as the Epic Stack's `login()` does: the rows a sign-up writes and
 * a session, and the cookie a browser would have been given. For tests about something else than signing up; the
 * password still works on the login form.
 */
export async function signedIn(
  role: "player" | "organiser",
  who: { name: string; email: string; password: string },
): Promise<{ id: string; cookie: SessionCookie }> {
  const id = crypto.randomUUID();
  const now = Date.now();
  const passwordHash = await hashOf(who.password);
  const account =
    role === "player"
      ? {
          sql: "insert into players (id, name, email, password_hash) values (?, ?, ?, ?)",
          args: [id, who.name, who.email, passwordHash],
        }
      : {
          sql:
            "insert into organisers (id, organisation_name, venue, name, email, password_hash) " +
            "values (?, ?, ?, ?, ?, ?)",
          args: [id, `${who.name} Pool League`, "The Red Lion, Leeds", who.name, who.email, passwordHash],
        };
  const session = newSession(role, id, now);
  await database().batch([account, session.row], "write");
  return { id, cookie: await session.cookie() };
}

/**
 * One more session of an account `signedIn` made, as a sign-in on another device writes it: the cookie that device
 * would have been given.
 */
export async function anotherSession(role: "player" | "organiser", id: string): Promise<SessionCookie> {
  const session = newSession(role, id, Date.now());
  await database().execute(session.row);
  return session.cookie();
}

/** A session's row (a phone's, as the login form would name it) and its cookie. */
function newSession(role: "player" | "organiser", userId: string, now: number) {
  const secret = process.env.E2E_SESSION_SECRET;
  if (!secret) throw new Error("E2E_SESSION_SECRET is not set: run the tests through playwright.config.ts");
  const sessionId = crypto.randomUUID();
  return {
    row: {
      sql:
        "insert into sessions (id, user_type, user_id, device, created_at, last_seen_at, expires_at) " +
        "values (?, ?, ?, ?, ?, ?, ?)",
      args: [sessionId, role, userId, "Chrome on Android", now, now, now + SESSION_TTL_MS],
    },
    async cookie(): Promise<SessionCookie> {
      const header = await commitSession(
        { SESSION_SECRET: secret, APP_ENV: "test" },
        { sessionId, userId, userType: role },
      );
      const [pair = ""] = header.split(";");
      const cut = pair.indexOf("=");
      return {
        name: pair.slice(0, cut),
        value: pair.slice(cut + 1),
        domain: "127.0.0.1",
        path: "/",
        expires: Math.floor((now + SESSION_TTL_MS) / 1000),
        httpOnly: true,
        secure: false,
        sameSite: "Lax",
      };
    },
  };
}
