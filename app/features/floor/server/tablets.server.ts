// A tablet stays with its table (decision 024): the board remembers
// the table's code in a long-lived cookie, so `/scoreboard` goes straight back
// to it after a restart; and the director can send the tablet at one table to
// another (`tables.sent_to`), which the tablet follows the next time it reads
// its board — at once with its script (a push to that table's tablets), within
// the page's 5-second refresh without it.
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { build, first, reads, write, type Read, type Sender } from "~/db/batch.server.ts";
import { tables } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import { normalizeAccessCode } from "~/features/floor/domain/tables.ts";
import type { Change } from "~/domain/changes.ts";

const COOKIE = "br_table";
/** As long as browsers keep a cookie (400 days): the tablet is set up once. */
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

const cookieAttributes = (secure: boolean) => `Path=/scoreboard; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;

/** The table this tablet was last at, as its cookie says (a well-formed code, not yet checked against the tables). */
export function rememberedCode(request: Request): string | null {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [name, value = ""] = part.trim().split("=");
    if (name === COOKIE) return normalizeAccessCode(value);
  }
  return null;
}

/** The Set-Cookie that remembers `code` for this tablet (null when the cookie already says so). */
export function rememberCode(request: Request, code: string, secure: boolean): string | null {
  if (rememberedCode(request) === code) return null;
  return `${COOKIE}=${code}; Max-Age=${MAX_AGE_SECONDS}; ${cookieAttributes(secure)}`;
}

/** The Set-Cookie that forgets the table (its code was replaced or the table deleted). */
export const forgetCode = (secure: boolean) => `${COOKIE}=; Max-Age=0; ${cookieAttributes(secure)}`;

/** Where the director sent the tablets of the table with this code, if anywhere: the target's id and code. */
export function sentToQuery(code: string): Read<{ id: string; accessCode: string } | null> {
  const target = alias(tables, "target");
  return first(
    build
      .select({ id: target.id, accessCode: target.accessCode })
      .from(tables)
      .innerJoin(target, eq(target.id, tables.sentTo))
      .where(eq(tables.accessCode, code))
      .limit(1),
  );
}

/**
 * The tablet followed the send: the table's own tablets are its own again. Only
 * the send it followed is cleared (a newer one, to elsewhere, stays).
 */
export async function followedSend(db: Sender, code: string, targetId: string): Promise<void> {
  await db.write(
    write([
      build
        .update(tables)
        .set({ sentTo: null })
        .where(and(eq(tables.accessCode, code), eq(tables.sentTo, targetId))),
    ]),
  );
}

const SAME_TABLE = "The tablet is already at that table";

/**
 * "Send a tablet to another table": the tablets showing `fromId`'s board go
 * to `toId`'s. Both must be the director's own tables (404 for none such,
 * 403 for another director's), checked again by the write's own statement.
 */
export async function sendTablet(
  db: Sender,
  organiserId: string,
  fromId: string,
  toId: string,
): Promise<{ from: string; to: string; change: Change }> {
  if (fromId === toId) throw new DomainError(400, SAME_TABLE);
  const owned = (id: string) =>
    first(
      build
        .select({ organiserId: tables.organiserId, name: tables.name })
        .from(tables)
        .where(eq(tables.id, id))
        .limit(1),
    );
  const { from, to } = await db.send(reads({ from: owned(fromId), to: owned(toId) }));
  if (!from || !to) throw new DomainError(404, "Table not found");
  if (from.organiserId !== organiserId || to.organiserId !== organiserId) {
    throw new DomainError(403, "You can only send tablets between your own tables");
  }
  const mine = sql`(select 1 from ${tables} where id = ${toId} and organiser_id = ${organiserId})`;
  const sent = await db.write(
    write(
      [
        build
          .update(tables)
          .set({ sentTo: toId })
          .where(and(eq(tables.id, fromId), eq(tables.organiserId, organiserId), sql`exists ${mine}`))
          .returning({ id: tables.id }),
      ],
      ([rows]) => (rows as { id: string }[]).length > 0,
    ),
  );
  if (!sent) throw new DomainError(404, "Table not found");
  return {
    from: from.name,
    to: to.name,
    change: { organiserId, tournamentId: null, what: "table", sentTablet: fromId },
  };
}
