// Sets the theme cookie: a JSON POST from the theme toggle (sent as text/plain), or a plain form
// POST from the toggle when JavaScript has not loaded (then redirects back).
import { redirect } from "react-router";
import { Theme } from "remix-themes";
import { z } from "zod";
import { appContext } from "~/context.server.ts";
import { mediaType } from "~/edge.server.ts";
import { answer } from "~/web/endpoint.server.ts";
import { readJson } from "~/web/http.server.ts";
import { themeSessionResolver } from "~/theme.server.ts";
import { safeRedirectPath } from "~/utils/redirect.ts";
import type { Route } from "./+types/route";

const ThemeSchema = z.object({ theme: z.enum([Theme.LIGHT, Theme.DARK], { error: "Choose light or dark" }).nullish() });

export async function action({ request, context }: Route.ActionArgs) {
  const { env } = context.get(appContext);
  const session = await themeSessionResolver(env.SESSION_SECRET, env.APP_ENV === "production")(request);
  const type = mediaType(request.headers.get("Content-Type"));
  if (type !== "application/json" && type !== "text/plain") {
    // The edge lets only forms and JSON through to this route.
    const form = await request.formData();
    const parsed = ThemeSchema.safeParse({ theme: form.get("theme") });
    if (parsed.success && parsed.data.theme) session.setTheme(parsed.data.theme);
    return redirect(safeRedirectPath(form.get("redirectTo"), "/"), {
      headers: { "Set-Cookie": await session.commit() },
    });
  }
  return answer(async () => {
    // The toggle sends the JSON without a type (text/plain): read it as the JSON it is.
    const body =
      type === "text/plain" ? new Request(request, { headers: { "Content-Type": "application/json" } }) : request;
    const { theme } = await readJson(body, ThemeSchema);
    if (!theme) return Response.json({ success: true }, { headers: { "Set-Cookie": await session.destroy() } });
    session.setTheme(theme);
    return Response.json({ success: true }, { headers: { "Set-Cookie": await session.commit() } });
  });
}

export function loader() {
  return redirect("/");
}
