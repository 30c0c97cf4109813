// The request context handed to every loader, action and middleware.
import { createContext, RouterContextProvider } from "react-router";
import { openDatabase, type Database } from "./db/client.server.ts";
import type { WriteGate } from "./db/coalesce.server.ts";
import { parseEnv, type AppEnv } from "./env.server.ts";
import { findUser, type CurrentUser } from "./services/accounts.server.ts";
import { readSession, type SessionData } from "./services/session.server.ts";

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
};

export const appContext = createContext<AppContext>();

export function createRequestContext({
  request,
  env: rawEnv,
  ctx,
}: {
  request: Request;
  env: Env;
  ctx: ExecutionContext;
}): RouterContextProvider {
  const env = parseEnv(rawEnv as unknown as Record<string, unknown>);
  const { db, carrier, gateWrites } = openDatabase(env.TURSO_DATABASE_URL, env.TURSO_AUTH_TOKEN);
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
    getUser: () => (user ??= loadUser(getSession(), db)),
    gateWrites,
  });
  return context;
}

async function loadUser(claimed: Promise<SessionData | null>, db: Database): Promise<CurrentUser | null> {
  const session = await claimed;
  if (!session) return null;
  const user = await findUser(db, session.userType, session.userId);
  // A password reset bumps the version: older sessions are over.
  return user && user.sessionVersion === session.version ? user : null;
}
