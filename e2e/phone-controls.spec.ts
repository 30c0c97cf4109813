// On a phone: the main navigation shows every item the
// desktop one has, none cut off at the edge, and the director's bracket
// controls are at least 44 px tall.
import { expect, type Page, test } from "@playwright/test";
import { createOrganiser, createPlayer } from "./support/accounts.ts";
import { paidPlayerViaApi } from "./support/payments.ts";
import { createTournamentViaApi } from "./support/tournaments.ts";

const mainNavLinks = (page: Page) => page.getByRole("navigation", { name: "Main" }).getByRole("link");

for (const role of ["organiser", "player"] as const) {
  test(`every ${role} navigation item is in sight at 360 and 390 px, as on a laptop`, async ({ page, browser }) => {
    await (role === "organiser" ? createOrganiser(page.request) : createPlayer(page.request));
    const home = role === "organiser" ? "/td/dashboard" : "/player/dashboard";
    const storageState = await page.context().storageState();
    const signedIn = (width: number) => browser.newPage({ viewport: { width, height: 800 }, storageState });

    const laptop = await signedIn(1280);
    await laptop.goto(home);
    const desktopItems = await mainNavLinks(laptop).allTextContents();
    expect(desktopItems.length).toBeGreaterThanOrEqual(3);
    await laptop.close();

    for (const width of [360, 390]) {
      const phone = await signedIn(width);
      await phone.goto(home);
      expect(await mainNavLinks(phone).allTextContents(), `${width} px`).toEqual(desktopItems);
      for (const link of await mainNavLinks(phone).all()) {
        await expect(link).toBeInViewport({ ratio: 1 });
        const box = await link.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width, `${await link.textContent()} at ${width} px`).toBe(
          true,
        );
      }
      // The last item works from the phone.
      const last = mainNavLinks(phone).last();
      const href = (await last.getAttribute("href")) ?? "";
      await last.click();
      await expect(phone).toHaveURL(new RegExp(`${href.replace(/[?]/g, "\\?")}$`));
      await phone.close();
    }
  });
}

test("the director's bracket controls are at least 44 px tall", async ({ page, playwright, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await createOrganiser(page.request);
  await page.request.post("/api/tables", { data: { name: "Table 1" } });
  const t = await createTournamentViaApi(page.request, { maxPlayers: 4, payoutStructure: "winner_only" });
  await Promise.all([1, 2, 3, 4].map(() => paidPlayerViaApi(playwright, baseURL, t.id)));
  expect((await page.request.post(`/api/tournaments/${t.id}/start`)).status()).toBe(200);
  const [first] = (await (await page.request.get(`/api/tournaments/${t.id}/matches`)).json()) as {
    id: string;
    player1Id: string;
  }[];
  await page.request.patch(`/api/matches/${first!.id}`, { data: { winnerId: first!.player1Id } });

  await page.goto(`/tournament/${t.slug}?tab=bracket`);
  // Players' names link to their profiles (decision 027): text links, exempt from the target size as inline links are.
  const controls = page.getByTestId("match").locator("a:not([href^='/players/']), button, select");
  const names = new Set<string>();
  for (const control of await controls.all()) {
    const box = await control.boundingBox();
    const name = ((await control.getAttribute("aria-label")) ?? (await control.textContent()) ?? "").trim();
    names.add(name.startsWith("No table") ? "table picker" : name);
    expect(box?.height ?? 0, `${name} is at least 44 px tall`).toBeGreaterThanOrEqual(44);
  }
  expect([...names].sort()).toEqual(["Correct result", "Record result", "Set table", "table picker"]);
});
