// Sets the theme cookie: a JSON POST from remix-themes, or a plain form
// POST from the toggle when JavaScript has not loaded (then redirects back).
import { redirect } from "react-router";
import { createThemeAction, isTheme } from "remix-themes";
import { appContext } from "~/context.server.ts";
import { safeRedirectPath } from "~/utils/redirect.ts";
import { themeSessionResolver } from "~/theme.server.ts";
import type { Route } from "./+types/route";

export async function action(args: Route.ActionArgs) {
  const { env } = args.context.get(appContext);
  const resolver = themeSessionResolver(env.SESSION_SECRET, env.APP_ENV === "production");
  const contentType = args.request.headers.get("Content-Type") ?? "";
  if (
    contentType.includes("application/x-www-form-urlencoded") ||
    contentType.includes("multipart/form-data")
  ) {
    const form = await args.request.formData();
    const theme = form.get("theme");
    const to = safeRedirectPath(form.get("redirectTo"), "/");
    const session = await resolver(args.request);
    if (isTheme(theme)) session.setTheme(theme);
    return redirect(to, { headers: { "Set-Cookie": await session.commit() } });
  }
  return createThemeAction(resolver)(args);
}

export function loader() {
  return redirect("/");
}
