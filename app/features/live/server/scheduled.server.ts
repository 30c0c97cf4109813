// The cron trigger's work (wrangler.jsonc `triggers.crons`).
import { systemSender, write } from "~/db/batch.server.ts";
import { getDatabase } from "~/db/client.server.ts";
import { parseEnv } from "~/env.server.ts";
import { afterChanges, type Consequences } from "./after-change.server.ts";
import type { Change } from "~/domain/changes.ts";
import { getMailer } from "~/server/email.server.ts";
import { tellOffered } from "~/features/entries/server/check-in-mail.server.ts";
import { offerFreedPlaces } from "~/features/entries/server/reserves.server.ts";
import { getPaymentsProvider } from "~/features/money/server/payments/index.server.ts";
import { pruneRateLimits } from "~/server/rate-limit.server.ts";
import { releaseExpiredHolds } from "~/features/money/server/payment-confirmation.server.ts";
import { pruneExpiredSessions } from "~/features/accounts/server/sessions.server.ts";

/** What the tidy-up's consequences need of the runtime: its push channels, its cache, work in the background. */
export type Scheduler = Pick<Consequences, "live" | "cache" | "waitUntil">;

export async function runScheduledTasks(rawEnv: Env, runtime: Scheduler, now = Date.now()): Promise<void> {
  const env = parseEnv(rawEnv as unknown as Record<string, unknown>);
  const db = getDatabase(env.TURSO_DATABASE_URL, env.TURSO_AUTH_TOKEN);
  // Rate-limit windows that have passed and sessions that have expired count for nothing.
  const system = systemSender(db);
  await system.write(write([pruneRateLimits(now), pruneExpiredSessions(now)]));
  const released = await releaseExpiredHolds(system, await getPaymentsProvider(env, db), now);
  if (released.length > 0) console.log(`Released ${released.length} expired registration hold(s)`);
  // Places freed by holds and reserves' offers that ran out go to the next reserves (decisions 013–015).
  const offered = await offerFreedPlaces(system, now);
  await tellOffered(getMailer(env, db), offered, env.APP_URL);
  // The pages of every tournament whose places changed hear of it, as after any other change (decision 018).
  await afterChanges(system, { ...runtime, env, database: db }, entriesChanged([...released, ...offered]));
}

/** One change of entries per tournament touched. */
function entriesChanged(touched: readonly { tournamentId: string; organiserId: string }[]): Change[] {
  const byTournament = new Map(touched.map((t) => [t.tournamentId, t.organiserId]));
  return [...byTournament].map(([tournamentId, organiserId]) => ({ organiserId, tournamentId, what: "entries" }));
}
