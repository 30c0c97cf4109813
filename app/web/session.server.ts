// The signed session cookie (DESIGN §6), naming a server-side session
// (sessions.server.ts), and the flash toast cookie.
//
// It imports no other module of the app's server, so that the end-to-end fixtures can sign a session in as the app
// does (e2e/support/database.ts).
import { createCookieSessionStorage, type SessionStorage } from "react-router";
import type { SessionData } from "../features/accounts/domain/sessions.ts";

export type { SessionData };
export type Toast = { type: "success" | "error"; title: string; description?: string };
/** What the flash cookie carries to the next page: a toast, and a refused form's reply (the page's to read). */
type ToastData = { toast: Toast; reply: unknown };

const THIRTY_DAYS = 60 * 60 * 24 * 30;
const storages = new Map<string, { session: SessionStorage<SessionData>; toast: SessionStorage<object, ToastData> }>();

/** What the cookies are signed and marked with (the app's environment has both). */
type CookieEnv = { readonly SESSION_SECRET: string; readonly APP_ENV: string };

function storagesFor(env: CookieEnv) {
  const secure = env.APP_ENV === "production";
  const key = `${env.SESSION_SECRET}:${secure}`;
  let entry = storages.get(key);
  if (!entry) {
    const cookie = { path: "/", httpOnly: true, sameSite: "lax" as const, secure, secrets: [env.SESSION_SECRET] };
    entry = {
      session: createCookieSessionStorage<SessionData>({
        cookie: { ...cookie, name: "br_session", maxAge: THIRTY_DAYS },
      }),
      toast: createCookieSessionStorage<object, ToastData>({ cookie: { ...cookie, name: "br_toast" } }),
    };
    storages.set(key, entry);
  }
  return entry;
}

/**
 * The session the cookie names, or null (a tampered cookie reads as none).
 * Whether it is still current is the database's to say.
 */
export async function readSession(request: Request, env: CookieEnv): Promise<SessionData | null> {
  const session = await storagesFor(env).session.getSession(request.headers.get("Cookie"));
  const sessionId = session.get("sessionId");
  const userId = session.get("userId");
  const userType = session.get("userType");
  if (
    typeof sessionId !== "string" ||
    typeof userId !== "string" ||
    (userType !== "player" && userType !== "organiser")
  ) {
    return null;
  }
  return { sessionId, userId, userType };
}

export async function commitSession(env: CookieEnv, data: SessionData): Promise<string> {
  const storage = storagesFor(env).session;
  const session = await storage.getSession();
  session.set("sessionId", data.sessionId);
  session.set("userId", data.userId);
  session.set("userType", data.userType);
  return storage.commitSession(session);
}

export async function destroySession(env: CookieEnv): Promise<string> {
  const storage = storagesFor(env).session;
  return storage.destroySession(await storage.getSession());
}

/**
 * A Set-Cookie value carrying a toast to show after the next redirect, and with it, for a form that was refused,
 * the reply its page shows (what was typed, the message beside its field).
 */
export async function flashToast(env: CookieEnv, toast: Toast | null, reply?: object): Promise<string> {
  const storage = storagesFor(env).toast;
  const session = await storage.getSession();
  if (toast) session.flash("toast", toast);
  if (reply) session.flash("reply", reply);
  return storage.commitSession(session);
}

/** The flashed reply of a refused form, for its page's loader to check; the root's `takeToast` clears the cookie. */
export async function flashedReply(request: Request, env: CookieEnv): Promise<unknown> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes("br_toast=")) return null;
  return (await storagesFor(env).toast.getSession(cookieHeader)).get("reply") ?? null;
}

/** Reads (and clears) the flashed toast. */
export async function takeToast(
  request: Request,
  env: CookieEnv,
): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes("br_toast=")) return { toast: null, setCookie: null };
  const storage = storagesFor(env).toast;
  const session = await storage.getSession(cookieHeader);
  const toast = session.get("toast");
  return {
    toast: isToast(toast) ? toast : null,
    setCookie: await storage.destroySession(session),
  };
}

function isToast(value: unknown): value is Toast {
  if (typeof value !== "object" || value === null) return false;
  const t = value as Record<string, unknown>;
  return (t.type === "success" || t.type === "error") && typeof t.title === "string";
}
