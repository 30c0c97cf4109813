// The bracket tab during play: on a phone the
// first match is on the first screen, above the Entry and Share cards; the
// bracket scrolls in its own box with a shadow where there is more; the
// full-width view joins the rounds with lines; and without JavaScript an
// action on a match comes back to that match, not to the top of the page.
import { expect, type Locator, type Page, test } from "@playwright/test";
import type { MatchView } from "../app/features/play/domain/play.ts";
import { createOrganiser } from "./support/accounts.ts";
import { createTournamentViaApi, enterPaidPlayers, startViaApi } from "./support/tournaments.ts";

type Match = Pick<MatchView, "id" | "round" | "matchNumber" | "player1" | "player2">;

const opacity = (locator: Locator) => locator.evaluate((el) => Number(getComputedStyle(el).opacity));

/** The middle of a box, vertically. */
const middle = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error("no box");
  return box.y + box.height / 2;
};

async function startedWith(
  page: Page,
  playwright: Parameters<typeof enterPaidPlayers>[0],
  baseURL: string | undefined,
  players: number,
) {
  const t = await createTournamentViaApi(page.request, { maxPlayers: players, payoutStructure: "winner_only" });
  await enterPaidPlayers(playwright, baseURL, t.id, players);
  await startViaApi(page.request, t.id);
  const matches = (await (await page.request.get(`/api/tournaments/${t.id}/matches`)).json()) as Match[];
  return { t, matches };
}

test("during play the bracket tab puts the bracket first on a phone and hints that there is more to the side", async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await createOrganiser(page.request);
  const { t } = await startedWith(page, playwright, baseURL, 8);

  // The director's own first screen is the floor (floor.spec.ts); the bracket tab is one tap from it.
  await page.goto(`/tournament/${t.slug}?tab=bracket`);
  const first = page.getByRole("article", { name: "Quarter-Finals, match 1" });
  await expect(first).toBeInViewport();
  const entry = page.getByRole("complementary", { name: "Entry" });
  expect(await middle(first)).toBeLessThan(await middle(entry));
  await expect(page.getByText("Share this tournament")).not.toBeInViewport();

  // Three rounds do not fit 390 px: a shadow at the right edge says so, none at the left.
  const scroller = page.getByRole("region", { name: "Bracket, scrolls sideways" });
  const start = page.locator(".bracket-fade-start");
  const end = page.locator(".bracket-fade-end");
  await expect.poll(() => opacity(end)).toBeGreaterThan(0.9);
  expect(await opacity(start)).toBe(0);
  // Scrolled to the end, the shadow moves to the other side.
  await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect.poll(() => opacity(end)).toBe(0);
  await expect.poll(() => opacity(start)).toBeGreaterThan(0.9);

  // The whole bracket fits a laptop: no shadow at all.
  const small = await startedWith(page, playwright, baseURL, 2);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/tournament/${small.t.slug}?tab=bracket`);
  await expect(page.getByRole("article", { name: "Final, match 1" })).toBeVisible();
  expect(await opacity(page.locator(".bracket-fade-end"))).toBe(0);
  expect(await opacity(page.locator(".bracket-fade-start"))).toBe(0);
});

test("the full-width bracket is public and joins each pair of matches to the one they feed", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  await createOrganiser(page.request);
  const { t, matches } = await startedWith(page, playwright, baseURL, 8);
  const visitor = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  await visitor.goto(`/tournament/${t.slug}?tab=bracket`);
  await visitor.getByRole("link", { name: "Full-width bracket" }).click();
  await expect(visitor).toHaveURL(new RegExp(`/tournament/${t.slug}/bracket$`));
  await expect(visitor.getByRole("heading", { name: t.name, level: 1 })).toBeVisible();
  const name = matches.find((m) => m.round === 1)!.player1!.name;
  await expect(visitor.getByRole("article", { name: "Quarter-Finals, match 1" })).toContainText(name);
  // No director's controls on the wall.
  await expect(visitor.getByRole("link", { name: "Record result" })).toHaveCount(0);

  // Each semi-final sits halfway between the two quarter-finals that feed it, and the lines reach it — once the
  // page has settled (the wall's first push or poll may redraw it just after it shows).
  const card = (label: string, n: number) => visitor.getByRole("article", { name: `${label}, match ${n}` });
  for (const [label, next, n] of [
    ["Quarter-Finals", "Semi-Finals", 1],
    ["Quarter-Finals", "Semi-Finals", 2],
    ["Semi-Finals", "Final", 1],
  ] as const) {
    await expect
      .poll(async () => {
        const [top, bottom] = [await middle(card(label, 2 * n - 1)), await middle(card(label, 2 * n))];
        return Math.abs((await middle(card(next, n))) - (top + bottom) / 2);
      })
      .toBeLessThan(2);
  }
  const lines = await card("Quarter-Finals", 1).evaluate((article) => {
    const slot = article.parentElement as HTMLElement;
    const after = getComputedStyle(slot, "::after");
    const fed = getComputedStyle(
      document.querySelector('[aria-label="Semi-Finals, match 1"]')?.parentElement as HTMLElement,
      "::before",
    );
    return { down: after.borderRightWidth, across: after.borderTopWidth, into: fed.borderTopWidth };
  });
  expect(lines).toEqual({ down: "2px", across: "2px", into: "2px" });
  await visitor.close();
});

for (const javaScriptEnabled of [false, true]) {
  test(`${javaScriptEnabled ? "with" : "without"} JavaScript, a table or a result comes back to its match`, async ({
    browser,
    playwright,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await createOrganiser(page.request);
    const { t, matches } = await startedWith(page, playwright, baseURL, 8);
    await page.request.post("/api/tables", { data: { name: "Table 3" } });
    // The last quarter-final: well down the page on a phone.
    const last = matches.find((m) => m.round === 1 && m.matchNumber === 4)!;
    const card = page.getByRole("article", { name: "Quarter-Finals, match 4" });

    await page.goto(`/tournament/${t.slug}?tab=bracket`);
    await expect(card).not.toBeInViewport();
    await card.getByLabel("Table for match 4").selectOption({ label: "Table 3" });
    await card.getByRole("button", { name: "Set table" }).click();
    await expect(page.getByTestId("toast")).toContainText("Table assigned");
    await expect(page).toHaveURL(new RegExp(`\\?tab=bracket#match-${last.id}$`));
    await expect(card).toContainText("Table 3");
    await expect(card).toBeInViewport();

    await card.getByRole("link", { name: "Record result" }).click();
    const dialog = page.getByRole("dialog", { name: "Record result" });
    await dialog.getByRole("radio", { name: last.player1!.name }).check();
    await dialog.getByRole("button", { name: "Save result" }).click();
    await expect(page.getByTestId("toast")).toContainText("Result recorded");
    await expect(page).toHaveURL(new RegExp(`\\?tab=bracket#match-${last.id}$`));
    await expect(card).toHaveAttribute("data-status", "completed");
    await expect(card).toBeInViewport();
    await context.close();
  });
}
