// The theme is kept in a small signed cookie so the server renders the right
// theme with no flash; the browser also mirrors it in localStorage (`theme`).
import { createCookieSessionStorage } from "react-router";
import { createThemeSessionResolver, type Theme, type ThemeSessionResolver } from "remix-themes";

const resolvers = new Map<string, ThemeSessionResolver>();

export function themeSessionResolver(secret: string, secure: boolean): ThemeSessionResolver {
  const key = `${secret}:${secure}`;
  let resolver = resolvers.get(key);
  if (!resolver) {
    resolver = createThemeSessionResolver(
      createCookieSessionStorage({
        cookie: {
          name: "br_theme",
          path: "/",
          httpOnly: true,
          sameSite: "lax",
          secure,
          secrets: [secret],
          maxAge: 60 * 60 * 24 * 365,
        },
      }),
    );
    resolvers.set(key, resolver);
  }
  return resolver;
}

export async function getThemeFromRequest(request: Request, secret: string, secure: boolean): Promise<Theme | null> {
  const session = await themeSessionResolver(secret, secure)(request);
  return session.getTheme();
}
