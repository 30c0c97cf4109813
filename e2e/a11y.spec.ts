// Accessibility: axe-core on every screen, in light and dark theme, with no
// serious or critical violation; and a keyboard-only sign-up.
import { type BrowserContext, expect, test, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import { futureDate, validTournament } from "../test-support/fixtures.js";
import { createOrganiser, newIdentity } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { signedIn } from "./support/database.ts";
import { paidPlayerViaApi, payToEnter } from "./support/payments.ts";

type Theme = "light" | "dark";
/** The html element's class is the theme (components/document.tsx). */
const themeClass = (theme: Theme | "system") => new RegExp(`(^|\\s)${theme}(\\s|$)`);

/**
 * Switches the open page to `theme` as the theme toggle does (components/theme-toggle.tsx, theme.tsx): the choice
 * stored under 'theme', the cookie set through the theme action (so the next page is drawn in it), and the page
 * redrawn without a reload. A page React draws hears it on the channel the toggle tells the site's other tabs on,
 * whose listener sets the same state the toggle sets (the html class and its color-scheme, the toggle's icon and
 * name). A page React does not draw (the tablet's, decision 009) gets the class switch its own script makes
 * (features/floor/client/theme.ts); where such a page has a toggle, its icon and name are drawn by the server only,
 * so that page is loaded again, as its script does after a switch.
 */
async function switchTheme(page: Page, theme: Theme) {
  const drawnByReact = await page.evaluate(async (next) => {
    localStorage.setItem("theme", next);
    const react = document.querySelector('script[type="module"]') !== null;
    if (react) {
      const channel = new BroadcastChannel("break-and-run-theme");
      channel.postMessage(next);
      channel.close();
    } else {
      document.documentElement.classList.remove("light", "dark", "system");
      document.documentElement.classList.add(next);
    }
    const saved = await fetch("/action/set-theme", { method: "POST", body: JSON.stringify({ theme: next }) });
    if (!saved.ok) throw new Error(`the theme action answered ${saved.status}`);
    return react;
  }, theme);
  const toggle = page.getByTestId("theme-toggle");
  if (!drawnByReact && (await toggle.count()) > 0) await page.reload();
  await expect(page.locator("html")).toHaveClass(themeClass(theme));
  if ((await toggle.count()) > 0) {
    const label = theme === "dark" ? "Switch to light theme" : "Switch to dark theme";
    await expect(toggle).toHaveAttribute("aria-label", label);
  }
  // Buttons fade to their new colours (the btn utility's transition-colors): axe reads the colours they end at.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Checks each screen shown on `page` in both themes from one load: in the theme the browser last chose (a new
 * browser's is light), then switched to the other. The screens alternate which theme comes first, so half of them
 * are drawn dark by the server and half are switched to dark in place.
 */
function inBothThemes(page: Page) {
  let theme: Theme = "light";
  // Until a theme is chosen the page follows the device's (the browser's here is light).
  let chosen = false;
  return async (label: string) => {
    const drawn = chosen ? themeClass(theme) : themeClass("system");
    await expect(page.locator("html"), `${label}: drawn in the theme last chosen`).toHaveClass(drawn);
    chosen = true;
    await expectAccessible(page, `${label} (${theme})`);
    theme = theme === "light" ? "dark" : "light";
    await switchTheme(page, theme);
    await expectAccessible(page, `${label} (${theme})`);
  };
}

/** A director with a four-player knockout open for entries and a table. */
async function directorWithTournament(page: Page) {
  await createOrganiser(page.request);
  const created = await page.request.post("/api/tournaments", {
    data: validTournament({
      name: "Accessible Knockout",
      date: futureDate(21),
      maxPlayers: 4,
      rules: "Call your shots.",
    }),
  });
  const t = (await created.json()) as { id: string; slug: string };
  const table = (await (await page.request.post("/api/tables", { data: { name: "Table 1" } })).json()) as {
    id: string;
    accessCode: string;
  };
  return { t, table };
}

/** A new player, made in the database and signed in in `context`, who joins and pays by the test card. */
async function payToEnterAsNewPlayer(context: BrowserContext, tournamentId: string) {
  await context.addCookies([(await signedIn("player", newIdentity("player"))).cookie]);
  await payToEnter(context.request, tournamentId);
}

/** `count` paid entries, each a new player with a request context of their own. */
async function paidEntries(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
  tournamentId: string,
  count: number,
) {
  for (let i = 0; i < count; i++) await paidPlayerViaApi(playwright, baseURL, tournamentId);
}

// The screens are independent: the two workers may share this file's tests.
test.describe.configure({ mode: "parallel" });

test("public screens have no serious accessibility violations in light and dark theme", async ({ page }) => {
  const check = inBothThemes(page);
  for (const path of [
    "/",
    "/login",
    "/signup",
    "/signup?role=player",
    "/signup?role=td",
    "/forgot-password",
    "/reset-password",
    "/scoreboard",
    "/scoreboard/NOPE2345",
    "/no-such-page",
  ]) {
    await page.goto(path);
    await check(path);
  }
});

test("director screens have no serious accessibility violations in light and dark theme", async ({ page }) => {
  const check = inBothThemes(page);
  const { t } = await directorWithTournament(page);
  for (const path of [
    "/td/dashboard",
    "/td/tournaments",
    "/td/create-tournament",
    "/td/tables",
    "/td/tables/print",
    `/tournament/${t.slug}`,
    `/tournament/${t.slug}?confirm=start`,
    `/tournament/${t.slug}?confirm=settings`,
    // A card top-up of the balance (what a finalize short of money offers).
    `/balance/top-up?amount=18.20&return=/tournament/${t.slug}`,
  ]) {
    await page.goto(path);
    await check(path);
  }
});

test("a night in play has no serious accessibility violations in light and dark theme", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const check = inBothThemes(page);
  const { t, table } = await directorWithTournament(page);
  // Two paid players (one of them looks at their own screens below), the draw, a match on the table: the
  // bracket, dialogs, tablet and wall.
  const playerContext = await browser.newContext();
  const player = await playerContext.newPage();
  const checkPlayer = inBothThemes(player);
  await payToEnterAsNewPlayer(playerContext, t.id);
  await paidEntries(playwright, baseURL, t.id, 1);
  await page.request.post(`/api/tournaments/${t.id}/start`);
  const [final] = (await (await page.request.get(`/api/tournaments/${t.id}/matches`)).json()) as {
    id: string;
    player1Id: string;
  }[];
  await page.request.patch(`/api/matches/${final!.id}/table`, { data: { tableId: table.id } });
  for (const path of [
    `/tournament/${t.slug}?tab=bracket`,
    `/tournament/${t.slug}?tab=bracket&result=${final!.id}`,
    `/tournament/${t.slug}/bracket`,
    `/scoreboard/${table.accessCode}`,
    // Changing the tablet's table (decision 024): the signed-in director's own tables to pick from.
    `/scoreboard/${table.accessCode}/change`,
    `/td/tables?delete=${table.id}`,
    `/td/tables?send=${table.id}`,
    // Editing once it has started (every field but table scoring's locked, with the reason), and running it again.
    `/tournament/${t.slug}/edit`,
    `/tournament/${t.slug}/run-again`,
  ]) {
    await page.goto(path);
    await check(path);
  }
  // The player's own screens while they play: the match in progress, where they stand, their bracket.
  for (const path of [
    "/player/dashboard",
    "/player/tournaments",
    "/player/tournaments?tab=registered",
    `/tournament/${t.slug}`,
    `/tournament/${t.slug}/bracket`,
  ]) {
    await player.goto(path);
    await checkPlayer(`${path} as player`);
  }
  // The final played and paid out: the podium and the prizes lead the page.
  await page.request.patch(`/api/matches/${final!.id}`, { data: { winnerId: final!.player1Id } });
  await page.request.post(`/api/tournaments/${t.id}/finalize`);
  await page.goto(`/tournament/${t.slug}`);
  await expect(page.getByRole("region", { name: "Results" })).toBeVisible();
  await check(`finished /tournament/${t.slug}`);
  const open = (await (
    await page.request.post("/api/tournaments", { data: validTournament({ name: "Open Knockout" }) })
  ).json()) as { slug: string };
  // The Withdraw dialog with its bank fields, and a checkout holding a place.
  await player.goto("/player/dashboard?withdraw=1");
  await expect(player.getByLabel("Sort code")).toBeVisible();
  await checkPlayer("/player/dashboard?withdraw=1");
  await player.goto(`/tournament/${open.slug}/checkout`);
  await expect(player.getByTestId("hold")).toBeVisible();
  await checkPlayer(`/tournament/${open.slug}/checkout`);
  await playerContext.close();
});

test("the other formats' brackets have no serious accessibility violations in light and dark theme", async ({
  page,
  playwright,
  baseURL,
}) => {
  const check = inBothThemes(page);
  await createOrganiser(page.request);
  // A double elimination's three brackets, a round robin's tables, groups and their knockout, with results.
  for (const [tournamentType, entries] of [
    ["double_elimination", 4],
    ["round_robin", 4],
    ["round_robin_tier", 6],
  ] as const) {
    const other = (await (
      await page.request.post("/api/tournaments", {
        data: validTournament({ date: futureDate(21), maxPlayers: entries, tournamentType }),
      })
    ).json()) as { id: string; slug: string };
    await paidEntries(playwright, baseURL, other.id, entries);
    await page.request.post(`/api/tournaments/${other.id}/start`);
    const matches = (await (await page.request.get(`/api/tournaments/${other.id}/matches`)).json()) as {
      id: string;
      player1Id: string | null;
      player2Id: string | null;
    }[];
    const [first, second] = matches.filter((m) => m.player1Id && m.player2Id);
    await page.request.patch(`/api/matches/${first!.id}`, { data: { winnerId: first!.player1Id } });
    await page.request.patch(`/api/matches/${second!.id}`, {
      data: { outcome: "walkover", winnerId: second!.player2Id },
    });
    await page.goto(`/tournament/${other.slug}?tab=bracket`);
    await check(`${tournamentType} bracket`);
  }
});

test("keyboard only: a player signs up", async ({ page }) => {
  const who = newIdentity("keys");
  await page.goto("/signup");
  // Tab to 'I am a Player' and follow it.
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? "");
    if (focused.includes("I am a Player")) break;
  }
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Player Sign Up" })).toBeVisible();
  await page.getByLabel("Name").focus();
  await page.keyboard.type(who.name);
  await page.keyboard.press("Tab");
  await page.keyboard.type(who.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(who.password);
  await page.keyboard.press("Tab");
  await page.keyboard.type(who.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/player\/dashboard$/);
});
