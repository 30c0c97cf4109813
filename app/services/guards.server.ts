// Who may see a page or call an endpoint (SPEC §6). Page guards throw
// redirects; API guards throw JSON errors.
import { redirect, type RouterContextProvider } from "react-router";
import { appContext } from "~/context.server.ts";
import { dashboardPath, type UserType } from "~/domain/accounts.ts";
import type { CurrentUser } from "./accounts.server.ts";
import { jsonError } from "./http.server.ts";

type Ctx = Readonly<RouterContextProvider>;

export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const redirectTo = url.pathname + url.search;
  return redirect(`/login?${new URLSearchParams({ redirectTo })}`);
}

export async function requireUser(request: Request, context: Ctx): Promise<CurrentUser> {
  const user = await context.get(appContext).getUser();
  if (!user) throw loginRedirect(request);
  return user;
}

async function requireRole(request: Request, context: Ctx, role: UserType): Promise<CurrentUser> {
  const user = await requireUser(request, context);
  if (user.userType !== role) throw redirect(dashboardPath(user.userType));
  return user;
}

export const requirePlayer = (request: Request, context: Ctx) => requireRole(request, context, "player");
export const requireOrganiser = (request: Request, context: Ctx) => requireRole(request, context, "organiser");

/** Signed-in visitors are sent to their dashboard (login and sign-up pages). */
export async function redirectIfSignedIn(context: Ctx): Promise<void> {
  const user = await context.get(appContext).getUser();
  if (user) throw redirect(dashboardPath(user.userType));
}

export async function requireApiUser(context: Ctx, role?: UserType): Promise<CurrentUser> {
  const user = await context.get(appContext).getUser();
  if (!user) throw jsonError(401, "You need to sign in first");
  if (role && user.userType !== role) {
    throw jsonError(403, role === "organiser" ? "Only tournament directors can do that" : "Only players can do that");
  }
  return user;
}
