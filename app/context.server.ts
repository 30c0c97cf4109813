// The request context handed to every loader, action and middleware.
import { createContext, RouterContextProvider } from "react-router";
import { getDatabase, type Database } from "./db/client.server.ts";
import { parseEnv, type AppEnv } from "./env.server.ts";

export type AppContext = {
  env: AppEnv;
  db: Database;
  waitUntil: (promise: Promise<unknown>) => void;
};

export const appContext = createContext<AppContext>();

export function createRequestContext({
  env: rawEnv,
  ctx,
}: {
  env: Env;
  ctx: ExecutionContext;
}): RouterContextProvider {
  const env = parseEnv(rawEnv as unknown as Record<string, unknown>);
  const context = new RouterContextProvider();
  context.set(appContext, {
    env,
    db: getDatabase(env.TURSO_DATABASE_URL, env.TURSO_AUTH_TOKEN),
    waitUntil: (promise) => ctx.waitUntil(promise),
  });
  return context;
}
