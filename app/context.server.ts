// The request context handed to every loader, action and middleware.
import { createContext, RouterContextProvider } from "react-router";
import { openDatabase, type Database, type DatabaseHealth } from "./db/client.server.ts";
import type { WriteGate } from "./db/coalesce.server.ts";
import type { AppEnv } from "./env.server.ts";
import { lastSeenIsStale } from "./domain/sessions.ts";
import { findSessionUser, type CurrentUser } from "./services/accounts.server.ts";
import { readSession, type SessionData } from "./services/session.server.ts";
import { touchSession } from "./services/sessions.server.ts";

export type AppContext = {
  env: AppEnv;
  db: Database;
  /** Batches that assert the session themselves (Claim.batch): not held, and carrying the gathered reads. */
  carrier: Database;
  waitUntil: (promise: Promise<unknown>) => void;
  /** What the signed cookie says, read once per request (no database). */
  getSession: () => Promise<SessionData | null>;
  /** The signed-in user, read once per request (null when signed out). */
  getUser: () => Promise<CurrentUser | null>;
  /** Holds this request's database writes until `gate` resolves (and fails them if it rejects). */
  gateWrites: (gate: WriteGate) => void;
  /** Whether a database call of this request failed or ran past its deadline. */
  databaseHealth: DatabaseHealth;
  /** The Content-Security-Policy nonce of this request's inline scripts. */
  nonce: string;
};

export const appContext = createContext<AppContext>();

export function createRequestContext({
  request,
  env,
  ctx,
  nonce,
}: {
  request: Request;
  env: AppEnv;
  ctx: ExecutionContext;
  nonce: string;
}): RouterContextProvider {
  const { db, carrier, gateWrites, health } = openDatabase(env.TURSO_DATABASE_URL, env.TURSO_AUTH_TOKEN);
  let session: Promise<SessionData | null> | undefined;
  let user: Promise<CurrentUser | null> | undefined;
  const getSession = () => (session ??= readSession(request, env));
  const context = new RouterContextProvider();
  context.set(appContext, {
    env,
    db,
    carrier,
    waitUntil: (promise) => ctx.waitUntil(promise),
    getSession,
    getUser: () => (user ??= loadUser(getSession(), db, (promise) => ctx.waitUntil(promise))),
    gateWrites,
    databaseHealth: health,
    nonce,
  });
  return context;
}

/**
 * The session's user, read with the page's other reads. "Last seen" is
 * written after the response, and only every few minutes.
 */
async function loadUser(
  claimed: Promise<SessionData | null>,
  db: Database,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<CurrentUser | null> {
  const session = await claimed;
  if (!session) return null;
  const now = Date.now();
  const found = await findSessionUser(db, session, now);
  if (!found) return null;
  if (lastSeenIsStale(found.lastSeenAt, now)) waitUntil(touchSession(db, session.sessionId, now).then(() => undefined, () => undefined));
  return found.user;
}
