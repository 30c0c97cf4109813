// Accessibility: axe-core on every screen, in light and dark theme, with no
// serious or critical violation; and a keyboard-only sign-up.
import { type Browser, type BrowserContext, expect, test, type Page } from "@playwright/test";
import { futureDate, validTournament } from "../test-support/fixtures.js";
import { createOrganiser, newIdentity } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { signedIn } from "./support/database.ts";
import { payToEnter } from "./support/payments.ts";

async function setTheme(page: Page, theme: "light" | "dark") {
  await page.context().addInitScript((t) => localStorage.setItem("theme", t), theme);
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

/** `count` paid entries, each a player in a browser of their own. */
async function paidEntries(browser: Browser, tournamentId: string, count: number) {
  for (let i = 0; i < count; i++) {
    const context = await browser.newContext();
    await payToEnterAsNewPlayer(context, tournamentId);
    await context.close();
  }
}

// The screens are independent: the two workers may share this file's tests.
test.describe.configure({ mode: "parallel" });

for (const theme of ["light", "dark"] as const) {
  test(`public screens have no serious accessibility violations (${theme})`, async ({ page }) => {
    await setTheme(page, theme);
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
      await expect(page.locator("html")).toHaveClass(new RegExp(theme));
      await expectAccessible(page, `${path} (${theme})`);
    }
  });

  test(`director screens have no serious accessibility violations (${theme})`, async ({ page }) => {
    await setTheme(page, theme);
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
      await expectAccessible(page, `${path} (${theme})`);
    }
  });

  test(`a night in play has no serious accessibility violations (${theme})`, async ({ page, browser }) => {
    await setTheme(page, theme);
    const { t, table } = await directorWithTournament(page);
    // Two paid players (one of them looks at their own screens below), the draw, a match on the table: the
    // bracket, dialogs, tablet and wall.
    const playerContext = await browser.newContext();
    await playerContext.addInitScript((th) => localStorage.setItem("theme", th), theme);
    const player = await playerContext.newPage();
    await payToEnterAsNewPlayer(playerContext, t.id);
    await paidEntries(browser, t.id, 1);
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
      await expectAccessible(page, `${path} (${theme})`);
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
      await expectAccessible(player, `${path} as player (${theme})`);
    }
    // The final played and paid out: the podium and the prizes lead the page.
    await page.request.patch(`/api/matches/${final!.id}`, { data: { winnerId: final!.player1Id } });
    await page.request.post(`/api/tournaments/${t.id}/finalize`);
    await page.goto(`/tournament/${t.slug}`);
    await expect(page.getByRole("region", { name: "Results" })).toBeVisible();
    await expectAccessible(page, `finished /tournament/${t.slug} (${theme})`);
    const open = (await (
      await page.request.post("/api/tournaments", { data: validTournament({ name: "Open Knockout" }) })
    ).json()) as { slug: string };
    // The Withdraw dialog with its bank fields, and a checkout holding a place.
    await player.goto("/player/dashboard?withdraw=1");
    await expect(player.getByLabel("Sort code")).toBeVisible();
    await expectAccessible(player, `/player/dashboard?withdraw=1 (${theme})`);
    await player.goto(`/tournament/${open.slug}/checkout`);
    await expect(player.getByTestId("hold")).toBeVisible();
    await expectAccessible(player, `/tournament/${open.slug}/checkout (${theme})`);
    await playerContext.close();
  });

  test(`the other formats' brackets have no serious accessibility violations (${theme})`, async ({ page, browser }) => {
    await setTheme(page, theme);
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
      await paidEntries(browser, other.id, entries);
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
      await expectAccessible(page, `${tournamentType} bracket (${theme})`);
    }
  });
}

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
