// Server-side sessions (DESIGN §6): one row per signed-in browser. The signed
// cookie names a row; the row decides whether the session is still current.
import { and, desc, eq, gt, lte, ne, sql, type SQL } from "drizzle-orm";
import { build, query, write, type Write } from "~/db/batch.server.ts";
import { sessions } from "~/db/schema.ts";
import type { UserType } from "~/domain/accounts.ts";
import { deviceLabel, SESSION_TTL_MS, type SessionData } from "~/features/accounts/domain/sessions.ts";
import { clientAddress } from "~/server/rate-limit.server.ts";

export type { SessionData };

export type SignedInDevice = { id: string; device: string; createdAt: number; lastSeenAt: number; current: boolean };

/** Who is signing in: the address they ask from, and the device label their session will show. */
export function clientOf(request: Request): { address: string; device: string } {
  return { address: clientAddress(request), device: deviceLabel(request.headers.get("User-Agent")) };
}

/** A new session's row and cookie data; nothing is written yet. */
export function newSession(userType: UserType, userId: string, device: string, now: number) {
  const data: SessionData = { sessionId: crypto.randomUUID(), userId, userType };
  const row = {
    id: data.sessionId,
    userType,
    userId,
    device,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: now + SESSION_TTL_MS,
  };
  return { data, row };
}

/** Writes the session's row; with `onlyIf`, only when that condition holds as the statement runs. */
export function insertSession(row: ReturnType<typeof newSession>["row"], onlyIf?: SQL) {
  if (!onlyIf) return build.insert(sessions).values(row);
  return build.run(sql`
    insert into ${sessions} (id, user_type, user_id, device, created_at, last_seen_at, expires_at)
    select ${row.id}, ${row.userType}, ${row.userId}, ${row.device}, ${row.createdAt}, ${row.lastSeenAt},
      ${row.expiresAt}
    where ${onlyIf}`);
}

/** True while the session the cookie names exists, is this account's, and has not expired. */
export function sessionIsCurrent(session: SessionData, now: number): SQL {
  return sql`exists (select 1 from ${sessions} where ${sessions.id} = ${session.sessionId}
    and ${sessions.userType} = ${session.userType} and ${sessions.userId} = ${session.userId}
    and ${sessions.expiresAt} > ${now})`;
}

const owned = (session: Pick<SessionData, "userId" | "userType">) =>
  and(eq(sessions.userType, session.userType), eq(sessions.userId, session.userId));

/** Logout: the cookie's session ends on the server. */
export function endSession(session: SessionData): Write<void> {
  return write([build.delete(sessions).where(and(eq(sessions.id, session.sessionId), owned(session)))]);
}

/** Ends one of the account's sessions by id; the number ended (0 for an unknown or someone else's). */
export function endSessionById(session: SessionData, sessionId: string): Write<number> {
  return write(
    [
      build
        .delete(sessions)
        .where(and(eq(sessions.id, sessionId), owned(session)))
        .returning({ id: sessions.id }),
    ],
    ([ended]) => (ended as unknown[]).length,
  );
}

/** "Sign out everywhere else": every session of the account but this one. */
export function endOtherSessions(session: SessionData): Write<number> {
  return write(
    [
      build
        .delete(sessions)
        .where(and(owned(session), ne(sessions.id, session.sessionId)))
        .returning({ id: sessions.id }),
    ],
    ([ended]) => (ended as unknown[]).length,
  );
}

/** The account's signed-in devices, most recently used first. */
export function signedInDevicesQuery(session: SessionData, now: number) {
  return query(
    build
      .select({
        id: sessions.id,
        device: sessions.device,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .where(and(owned(session), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
      .limit(50),
    (rows): SignedInDevice[] => rows.map((row) => ({ ...row, current: row.id === session.sessionId })),
  );
}

export function touchSession(sessionId: string, now: number): Write<void> {
  return write([build.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId))]);
}

export function pruneExpiredSessions(now: number) {
  return build.delete(sessions).where(lte(sessions.expiresAt, now));
}
