// A page that renders without React on the client (decision 009: the tablet
// scoreboard). Its route's `handle` says so; the root then leaves out the
// framework's scripts and loads the page's own small script instead.
import type { UIMatch } from "react-router";

export type StaticPage = {
  hydrate: false;
  /**
   * The page's one script, at the site's root (`/scoreboard.js`, `/tv.js`, `/overlay.js`), loaded with the CSP nonce:
   * a classic script the build bundles from its TypeScript in a feature's client/ (scripts/lib/classic-scripts.ts,
   * decision 036).
   */
  script: string;
};

const isStaticPage = (handle: unknown): handle is StaticPage =>
  typeof handle === "object" &&
  handle !== null &&
  (handle as Partial<StaticPage>).hydrate === false &&
  typeof (handle as Partial<StaticPage>).script === "string";

/** The script of the deepest matched route that opts out of hydration, or null for an ordinary page. */
export function staticPageScript(matches: readonly UIMatch[]): string | null {
  for (const match of [...matches].reverse()) if (isStaticPage(match.handle)) return match.handle.script;
  return null;
}
