// Fixed-window rate limits kept in the database (no in-memory state: the
// Worker may run in many places at once). Each check is one guarded upsert or
// read, built here so it can ride in a batch with the request's other work.
import { lte, type SQL, sql } from "drizzle-orm";
import { assertInBatch, build, write, type Item, type Sender } from "~/db/batch.server.ts";
import { rateLimits } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import type { AppEnv } from "~/env.server.ts";

export type RateLimit = { name: string; limit: number; windowMs: number; message: (retryAfterMs: number) => string };

const TOO_MANY = () => "Too many attempts. Please wait a few minutes and try again.";
const minutes = (ms: number) => {
  const n = Math.max(1, Math.ceil(ms / 60_000));
  return n === 1 ? "1 minute" : `${n} minutes`;
};

/** Sign-in attempts from one address for one e-mail. */
export const LOGIN_LIMIT: RateLimit = { name: "login", limit: 10, windowMs: 15 * 60 * 1000, message: TOO_MANY };
/**
 * Failed sign-ins for one e-mail from anywhere: counted the same whether or
 * not an account exists, so the answer tells nothing about who has one.
 */
export const LOGIN_FAILURE_LIMIT: RateLimit = {
  name: "login-failures",
  limit: 10,
  windowMs: 15 * 60 * 1000,
  message: (retryAfterMs) => `Too many failed sign-ins for this account. Try again in ${minutes(retryAfterMs)}.`,
};
export const FORGOT_PASSWORD_LIMIT: RateLimit = {
  name: "forgot",
  limit: 5,
  windowMs: 60 * 60 * 1000,
  message: TOO_MANY,
};

/**
 * E-mails to one address that someone else typed in (a walk-in, a teammate, an invitation sent again): past the
 * limit the action still happens and the e-mail is not sent, so nobody can use us to fill a stranger's inbox.
 */
export const MAIL_TO_ADDRESS_LIMIT: RateLimit = {
  name: "mail-to",
  limit: 5,
  windowMs: 60 * 60 * 1000,
  message: TOO_MANY,
};
/** Invited accounts one director or captain makes (walk-ins, teammates, replacements): each locks an address. */
export const INVITED_ACCOUNTS_LIMIT: RateLimit = {
  name: "invited-accounts",
  limit: 30,
  windowMs: 60 * 60 * 1000,
  message: (retryAfterMs) => `You can invite at most 30 new players an hour. Try again in ${minutes(retryAfterMs)}.`,
};

export type Counter = { count: number; windowEndsAt: number };

const keyOf = (rule: RateLimit, subject: string) => `${rule.name}:${subject}`;

/**
 * Counts one (or `by`) for `subject` (a new window once the last has passed), only `when` that holds; answers the
 * counter.
 */
export function countOne(rule: RateLimit, subject: string, now: number, by = 1, when: SQL = sql`1`) {
  const windowEndsAt = now + rule.windowMs;
  return build.all<Counter>(sql`
    insert into ${rateLimits} (key, count, window_ends_at)
    select ${keyOf(rule, subject)}, ${by}, ${windowEndsAt} where ${when}
    on conflict (key) do update set
      count = case when ${rateLimits.windowEndsAt} <= ${now} then ${by} else ${rateLimits.count} + ${by} end,
      window_ends_at = case when ${rateLimits.windowEndsAt} <= ${now} then ${windowEndsAt}
        else ${rateLimits.windowEndsAt} end
    returning count as count, window_ends_at as windowEndsAt`);
}

/** The counter of `subject`'s current window, without counting (none once it has passed). */
export function currentCount(rule: RateLimit, subject: string, now: number) {
  return build.all<Counter>(sql`
    select count as count, window_ends_at as windowEndsAt from ${rateLimits}
    where key = ${keyOf(rule, subject)} and window_ends_at > ${now}`);
}

/**
 * Counts `by` for `subject` in the batch that does what is counted, and refuses the whole batch (a guard) should
 * that pass the limit: two requests at once cannot both slip under it. Check `currentCount` first for the answer;
 * `when` as for `countOne`.
 */
export function countWithinLimit(rule: RateLimit, subject: string, now: number, by: number, when?: SQL): Item[] {
  return [countOne(rule, subject, now, by, when), assertInBatch(withinLimit(rule, subject))];
}

/** SQL: `subject`'s counter, as it stands in the batch, is within the limit (none counted is). */
export function withinLimit(rule: RateLimit, subject: string): SQL {
  return sql`coalesce((select count from ${rateLimits} where key = ${keyOf(rule, subject)}), 0) <= ${rule.limit}`;
}

export function clearCount(rule: RateLimit, subject: string) {
  return build.run(sql`delete from ${rateLimits} where key = ${keyOf(rule, subject)}`);
}

/**
 * 429, saying when to try again, once the counter is past the limit (`atMost`: the counter may reach it); the
 * error's `code` is the rule's name.
 */
export function refuseIfOver(rows: Counter[], rule: RateLimit, now: number, atMost = rule.limit): void {
  const row = rows[0];
  if (!row || Number(row.count) <= atMost) return;
  const retryAfterMs = Math.max(0, Number(row.windowEndsAt) - now);
  throw new DomainError(429, rule.message(retryAfterMs), {
    retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
    code: rule.name,
  });
}

/** Counts one attempt for `subject`; throws 429 once the window's limit is passed. */
export async function enforceRateLimit(db: Sender, rule: RateLimit, subject: string, now = Date.now()): Promise<void> {
  refuseIfOver(await db.write(write([countOne(rule, subject, now)], ([rows]) => rows as Counter[])), rule, now);
}

/** The cron's tidy-up: windows that have passed count for nothing. */
export function pruneRateLimits(now: number) {
  return build.delete(rateLimits).where(lte(rateLimits.windowEndsAt, now));
}

/** Where the client's address travels: Cloudflare's header, set at its edge over anything the client sent. */
const ADDRESS_HEADER = "CF-Connecting-IP";
/** What tests and benchmarks send to stand for a client's address, heard only when TEST_CLIENT_ADDRESSES is on. */
const TEST_ADDRESS_HEADER = "X-Test-Client-Address";
/**
 * The address of every client outside Cloudflare: the app listens on loopback only, so each connection comes from
 * 127.0.0.1. workerd tells the Worker nothing else about the connection (wrangler's proxy fills CF-Connecting-IP in
 * only when the client left it out), so a header the client sent is never taken for it.
 */
const LOOPBACK_ADDRESS = "127.0.0.1";

type AddressEnv = Pick<AppEnv, "APP_ENV" | "TEST_CLIENT_ADDRESSES">;

/**
 * Who is asking, decided once as the request arrives: behind Cloudflare (production) its CF-Connecting-IP; anywhere
 * else the connection's own address, or in tests the address the request stands for.
 */
export function settledAddress(request: Request, env: AddressEnv): string {
  if (env.APP_ENV === "production") return request.headers.get(ADDRESS_HEADER) ?? "unknown";
  const standIn = env.TEST_CLIENT_ADDRESSES === "on" ? request.headers.get(TEST_ADDRESS_HEADER) : null;
  return standIn ?? LOOPBACK_ADDRESS;
}

/** The request the app handles: its CF-Connecting-IP is the settled address, whatever the client sent. */
export function withSettledAddress(request: Request, env: AddressEnv): Request {
  const address = settledAddress(request, env);
  if (request.headers.get(ADDRESS_HEADER) === address && !request.headers.has(TEST_ADDRESS_HEADER)) return request;
  const headers = new Headers(request.headers);
  headers.set(ADDRESS_HEADER, address);
  headers.delete(TEST_ADDRESS_HEADER);
  return new Request(request, { headers });
}

/** Who is asking: the address the edge settled (`withSettledAddress`). */
export function clientAddress(request: Request): string {
  return request.headers.get(ADDRESS_HEADER) ?? LOOPBACK_ADDRESS;
}
