// The light/dark theme in the browser: what the page was drawn in (the
// server reads the signed cookie), changed at once on the toggle, remembered
// by the server (a POST to the theme action) and told to the site's other
// open tabs. A few lines in place of remix-themes' client (decision 009); the
// server side keeps its cookie resolver.
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

export type Theme = "light" | "dark";
export const isTheme = (value: unknown): value is Theme => value === "light" || value === "dark";

/**
 * The theme shown, its setter, and whether someone chose it: until someone does (no cookie) the page follows the
 * device's own setting (the `system` class: app.css's dark variant), which the browser alone knows — the server
 * draws it as light, and after hydration the theme shown is the device's.
 */
type ThemeState = readonly [Theme, (next: Theme) => void, boolean];
const ThemeContext = createContext<ThemeState>(["light", () => {}, true]);
const CHANNEL = "break-and-run-theme";

/** The device's own setting (light on the server, which cannot know it). */
const deviceTheme = (): Theme =>
  typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";

export function ThemeProvider({
  specifiedTheme,
  themeAction,
  children,
}: {
  /** The theme chosen (the cookie's), or null: none chosen yet. */
  specifiedTheme: Theme | null;
  themeAction: string;
  children: ReactNode;
}) {
  const [chosen, setChosen] = useState<Theme | null>(specifiedTheme);
  const [device, setDevice] = useState<Theme>("light");

  useEffect(() => {
    setDevice(deviceTheme());
    if (typeof matchMedia !== "function") return;
    const query = matchMedia("(prefers-color-scheme: dark)");
    const follow = () => setDevice(query.matches ? "dark" : "light");
    query.addEventListener?.("change", follow);
    return () => query.removeEventListener?.("change", follow);
  }, []);

  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (isTheme(event.data)) setChosen(event.data);
    };
    return () => channel.close();
  }, []);

  const state = useMemo<ThemeState>(
    () => [
      chosen ?? device,
      (next) => {
        setChosen(next);
        if (typeof BroadcastChannel !== "undefined") {
          const channel = new BroadcastChannel(CHANNEL);
          channel.postMessage(next);
          channel.close();
        }
        // The action takes the JSON as a bare string (the browser calls it text/plain).
        void fetch(themeAction, { method: "POST", body: JSON.stringify({ theme: next }) }).catch(() => {});
      },
      chosen !== null,
    ],
    [chosen, device, themeAction],
  );
  return <ThemeContext.Provider value={state}>{children}</ThemeContext.Provider>;
}

export const useTheme = () => useContext(ThemeContext);
