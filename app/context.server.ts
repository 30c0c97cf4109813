// The request context handed to every loader, action and middleware.
import { createContext, RouterContextProvider } from "react-router";
import { getDatabase, type Database } from "./db/client.server.ts";
import { parseEnv, type AppEnv } from "./env.server.ts";
import { findUser, type CurrentUser } from "./services/accounts.server.ts";
import { readSession } from "./services/session.server.ts";

export type AppContext = {
  env: AppEnv;
  db: Database;
  waitUntil: (promise: Promise<unknown>) => void;
  /** The signed-in user, read once per request (null when signed out). */
  getUser: () => Promise<CurrentUser | null>;
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
  const db = getDatabase(env.TURSO_DATABASE_URL, env.TURSO_AUTH_TOKEN);
  let user: Promise<CurrentUser | null> | undefined;
  const context = new RouterContextProvider();
  context.set(appContext, {
    env,
    db,
    waitUntil: (promise) => ctx.waitUntil(promise),
    getUser: () => (user ??= loadUser(request, env, db)),
  });
  return context;
}

async function loadUser(request: Request, env: AppEnv, db: Database): Promise<CurrentUser | null> {
  const session = await readSession(request, env);
  if (!session) return null;
  const user = await findUser(db, session.userType, session.userId);
  // A password reset bumps the version: older sessions are over.
  return user && user.sessionVersion === session.version ? user : null;
}
