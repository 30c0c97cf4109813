// The light/dark theme in the browser: what the page was drawn in (the
// server reads the signed cookie), changed at once on the toggle, remembered
// by the server (a POST to the theme action) and told to the site's other
// open tabs. A few lines in place of remix-themes' client (decision 009); the
// server side keeps its cookie resolver.
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

export type Theme = "light" | "dark";
export const isTheme = (value: unknown): value is Theme => value === "light" || value === "dark";

type ThemeState = readonly [Theme, (next: Theme) => void];
const ThemeContext = createContext<ThemeState>(["light", () => {}]);
const CHANNEL = "break-and-run-theme";

export function ThemeProvider({
  specifiedTheme,
  themeAction,
  children,
}: {
  specifiedTheme: Theme;
  themeAction: string;
  children: ReactNode;
}) {
  const [theme, setTheme] = useState<Theme>(specifiedTheme);

  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (isTheme(event.data)) setTheme(event.data);
    };
    return () => channel.close();
  }, []);

  const state = useMemo<ThemeState>(
    () => [
      theme,
      (next) => {
        setTheme(next);
        if (typeof BroadcastChannel !== "undefined") {
          const channel = new BroadcastChannel(CHANNEL);
          channel.postMessage(next);
          channel.close();
        }
        // The action takes the JSON as a bare string (the browser calls it text/plain).
        void fetch(themeAction, { method: "POST", body: JSON.stringify({ theme: next }) }).catch(() => {});
      },
    ],
    [theme, themeAction],
  );
  return <ThemeContext.Provider value={state}>{children}</ThemeContext.Provider>;
}

export const useTheme = () => useContext(ThemeContext);
