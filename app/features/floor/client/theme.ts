// The theme on the tablet's pages (decision 024: its toggle is on the change page): switched at once without a
// reload, remembered by this tablet and by the cookie.
const THEME_KEY = "theme";
/** The toggle's field: the theme it switches to. */
type ThemeFields = { theme?: HTMLInputElement };

/** Switches to `theme`; once the cookie follows, `after` (the board read again, or the page reloaded). */
function setTheme(theme: string, after: () => void): void {
  const classes = document.documentElement.classList;
  classes.remove("light", "dark", "system");
  classes.add(theme);
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage unavailable (private mode): the cookie still remembers.
  }
  // The body as remix-themes sends it; the answer sets the cookie, then the board comes back with the right icon.
  fetch("/action/set-theme", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "text/plain;charset=UTF-8" },
    body: JSON.stringify({ theme }),
  }).then(after, () => {});
}

/** The toggle's form, switched here. Delegated, so it survives the board's swaps. */
export function themeToggle(after: () => void): void {
  document.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement | null;
    if (form?.getAttribute("action") !== "/action/set-theme") return;
    const theme = (form.elements as unknown as ThemeFields).theme;
    if (!theme) return;
    event.preventDefault();
    // Nobody chose yet: the page follows the device, which the server could not know; the other one is chosen.
    const following = document.documentElement.classList.contains("system");
    const dark = following && window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
    setTheme(following ? (dark ? "light" : "dark") : theme.value, after);
  });
}

/** If the stored theme and the cookie disagree (a cleared cookie), the stored choice wins and the cookie follows. */
export function syncTheme(main: HTMLElement, after: () => void): void {
  // The theme the cookie gave the page: the toggle's next one is the other (the board has no toggle: it says).
  const toggle = document.querySelector<HTMLFormElement>("main form[action='/action/set-theme']");
  const field = toggle ? (toggle.elements as unknown as ThemeFields).theme : undefined;
  let next = field ? field.value : null;
  const served = main.getAttribute("data-served-theme");
  if (served) next = served === "dark" ? "light" : "dark";
  // No cookie (the page follows the device): a choice stored on this tablet is any theme.
  if (served === "system") next = null;
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(THEME_KEY);
  } catch {
    return;
  }
  if ((stored === "dark" || stored === "light") && (next === null || stored === next)) setTheme(stored, after);
}
