// The request context handed to every loader, action and middleware.
import { createContext, RouterContextProvider } from "react-router";
import { openDatabase, type Database, type DatabaseHealth } from "./db/client.server.ts";
import type { AppEnv } from "./env.server.ts";
import { readSession, type SessionData } from "./web/session.server.ts";

export type AppContext = {
  env: AppEnv;
  /**
   * The database, for sending: requests read and write through
   * `web/access.server.ts` (the session's check rides with every batch);
   * only the payment and e-mail stand-ins send on their own.
   */
  database: Database;
  waitUntil: (promise: Promise<unknown>) => void;
  /** What the signed cookie says, read once per request (no database). */
  getSession: () => Promise<SessionData | null>;
  /** Whether a database call of this request failed or ran past its deadline. */
  databaseHealth: DatabaseHealth;
  /** The Content-Security-Policy nonce of this request's inline scripts. */
  nonce: string;
  /** The push channels (LiveHub Durable Objects), where the runtime has them. */
  live: DurableObjectNamespace | undefined;
  /** Workers Cache, where it is enabled (not in local workerd): purging what the tablets poll. */
  cache: CacheContext | undefined;
};

export const appContext = createContext<AppContext>();

export function createRequestContext({
  request,
  env,
  ctx,
  nonce,
  live,
}: {
  request: Request;
  env: AppEnv;
  ctx: ExecutionContext;
  nonce: string;
  live?: DurableObjectNamespace;
}): RouterContextProvider {
  const { db, health } = openDatabase(env.TURSO_DATABASE_URL, env.TURSO_AUTH_TOKEN);
  let session: Promise<SessionData | null> | undefined;
  const context = new RouterContextProvider();
  context.set(appContext, {
    env,
    database: db,
    waitUntil: (promise) => ctx.waitUntil(promise),
    getSession: () => (session ??= readSession(request, env)),
    databaseHealth: health,
    nonce,
    live,
    cache: ctx.cache,
  });
  return context;
}
