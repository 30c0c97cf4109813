// Sending e-mail: the local outbox (DESIGN §6) or an HTTP e-mail API in
// production, behind one interface.
import { desc, type SQL, sql } from "drizzle-orm";
import { write, type Read, type Sender } from "~/db/batch.server.ts";
import type { Database } from "~/db/client.server.ts";
import { outbox } from "~/db/schema.ts";
import type { AppEnv } from "~/env.server.ts";
import { countOne, MAIL_TO_ADDRESS_LIMIT, type Counter } from "./rate-limit.server.ts";

export type Email = { to: string; subject: string; text: string };
export type Mailer = { kind: "outbox" | "http"; send: (email: Email) => Promise<void> };

function outboxMailer(db: Database): Mailer {
  return {
    kind: "outbox",
    async send(email) {
      await db.insert(outbox).values(email);
    },
  };
}

function httpMailer(env: AppEnv & { EMAIL_API_URL: string }): Mailer {
  return {
    kind: "http",
    async send(email) {
      const response = await fetch(env.EMAIL_API_URL, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(env.EMAIL_API_KEY ? { Authorization: `Bearer ${env.EMAIL_API_KEY}` } : {}),
        },
        body: JSON.stringify({ from: env.EMAIL_FROM, to: email.to, subject: email.subject, text: email.text }),
      });
      if (!response.ok) throw new Error(`E-mail API answered ${response.status}`);
    },
  };
}

export function getMailer(env: AppEnv, db: Database): Mailer {
  return env.EMAIL_API_URL ? httpMailer({ ...env, EMAIL_API_URL: env.EMAIL_API_URL }) : outboxMailer(db);
}

/** The outbox is readable only when it is the sender and not in production. */
export function outboxIsReadable(env: AppEnv): boolean {
  return !env.EMAIL_API_URL && env.APP_ENV !== "production";
}

export async function readOutbox(db: Database, limit = 50) {
  return db
    .select({ to: outbox.to, subject: outbox.subject, text: outbox.text, createdAt: outbox.createdAt })
    .from(outbox)
    .orderBy(desc(outbox.createdAt), desc(sql`rowid`))
    .limit(limit);
}

/** An e-mail that must not undo what was done: a failure is logged, the entry stands. */
export async function sendQuietly(mailer: Mailer, email: Parameters<Mailer["send"]>[0]): Promise<void> {
  try {
    await mailer.send(email);
  } catch (error) {
    console.error("e-mail failed", error);
  }
}

/** How an address is counted: as typed, trimmed and in lower case. */
export const mailKey = (address: string) => address.trim().toLowerCase();

/** The addresses, of those counted, that may still be e-mailed this hour. */
export type MailAllowance = ReadonlySet<string>;

/**
 * Counts one e-mail to each address typed in by someone else (MAIL_TO_ADDRESS_LIMIT), as statements for the batch of
 * the action the e-mails tell of: a refused action counts nothing. Answers the addresses counted and still under the
 * limit (counted only `when` that holds).
 */
export function countMail(addresses: readonly string[], now: number, when?: SQL): Read<MailAllowance> {
  const keys = [...new Set(addresses.map(mailKey))];
  const within = (rows: unknown) => {
    const row = (rows as Counter[])[0];
    return row !== undefined && Number(row.count) <= MAIL_TO_ADDRESS_LIMIT.limit;
  };
  return {
    items: keys.map((key) => countOne(MAIL_TO_ADDRESS_LIMIT, key, now, 1, when)),
    result: (raw) => new Set(keys.filter((_, i) => within(raw[i]))),
  };
}

/**
 * The one way out for an e-mail to an address someone else typed in: sent (quietly) only if the address was
 * counted within the limit; past it the e-mail is dropped without a word and the action stands.
 */
export async function sendCounted(mailer: Mailer, allowed: MailAllowance, emails: readonly Email[]): Promise<void> {
  for (const email of emails) if (allowed.has(mailKey(email.to))) await sendQuietly(mailer, email);
}

/** For e-mails told after the action's own batch: counted in one round trip of their own, then sent. */
export async function sendLimited(db: Sender, mailer: Mailer, emails: readonly Email[], now = Date.now()) {
  if (emails.length === 0) return;
  const counted = countMail(
    emails.map((e) => e.to),
    now,
  );
  await sendCounted(mailer, await db.write(write(counted.items, counted.result)), emails);
}
