// The cron trigger's work (wrangler.jsonc `triggers.crons`).
import { systemSender, write } from "~/db/batch.server.ts";
import { getDatabase } from "~/db/client.server.ts";
import { parseEnv } from "~/env.server.ts";
import { getMailer } from "./email.server.ts";
import { offerFreedPlaces, tellOffered } from "./check-in.server.ts";
import { getPaymentsProvider } from "./payments/index.server.ts";
import { pruneRateLimits } from "./rate-limit.server.ts";
import { releaseExpiredHolds } from "./payment-confirmation.server.ts";
import { pruneExpiredSessions } from "./sessions.server.ts";

export async function runScheduledTasks(rawEnv: Env, now = Date.now()): Promise<void> {
  const env = parseEnv(rawEnv as unknown as Record<string, unknown>);
  const db = getDatabase(env.TURSO_DATABASE_URL, env.TURSO_AUTH_TOKEN);
  // Rate-limit windows that have passed and sessions that have expired count for nothing.
  const system = systemSender(db);
  await system.write(write([pruneRateLimits(now), pruneExpiredSessions(now)]));
  const released = await releaseExpiredHolds(system, await getPaymentsProvider(env, db), now);
  if (released > 0) console.log(`Released ${released} expired registration hold(s)`);
  // Places freed by holds and reserves' offers that ran out go to the next reserves (decisions 013–015).
  const offered = await offerFreedPlaces(system, now);
  await tellOffered(getMailer(env, db), offered, env.APP_URL);
}
