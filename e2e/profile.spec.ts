// A player's profile (decision 027) in a browser, reached from their name on the bracket: the rating and its chart
// after a result, head to head by a plain GET form (with and without JavaScript), no serious accessibility problem in
// either theme.
import { expect, test } from "@playwright/test";
import { createOrganiser, newIdentity } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { paidPlayerViaApi } from "./support/payments.ts";
import { apiMatches, createTournamentViaApi } from "./support/tournaments.ts";

for (const javaScriptEnabled of [true, false]) {
  test(`a profile after a 5–3 final, head to head (${javaScriptEnabled ? "with" : "without"} JavaScript)`, async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    await createOrganiser(page.request);
    const t = await createTournamentViaApi(page.request, { maxPlayers: 2, raceTo: 5, payoutStructure: "winner_only" });
    await paidPlayerViaApi(playwright, baseURL, t.id, { ...newIdentity("mo"), name: "Mo Profile" });
    await paidPlayerViaApi(playwright, baseURL, t.id, { ...newIdentity("liam"), name: "Liam Profile" });
    expect((await page.request.post(`/api/tournaments/${t.id}/start`)).status()).toBe(200);
    const [final] = await apiMatches(page.request, t.id);
    if (!final?.player1Id || !final.player2Id || !final.player1) throw new Error("a final has two players");
    const winner = final.player1.name;
    const loser = final.player2?.name ?? "";
    const saved = await page.request.patch(`/api/matches/${final.id}`, {
      data: { winnerId: final.player1Id, player1Score: 5, player2Score: 3 },
    });
    expect(saved.status()).toBe(200);

    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
    const visitor = await context.newPage();
    // The winner's name on the bracket leads to their profile.
    await visitor.goto(`/tournament/${t.slug}?tab=bracket`);
    await visitor.getByTestId("match").getByRole("link", { name: winner }).click();
    await expect(visitor).toHaveURL(new RegExp(`/players/${final.player1Id}$`));
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(winner);
    await expect(visitor.getByTestId("rating")).toHaveText("516");
    await expect(visitor.getByRole("img", { name: /^Rating after each of 1 rated matches/ })).toBeVisible();
    const recent = visitor.getByRole("region", { name: "Recent matches" });
    await expect(recent.getByRole("row").nth(1)).toContainText(`${loser}5–3Won`);
    await visitor.getByLabel("Opponent").selectOption({ label: loser });
    await visitor.getByRole("button", { name: "Compare" }).click();
    await expect(visitor.getByTestId("head-to-head")).toHaveText(
      `Against ${loser}: 1 match, 1 won, 0 lost; racks 5–3.`,
    );
    await expect(visitor).toHaveURL(new RegExp(`/players/${final.player1Id}\\?vs=${final.player2Id}$`));
    // The opponent's name leads to their profile.
    await recent.getByRole("link", { name: loser }).click();
    await expect(visitor.getByTestId("rating")).toHaveText("484");
    if (javaScriptEnabled) {
      for (const theme of ["light", "dark"]) {
        await visitor.evaluate((name) => {
          document.documentElement.classList.remove("light", "dark");
          document.documentElement.classList.add(name);
        }, theme);
        await visitor.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
        await expectAccessible(visitor, theme);
        if (process.env.PROFILE_SHOTS) {
          await visitor.screenshot({ path: `${process.env.PROFILE_SHOTS}/profile-${theme}.png`, fullPage: true });
        }
      }
    }
    await context.close();
  });
}
