// Light/dark toggle. Without JavaScript it is a form that sets the theme
// cookie and comes back to this page; with it, the change is instant.
import type { FormEvent } from "react";
import { useLocation } from "react-router";
import { useTheme } from "./theme.tsx";
import { MoonIcon, SunIcon } from "./icons.tsx";

export const THEME_STORAGE_KEY = "theme";

export function ThemeToggle() {
  const [theme, setTheme] = useTheme();
  const location = useLocation();
  const next = theme === "dark" ? "light" : "dark";
  const label = next === "dark" ? "Switch to dark theme" : "Switch to light theme";

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTheme(next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage unavailable: the cookie still remembers the choice.
    }
  }

  return (
    <form method="post" action="/action/set-theme" onSubmit={onSubmit}>
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" className="btn-ghost px-3" aria-label={label} title={label} data-testid="theme-toggle">
        {theme === "dark" ? <SunIcon /> : <MoonIcon />}
      </button>
    </form>
  );
}
