// A finished tournament's page shows the podium and the prizes, to
// anyone, with and without JavaScript.
import { expect, test } from "@playwright/test";
import { createOrganiser } from "./support/accounts.ts";
import { paidPlayerViaApi } from "./support/payments.ts";
import { createTournamentViaApi } from "./support/tournaments.ts";

type Match = {
  id: string;
  round: number;
  status: string;
  player1Id: string | null;
  player2Id: string | null;
  winnerId: string | null;
  player1: { name: string } | null;
  player2: { name: string } | null;
};

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("the champion, runner-up and semi-finalists stand at the top with what each was paid", async ({
      page,
      playwright,
      baseURL,
    }) => {
      const director = await playwright.request.newContext({ baseURL });
      await createOrganiser(director);
      // £10.00 entry, £1.00 rake, 4 players: a £36.00 pool paid 50 / 25 / 12.5 / 12.5.
      const t = await createTournamentViaApi(director, { maxPlayers: 4, payoutStructure: "winner_ru_semi" });
      await Promise.all([1, 2, 3, 4].map(() => paidPlayerViaApi(playwright, baseURL, t.id)));
      expect((await director.post(`/api/tournaments/${t.id}/start`)).status()).toBe(200);
      // Player 1 wins every match.
      let matches: Match[] = [];
      for (;;) {
        matches = await (await director.get(`/api/tournaments/${t.id}/matches`)).json();
        const playable = matches.filter((m) => m.status !== "completed" && m.player1Id && m.player2Id);
        if (playable.length === 0) break;
        for (const m of playable) {
          const played = await director.patch(`/api/matches/${m.id}`, { data: { winnerId: m.player1Id } });
          expect(played.status()).toBe(200);
        }
      }
      expect((await director.post(`/api/tournaments/${t.id}/finalize`)).status()).toBe(200);
      await director.dispose();
      const final = matches.find((m) => m.round === 2)!;
      const semiLosers = matches.filter((m) => m.round === 1).map((m) => m.player2!.name);

      await page.goto(`/tournament/${t.slug}`);
      const results = page.getByRole("region", { name: "Results" });
      await expect(results).toBeVisible();
      const places = results.getByTestId("podium-place");
      await expect(places).toHaveCount(3);
      await expect(places.nth(0)).toContainText("Champion (1st)");
      await expect(places.nth(0)).toContainText(`${final.player1!.name}£18.00`);
      await expect(places.nth(1)).toContainText("Runner-up (2nd)");
      await expect(places.nth(1)).toContainText(`${final.player2!.name}£9.00`);
      await expect(places.nth(2)).toContainText("Semi-finalists (3rd-4th)");
      for (const name of semiLosers) await expect(places.nth(2)).toContainText(`${name}£4.50`);

      const prizes = results.getByRole("table").locator("tbody tr");
      await expect(prizes).toHaveCount(4);
      await expect(prizes.nth(0)).toHaveText(`${final.player1!.name}1st£18.00`);
      await expect(prizes.nth(1)).toHaveText(`${final.player2!.name}2nd£9.00`);
      await expect(prizes.nth(2)).toContainText("3rd-4th");
      await expect(prizes.nth(3)).toContainText("£4.50");

      // The results come before the rest of the page.
      const [resultsBox, tabs] = [
        await results.boundingBox(),
        await page.getByRole("navigation", { name: "Tournament sections" }).boundingBox(),
      ];
      expect(resultsBox && tabs && resultsBox.y < tabs.y).toBe(true);
    });
  });
}
