// Sending e-mail: the local outbox (DESIGN §6) or an HTTP e-mail API in
// production, behind one interface.
import { desc, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { outbox } from "~/db/schema.ts";
import type { AppEnv } from "~/env.server.ts";

type Email = { to: string; subject: string; text: string };
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
