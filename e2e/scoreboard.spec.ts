// The tablet at a table: the round named as the bracket names it,
// the race shown, the two score boxes level even when a name wraps, and the
// stored light or dark theme, which the tablet's change page can switch too.
import { expect, test } from "@playwright/test";
import { createOrganiser, newIdentity } from "./support/accounts.ts";
import { paidPlayerViaApi } from "./support/payments.ts";
import { createTournamentViaApi } from "./support/tournaments.ts";

test("a long name wraps without pushing its score below the other @tablet", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  await createOrganiser(page.request);
  const t = await createTournamentViaApi(page.request, { maxPlayers: 2, raceTo: 5, payoutStructure: "winner_only" });
  const long = { ...newIdentity("long"), name: "Maximilian Bartholomew Fitzgerald-Montgomery" };
  await paidPlayerViaApi(playwright, baseURL, t.id, long);
  await paidPlayerViaApi(playwright, baseURL, t.id, { ...newIdentity("short"), name: "Mo" });
  expect((await page.request.post(`/api/tournaments/${t.id}/start`)).status()).toBe(200);
  const table = (await (await page.request.post("/api/tables", { data: { name: "Table 4" } })).json()) as {
    id: string;
    accessCode: string;
  };
  const [final] = (await (await page.request.get(`/api/tournaments/${t.id}/matches`)).json()) as { id: string }[];
  if (!final) throw new Error("a two-player draw has a final");
  const assigned = await page.request.patch(`/api/matches/${final.id}/table`, { data: { tableId: table.id } });
  expect(assigned.status()).toBe(200);

  for (const viewport of [
    { width: 800, height: 1280 },
    { width: 1024, height: 768 },
  ]) {
    const tablet = await browser.newPage({ viewport });
    await tablet.goto(`/scoreboard/${table.accessCode}`);
    await expect(tablet.getByTestId("match-label")).toHaveText("Final · Race to 5");
    const [one, two] = await tablet.getByTestId("score").all();
    const [a, b] = [await one?.boundingBox(), await two?.boundingBox()];
    expect(a && b, "both scores are shown").toBeTruthy();
    if (a && b && Math.abs(a.x - b.x) > 1) {
      // Side by side: the scores sit on one line.
      expect(Math.abs(a.y - b.y), `scores level at ${viewport.width} px`).toBeLessThanOrEqual(1);
    }
    await tablet.close();
  }
});

for (const javaScriptEnabled of [true, false]) {
  test(`the tablet follows the stored theme and switches it on the change page (${
    javaScriptEnabled ? "with" : "without"
  } JavaScript) @tablet`, async ({ page, browser }) => {
    await createOrganiser(page.request);
    const table = (await (await page.request.post("/api/tables", { data: { name: "Table 7" } })).json()) as {
      accessCode: string;
    };
    const tablet = await browser.newPage({ javaScriptEnabled, viewport: { width: 800, height: 1280 } });
    const html = tablet.locator("html");
    const background = () => tablet.evaluate(() => getComputedStyle(document.body).backgroundColor);

    // Chosen once on the start screen, where the code is typed.
    await tablet.goto("/scoreboard");
    await expect.poll(background).not.toBe("rgba(0, 0, 0, 0)");
    const light = await background();
    await tablet.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(html).toHaveClass(/\bdark\b/);
    await tablet.getByLabel("Access code").fill(table.accessCode);
    await tablet.getByRole("button", { name: "View Scoreboard" }).click();
    await expect(tablet.getByRole("heading", { name: "Table 7", level: 1 })).toBeVisible();
    await expect(html).toHaveClass(/\bdark\b/);
    // Read once the page's stylesheet applies (the heading can show before it: the body is transparent till then).
    await expect.poll(background).not.toBe("rgba(0, 0, 0, 0)");
    const dark = await background();
    expect(dark).not.toBe(light);

    // The board's change page has the toggle too (out of the players' way); the choice survives the board's own
    // refresh.
    await tablet.goto(`/scoreboard/${table.accessCode}/change`);
    await tablet.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(html).toHaveClass(/\blight\b/);
    // The page drawn again as chosen (its script reads it once the cookie has the theme; without it, the form's
    // answer): its toggle now offers dark.
    await expect(tablet.getByTestId("theme-toggle")).toHaveAttribute("aria-label", "Switch to dark theme");
    await tablet.getByRole("link", { name: "Back to Table 7" }).click();
    await expect(tablet.getByRole("heading", { name: "Table 7", level: 1 })).toBeVisible();
    await expect(html).toHaveClass(/\blight\b/);
    await expect.poll(background).toBe(light);
    await tablet.close();
  });
}
