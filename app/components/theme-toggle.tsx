// Light/dark toggle. Without JavaScript it is a form that sets the theme
// cookie and comes back to this page; with it, the change is instant.
import type { FormEvent } from "react";
import { useLocation } from "react-router";
import { useTheme } from "./theme.tsx";
import { MoonIcon, SunIcon } from "./icons.tsx";

export const THEME_STORAGE_KEY = "theme";

export function ThemeToggle() {
  const [theme, setTheme, chosen] = useTheme();
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
      {chosen ? (
        <button type="submit" className="btn-ghost px-3" aria-label={label} title={label} data-testid="theme-toggle">
          {theme === "dark" ? <SunIcon /> : <MoonIcon />}
        </button>
      ) : (
        // Nobody chose: the page follows the device, which only its style sheet knows (a page drawn by the server
        // alone, as the tablet's, keeps this): the label and the icon follow it too.
        <button type="submit" className="btn-ghost px-3" data-testid="theme-toggle">
          <span className="sr-only dark:hidden">Switch to dark theme</span>
          <span className="hidden dark:inline">
            <span className="sr-only">Switch to light theme</span>
          </span>
          <MoonIcon className="dark:hidden" />
          <SunIcon className="hidden dark:block" />
        </button>
      )}
    </form>
  );
}
