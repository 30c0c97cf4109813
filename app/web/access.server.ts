// Who is asking (SPEC §6), and the only way a request reads or writes.
//
// The signed cookie names a session; only the database can say whether it is
// still current (logout, a password reset and "Sign out" on another device
// end it). So every read a signed-in request makes goes as one batch with the
// session's user lookup first, and its rows come back only when that lookup
// found the user; every write goes as one atomic batch whose first statement
// asserts the session, so it fails as a whole when the session is over. There
// is no other way to the rows: `build` cannot send (db/batch.server.ts).
//
// Page guards refuse with redirects (to sign in, or to the right dashboard);
// API guards with JSON 401/403.
import { redirect, type RouterContextProvider } from "react-router";
import { appContext } from "~/context.server.ts";
import {
  assertSession,
  isSessionGuardFailure,
  known,
  reads,
  sendRead,
  sendWrite,
  writeNow,
  type Read,
  type ReadResult,
  type Sender,
  type Write,
} from "~/db/batch.server.ts";
import { dashboardPath, type UserType } from "~/domain/accounts.ts";
import { lastSeenIsStale } from "~/features/accounts/domain/sessions.ts";
import { sessionUserQuery, toSessionUser, type CurrentUser } from "../features/accounts/server/accounts.server.ts";
import { jsonError } from "./http.server.ts";
import { sessionIsCurrent, touchSession, type SessionData } from "../features/accounts/server/sessions.server.ts";

type Ctx = Readonly<RouterContextProvider>;
type Parts = Record<string, Read<unknown>>;
type Results<P extends Parts> = { [K in keyof P]: ReadResult<P[K]> };

/** A signed-in caller: who the cookie names, and reads and writes that carry the session's check. */
export type Caller = Sender & {
  /** The account the signed cookie names, to build statements with; nothing read comes back unconfirmed. */
  readonly id: string;
  readonly userType: UserType;
  readonly session: SessionData;
  /** One round trip: the session's user, then `parts`; the user and the results, or the guard's answer. */
  read<P extends Parts = Record<never, never>>(parts?: P): Promise<{ user: CurrentUser } & Results<P>>;
  /** One atomic batch, the session asserted first; the guard's answer when the session is over. */
  write<T>(batch: Write<T>): Promise<T>;
};

/** Anyone (signed in or not): reads carry the user lookup when a cookie names a session; writes assert nothing. */
export type Visitor = Sender & {
  readonly session: SessionData | null;
  read<P extends Parts = Record<never, never>>(parts?: P): Promise<{ user: CurrentUser | null } & Results<P>>;
};

/** The signed cookie's session, read once per request (no database). */
const sessionOf = (context: Ctx) => context.get(appContext).getSession();

async function readWithUser<T>(context: Ctx, session: SessionData | null, read: Read<T>) {
  const app = context.get(appContext);
  const now = Date.now();
  const lookup = session ? sessionUserQuery(session, now) : undefined;
  const { first, result } = await sendRead(app.database, read, lookup);
  const found = session && first ? toSessionUser(session.userType, first) : null;
  // "Last seen" is written after the answer, and only every few minutes.
  if (session && found && lastSeenIsStale(found.lastSeenAt, now)) {
    app.waitUntil(writeNow(app.database, touchSession(session.sessionId, now)).catch(() => undefined));
  }
  return { user: found?.user ?? null, results: result };
}

/** Anyone: the user when a current session is named, else null. */
export function visitor(context: Ctx): Promise<Visitor> {
  return sessionOf(context).then((session) => {
    const withUser = <T>(read: Read<T>) => readWithUser(context, session, read);
    return {
      session,
      read: async (parts) => {
        const { user, results } = await withUser(reads(parts ?? {}));
        return { ...(results as Results<NonNullable<typeof parts>>), user };
      },
      send: async (read) => (await withUser(read)).results,
      write: (batch) => writeNow(context.get(appContext).database, batch),
    };
  });
}

type Refuse = (signedIn: CurrentUser | null) => Response;

async function caller(context: Ctx, role: UserType | undefined, refuse: Refuse): Promise<Caller> {
  const session = await sessionOf(context);
  if (!session) throw refuse(null);
  // The wrong kind of account: refused as such only while the session is current.
  if (role && session.userType !== role) throw refuse((await readWithUser(context, session, known(null))).user);
  const app = context.get(appContext);
  /** The read's results and the user, only while the session is current. */
  const confirmed = async <T>(read: Read<T>) => {
    const { user, results } = await readWithUser(context, session, read);
    if (!user) throw refuse(null);
    return { user, results };
  };
  return {
    id: session.userId,
    userType: session.userType,
    session,
    read: async (parts) => {
      const { user, results } = await confirmed(reads(parts ?? {}));
      return { ...(results as Results<NonNullable<typeof parts>>), user };
    },
    send: async (read) => (await confirmed(read)).results,
    write: (batch) =>
      sendWrite(app.database, batch, assertSession(sessionIsCurrent(session, Date.now())), (error) => {
        if (isSessionGuardFailure(error)) throw refuse(null);
      }),
  };
}

function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const redirectTo = url.pathname + url.search;
  return redirect(`/login?${new URLSearchParams({ redirectTo })}`);
}

const pageRefusal =
  (request: Request): Refuse =>
  (user) =>
    user ? redirect(dashboardPath(user.userType)) : loginRedirect(request);

/** A page for a signed-in account (of `role`): without one, to sign in; the wrong kind, to its own dashboard. */
export const signedIn = (request: Request, context: Ctx, role?: UserType) =>
  caller(context, role, pageRefusal(request));

/** An API call's caller: 401 without a current session, 403 for the wrong kind of account. */
export function apiCaller(context: Ctx, role?: UserType): Promise<Caller> {
  return caller(context, role, (user) =>
    !user
      ? jsonError(401, "You need to sign in first")
      : jsonError(403, role === "organiser" ? "Only tournament directors can do that" : "Only players can do that"),
  );
}

/** Signed-in visitors are sent to their dashboard (login and sign-up pages). */
export async function redirectIfSignedIn(context: Ctx): Promise<void> {
  const session = await sessionOf(context);
  if (!session) return;
  const { user } = await readWithUser(context, session, known(null));
  if (user) throw redirect(dashboardPath(user.userType));
}

/**
 * Figures that are the caller's alone (docs/decisions/005): someone else's are a 403 — a 401 first when the
 * session is over.
 */
export async function requireSelf(caller: Caller, id: string, refusal: string): Promise<void> {
  if (caller.id === id) return;
  await caller.read();
  throw jsonError(403, refusal);
}
