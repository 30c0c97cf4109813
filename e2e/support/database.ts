// The e2e server's database, reached directly (the Epic Stack's way for fixtures a browser need not build): for
// what a test would otherwise wait for on the real clock, such as a call made a minute ago.
import { createClient, type Client } from "@libsql/client";
import {
  anotherSession as anotherSessionOf,
  type Role,
  type Session,
  signedInAccount,
} from "../../test-support/accounts.ts";

let client: Client | undefined;

/** The libSQL server `scripts/serve-test.ts` started beside the app (port from playwright.config.ts). */
function database(): Client {
  const port = process.env.E2E_DB_PORT;
  if (!port) throw new Error("E2E_DB_PORT is not set: run the tests through playwright.config.ts");
  client ??= createClient({ url: `http://127.0.0.1:${port}` });
  return client;
}

/** Moves the match's call to a table `ms` into the past: its no-show clock has run that long. */
export async function calledAgo(matchId: string, ms: number): Promise<void> {
  const done = await database().execute({
    sql: "update matches set table_assigned_at = table_assigned_at - ? where id = ?",
    args: [ms, matchId],
  });
  if (done.rowsAffected !== 1) throw new Error(`no match ${matchId} to move`);
}

/** Moves the tournament's registration deadline to a second ago, as if its time had come. */
export async function closeRegistration(tournamentId: string): Promise<void> {
  const done = await database().execute({
    sql: "update tournaments set registration_deadline = ? where id = ?",
    args: [Date.now() - 1_000, tournamentId],
  });
  if (done.rowsAffected !== 1) throw new Error(`no tournament ${tournamentId} to close`);
}

/** Sets a season's qualifying frames for the averages' merit table, as its secretary's form would. */
export async function setMeritMinFrames(seasonId: string, frames: number): Promise<void> {
  const done = await database().execute({
    sql: "update seasons set merit_min_frames = ? where id = ?",
    args: [frames, seasonId],
  });
  if (done.rowsAffected !== 1) throw new Error(`no season ${seasonId} to set`);
}

/** A session cookie as Playwright stores it. */
type SessionCookie = {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: "Lax";
};

/** The e2e server's session secret (playwright.config.ts chose it). */
function secret(): string {
  const value = process.env.E2E_SESSION_SECRET;
  if (!value) throw new Error("E2E_SESSION_SECRET is not set: run the tests through playwright.config.ts");
  return value;
}

/** A session's cookie as a browser on this site stores it. */
const browserCookie = (cookie: Session["cookie"]): SessionCookie => ({
  name: cookie.name,
  value: cookie.value,
  domain: "127.0.0.1",
  path: "/",
  expires: Math.floor(cookie.expiresAt / 1000),
  httpOnly: true,
  secure: false,
  sameSite: "Lax",
});

/**
 * An account made in the database and signed in, as the Epic Stack's `login()` does (test-support/accounts.ts, the
 * factories every suite shares): the rows a sign-up writes and a session, and the cookie a browser would have been
 * given. For tests about something else than signing up; the password still works on the login form.
 */
export async function signedIn(
  role: Role,
  who: { name: string; email: string; password: string },
): Promise<{ id: string; cookie: SessionCookie }> {
  // A director's organisation is named after them, their venue the one the creation form offers first.
  const organisation =
    role === "organiser" ? { organisationName: `${who.name} Pool League`, venue: "The Red Lion, Leeds" } : {};
  const { id, cookie } = await signedInAccount(database(), secret(), role, { ...who, ...organisation });
  return { id, cookie: browserCookie(cookie) };
}

/**
 * One more session of an account `signedIn` made, as a sign-in on another device writes it: the cookie that device
 * would have been given.
 */
export async function anotherSession(role: Role, id: string): Promise<SessionCookie> {
  return browserCookie((await anotherSessionOf(database(), secret(), role, id)).cookie);
}
