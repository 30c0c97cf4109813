// Who may see a page or call an endpoint (SPEC §6). Page guards throw
// redirects; API guards throw JSON errors.
//
// A claim is what the signed cookie says: who the caller is, before the
// database confirms the session is still current (a password reset ends
// older ones, as do logout and "Sign out" on another device). A handler may start its reads with the claimed id, so they
// share one round trip with the user lookup; `confirm` then answers only
// once the user is confirmed, and the request's writes are held until the
// confirmation and fail without it — unless a batch asserts the session
// itself (`batch`), which then needs no wait.
import type { BatchResponse } from "drizzle-orm/batch";
import { redirect, type RouterContextProvider } from "react-router";
import { appContext } from "~/context.server.ts";
import { dashboardPath, type UserType } from "~/domain/accounts.ts";
import type { BatchRunner } from "~/db/client.server.ts";
import type { CurrentUser } from "./accounts.server.ts";
import { assertInBatch, isBatchGuardFailure } from "./batch-guard.server.ts";
import { jsonError } from "./http.server.ts";
import { sessionIsCurrent, type SessionData } from "./sessions.server.ts";

type Ctx = Readonly<RouterContextProvider>;

export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const redirectTo = url.pathname + url.search;
  return redirect(`/login?${new URLSearchParams({ redirectTo })}`);
}

export type Claim = {
  id: string;
  userType: UserType;
  /** The session the cookie names (for the devices list and signing out). */
  session: SessionData;
  /** The confirmed user; rejects with the guard's answer when the session is over. */
  user: () => Promise<CurrentUser>;
  /** The confirmed user and `work`'s result; the guard's answer wins over `work`'s error. */
  confirm: <T>(work: Promise<T>) => Promise<[CurrentUser, T]>;
  /**
   * A write batch that asserts, as its first statement, that the session is
   * still current: it goes at once, with the reads gathered alongside it (the
   * user lookup among them) in the same round trip, and fails with the
   * guard's answer when the session is over.
   */
  batch: BatchRunner;
};

async function claim(context: Ctx, role: UserType | undefined, refuse: (session: { userType: UserType } | null) => Response): Promise<Claim> {
  const app = context.get(appContext);
  const session = await app.getSession();
  if (!session) throw refuse(null);
  // The wrong kind of account: refused as such only if the session is still current.
  if (role && session.userType !== role) throw refuse(await app.getUser());
  let confirmed: Promise<CurrentUser> | undefined;
  const user = () =>
    (confirmed ??= app.getUser().then((found) => {
      if (!found || found.id !== session.userId || (role && found.userType !== role)) throw refuse(found);
      return found;
    }));
  app.gateWrites(user);
  const current = assertInBatch(app.carrier, sessionIsCurrent(session, Date.now()));
  return {
    id: session.userId,
    userType: session.userType,
    session,
    user,
    batch: async (items) => {
      try {
        const [, ...results] = await app.carrier.batch([current, ...items]);
        return results as BatchResponse<typeof items>;
      } catch (error) {
        // The session's guard, or another in the batch: the user lookup tells which.
        if (isBatchGuardFailure(error)) await user();
        throw error;
      }
    },
    confirm: async (work) => {
      const [u, w] = await Promise.allSettled([user(), work]);
      if (u.status === "rejected") throw u.reason;
      if (w.status === "rejected") throw w.reason;
      return [u.value, w.value];
    },
  };
}

const pageRefusal = (request: Request) => (session: { userType: UserType } | null) =>
  session ? redirect(dashboardPath(session.userType)) : loginRedirect(request);

/** A page for any signed-in account: no cookie sends the visitor to sign in. */
export const claimUser = (request: Request, context: Ctx) => claim(context, undefined, pageRefusal(request));
export const claimPlayer = (request: Request, context: Ctx) => claim(context, "player", pageRefusal(request));
export const claimOrganiser = (request: Request, context: Ctx) => claim(context, "organiser", pageRefusal(request));

export const requireUser = async (request: Request, context: Ctx) => (await claimUser(request, context)).user();
export const requirePlayer = async (request: Request, context: Ctx) => (await claimPlayer(request, context)).user();
export const requireOrganiser = async (request: Request, context: Ctx) => (await claimOrganiser(request, context)).user();

/** Signed-in visitors are sent to their dashboard (login and sign-up pages). */
export async function redirectIfSignedIn(context: Ctx): Promise<void> {
  const user = await context.get(appContext).getUser();
  if (user) throw redirect(dashboardPath(user.userType));
}

/** An API call's caller: 401 without a (current) session, 403 for the wrong kind of account. */
export function claimApiUser(context: Ctx, role?: UserType): Promise<Claim> {
  return claim(context, role, (session) =>
    !session
      ? jsonError(401, "You need to sign in first")
      : jsonError(403, role === "organiser" ? "Only tournament directors can do that" : "Only players can do that"),
  );
}

export async function requireApiUser(context: Ctx, role?: UserType): Promise<CurrentUser> {
  return (await claimApiUser(context, role)).user();
}
