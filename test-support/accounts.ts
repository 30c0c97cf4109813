// The accounts every suite's factories make — in-process service tests, the edge's HTTP tests and the browser's —
// written straight into the database as the Epic Stack's `login()` makes its users: the account's row with a known
// password and, for a client that is to be signed in, a session and the cookie the app would have set. Signing up
// is the accounts tests' own subject; everywhere else it would only spend a password hash in the Worker (50 ms of
// processor time by design) per account.
import type { Client, InStatement } from "@libsql/client";
import { SESSION_TTL_MS } from "../app/features/accounts/domain/sessions.ts";
import { hashPassword } from "../app/features/accounts/server/crypto.server.ts";
import { commitSession } from "../app/web/session.server.ts";

export type Role = "player" | "organiser";

/** Who an account is; `password` defaults to KNOWN_PASSWORD. A director's organisation and venue have defaults. */
export type Identity = {
  name: string;
  email: string;
  password?: string;
  organisationName?: string;
  venue?: string;
};

/** The factories' one password: it works on the login form like any other. */
const KNOWN_PASSWORD = "secret1";

let made = 0;
/** An address no other account in this process has. */
export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${++made}@example.com`;

const hashes = new Map<string, Promise<string>>();
/** A password's stored hash, made once per process and password. */
function passwordHash(password = KNOWN_PASSWORD): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** The row a sign-up writes for the account. */
async function accountRow(role: Role, id: string, who: Identity): Promise<InStatement> {
  const hash = await passwordHash(who.password);
  return role === "player"
    ? {
        sql: "insert into players (id, name, email, password_hash) values (?, ?, ?, ?)",
        args: [id, who.name, who.email, hash],
      }
    : {
        sql:
          "insert into organisers (id, organisation_name, venue, name, email, password_hash) " +
          "values (?, ?, ?, ?, ?, ?)",
        args: [id, who.organisationName ?? "Red Lion League", who.venue ?? "The Red Lion", who.name, who.email, hash],
      };
}

/** An account in the database, not signed in anywhere. */
export async function account(db: Client, role: Role, who: Identity): Promise<string> {
  const id = crypto.randomUUID();
  await db.execute(await accountRow(role, id, who));
  return id;
}

export type Session = {
  sessionId: string;
  /** The session cookie as the app sets it: its name, its signed value and when it ends (ms). */
  cookie: { name: string; value: string; expiresAt: number };
};

export type SignedInAccount = Session & { id: string };

type SessionOptions = { device?: string; now?: number };

/** A session's row, as a sign-in writes it, and its cookie signed with the server's `secret`. */
async function newSession(secret: string, role: Role, userId: string, options: SessionOptions) {
  const { device = "Chrome on Android", now = Date.now() } = options;
  const sessionId = crypto.randomUUID();
  const expiresAt = now + SESSION_TTL_MS;
  const row: InStatement = {
    sql:
      "insert into sessions (id, user_type, user_id, device, created_at, last_seen_at, expires_at) " +
      "values (?, ?, ?, ?, ?, ?, ?)",
    args: [sessionId, role, userId, device, now, now, expiresAt],
  };
  const header = await commitSession(
    { SESSION_SECRET: secret, APP_ENV: "test" },
    { sessionId, userId, userType: role },
  );
  const [pair = ""] = header.split(";");
  const cut = pair.indexOf("=");
  const session: Session = { sessionId, cookie: { name: pair.slice(0, cut), value: pair.slice(cut + 1), expiresAt } };
  return { row, session };
}

/**
 * An account and one session, written in one batch, and the session's cookie signed with the server's `secret` —
 * what a sign-up leaves behind, without the sign-up.
 */
export async function signedInAccount(
  db: Client,
  secret: string,
  role: Role,
  who: Identity,
  options: SessionOptions = {},
): Promise<SignedInAccount> {
  const id = crypto.randomUUID();
  const { row, session } = await newSession(secret, role, id, options);
  await db.batch([await accountRow(role, id, who), row], "write");
  return { id, ...session };
}

/** One more session of an account, as a sign-in on another device writes it, and that device's cookie. */
export async function anotherSession(
  db: Client,
  secret: string,
  role: Role,
  userId: string,
  options: SessionOptions = {},
): Promise<Session> {
  const { row, session } = await newSession(secret, role, userId, options);
  await db.execute(row);
  return session;
}
