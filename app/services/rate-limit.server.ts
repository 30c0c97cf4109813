// Fixed-window rate limits kept in the database (no in-memory state: the
// Worker may run in many places at once). One guarded upsert per check.
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { DomainError } from "~/domain/errors.ts";

export type RateLimit = { name: string; limit: number; windowMs: number };

export const LOGIN_LIMIT: RateLimit = { name: "login", limit: 10, windowMs: 15 * 60 * 1000 };
export const FORGOT_PASSWORD_LIMIT: RateLimit = { name: "forgot", limit: 5, windowMs: 60 * 60 * 1000 };

/** Counts one attempt for `subject`; throws 429 once the window's limit is passed. */
export async function enforceRateLimit(db: Database, rule: RateLimit, subject: string, now = Date.now()): Promise<void> {
  const key = `${rule.name}:${subject}`;
  const windowEndsAt = now + rule.windowMs;
  const rows = await db.all<{ count: number }>(sql`
    insert into rate_limits (key, count, window_ends_at) values (${key}, 1, ${windowEndsAt})
    on conflict (key) do update set
      count = case when rate_limits.window_ends_at <= ${now} then 1 else rate_limits.count + 1 end,
      window_ends_at = case when rate_limits.window_ends_at <= ${now} then ${windowEndsAt} else rate_limits.window_ends_at end
    returning count`);
  const count = Number(rows[0]?.count ?? 0);
  if (count > rule.limit) {
    throw new DomainError(429, "Too many attempts. Please wait a few minutes and try again.");
  }
}

/** Who is asking: Cloudflare's client IP header in production, else "local". */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}
