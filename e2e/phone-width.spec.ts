// Nothing is wider than the phone: at 360 and 390 px (and, with every result in, the tablet's 1024) no screen
// scrolls sideways — brackets of 1, 3 and 6 rounds, a double elimination and a
// round robin's tables and groups into a knockout scroll inside their own box, on the tournament page and
// the full-width view — and the Confirm payouts dialog fits the screen.
import { type APIRequestContext, expect, type Page, type PlaywrightWorkerArgs, test } from "@playwright/test";
import { createPlayer, newIdentity } from "./support/accounts.ts";
import { signedIn } from "./support/database.ts";
import { paidPlayerViaApi } from "./support/payments.ts";
import { createTournamentViaApi } from "./support/tournaments.ts";

type Match = { id: string; round: number; player1Id: string | null; player2Id: string | null; status: string };

/** How far the page scrolls sideways past the viewport (0 when it does not). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function startedWith(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
  director: APIRequestContext,
  players: number,
  tournamentType = "single_elimination",
) {
  const t = await createTournamentViaApi(director, {
    maxPlayers: players,
    payoutStructure: "winner_only",
    tournamentType,
  });
  await Promise.all(Array.from({ length: players }, () => paidPlayerViaApi(playwright, baseURL, t.id)));
  expect((await director.post(`/api/tournaments/${t.id}/start`)).status()).toBe(200);
  return t;
}

async function playAll(director: APIRequestContext, tournamentId: string) {
  for (;;) {
    const matches = (await (await director.get(`/api/tournaments/${tournamentId}/matches`)).json()) as Match[];
    const playable = matches.filter((m) => m.status !== "completed" && m.player1Id && m.player2Id);
    if (playable.length === 0) return;
    for (const m of playable) {
      expect((await director.patch(`/api/matches/${m.id}`, { data: { winnerId: m.player1Id } })).status()).toBe(200);
    }
  }
}

const WIDTHS = [360, 390] as const;
/** The tablet's width (the tablet project's 1024 × 768), looked at too once every result is in. */
const TABLET = 1024;

/**
 * Loads each path once, at the first width, and finds no sideways scroll; then resizes the page to each other width
 * and looks again. A resized page is laid out as a fresh load at that width would be: the app lays out by CSS alone
 * (nothing in app/ reads the viewport's size or listens for a resize; its one matchMedia, in
 * components/push-opt-in.tsx, asks whether it runs as an installed app).
 */
async function visitAll(on: Page, paths: string[], when: string, widths: readonly number[] = WIDTHS) {
  for (const path of paths) {
    for (const [i, width] of widths.entries()) {
      await on.setViewportSize({ width, height: 800 });
      if (i === 0) await on.goto(path);
      expect(await overflow(on), `${path} at ${width} px, ${when}`).toBeLessThanOrEqual(0);
    }
  }
}

type Tournament = Awaited<ReturnType<typeof createTournamentViaApi>>;

// One evening for every width and step: built once, then looked at before any result and with every result in.
test.describe(`at ${WIDTHS.join(" and ")} px`, () => {
  test.describe.configure({ mode: "serial" });
  let director: Awaited<ReturnType<typeof signedIn>>;
  let evening: Tournament[] = [];
  let screens: string[] = [];

  test.beforeAll(async ({ playwright, baseURL }) => {
    director = await signedIn("organiser", newIdentity("td"));
    const request = await playwright.request.newContext({
      baseURL,
      storageState: { cookies: [director.cookie], origins: [] },
    });
    // Brackets of 1, 3 and 6 rounds, a double elimination, a round robin, groups into a knockout.
    evening = [
      await startedWith(playwright, baseURL, request, 2),
      await startedWith(playwright, baseURL, request, 8),
      await startedWith(playwright, baseURL, request, 33),
      await startedWith(playwright, baseURL, request, 8, "double_elimination"),
      await startedWith(playwright, baseURL, request, 8, "round_robin"),
      await startedWith(playwright, baseURL, request, 9, "round_robin_tier"),
    ];
    await request.post("/api/tables", { data: { name: "Table 1" } });
    await request.dispose();
    screens = [
      "/",
      "/td/dashboard",
      "/td/tournaments",
      "/td/create-tournament",
      "/td/tables",
      "/scoreboard",
      ...evening.flatMap((t) => [
        `/tournament/${t.slug}?tab=bracket`,
        `/tournament/${t.slug}?tab=details`,
        `/tournament/${t.slug}/bracket`,
        `/tournament/${t.slug}/draw`,
      ]),
    ];
  });

  test.beforeEach(async ({ page }) => {
    await page.context().addCookies([director.cookie]);
  });

  test("no screen scrolls sideways before any result", async ({ page }) => {
    await visitAll(page, screens, "before any result");
  });

  test("no screen scrolls sideways with every result in", async ({ page }) => {
    // Results add the screen-reader-only "(winner)" to the bracket: still no sideways scroll.
    for (const t of evening) await playAll(page.request, t.id);
    // And on the tablet: each format's director and public screens lay out at 1024 px too.
    await visitAll(page, screens, "with every result in", [...WIDTHS, TABLET]);
  });

  test("a visitor's and a player's screens, with a place held at checkout, do not scroll sideways", async ({
    page,
  }) => {
    const open = await createTournamentViaApi(page.request);
    // The director's page, signed out: a visitor's from here on.
    await page.context().clearCookies();
    await visitAll(
      page,
      ["/login", "/signup", "/signup?role=player", "/signup?role=td", "/forgot-password"],
      "signed out",
    );
    await createPlayer(page.request);
    expect((await page.request.post("/api/tournaments/join", { data: { tournamentId: open.id } })).status()).toBe(200);
    await visitAll(page, ["/player/dashboard", "/player/tournaments", `/tournament/${open.slug}/checkout`], "a player");
  });

  test("the payouts dialog fits, its Amount column on the screen", async ({ page }) => {
    // The one step that cannot be undone.
    const three = evening[1]!;
    // One load, then resized (see visitAll).
    for (const [i, width] of WIDTHS.entries()) {
      await page.setViewportSize({ width, height: 800 });
      if (i === 0) await page.goto(`/tournament/${three.slug}?tab=bracket&confirm=finalize`);
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      expect(await overflow(page), `finalize dialog at ${width} px`).toBeLessThanOrEqual(0);
      const box = await dialog.boundingBox();
      expect(box, "the dialog has a box").not.toBeNull();
      if (box) {
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      const amount = dialog.getByText("Amount", { exact: true });
      await expect(amount).toBeVisible();
      const cell = await amount.boundingBox();
      expect(cell && cell.x + cell.width <= width, "the Amount column is on screen").toBe(true);
    }
  });
});
