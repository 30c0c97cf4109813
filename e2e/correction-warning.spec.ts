// Corrections that move a player already at a table warn first:
// correcting a semi-final whose winner is playing the final on Table 1 shows
// what changes and saves only once confirmed, with and without JavaScript.
import { expect, test } from "@playwright/test";
import { semiFinalsPlayed } from "./support/tournaments.ts";

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("correcting a semi-final that moves a player in the final at Table 1 asks first", async ({
      page,
      playwright,
      baseURL,
    }) => {
      const { t, semi, matches } = await semiFinalsPlayed(page, playwright, baseURL);
      const table = (await (await page.request.post("/api/tables", { data: { name: "Table 1" } })).json()) as {
        id: string;
      };
      const final = (await matches()).find((m) => m.round === 2)!;
      expect(
        (await page.request.patch(`/api/matches/${final.id}/table`, { data: { tableId: table.id } })).status(),
      ).toBe(200);
      const wasWinner = semi.player1!.name;
      const nowWinner = semi.player2!.name;

      await page.goto(`/tournament/${t.slug}?tab=bracket`);
      const semiCard = page.getByRole("article", { name: "Semi-Finals, match 1" });
      await semiCard.getByRole("link", { name: "Correct result" }).click();
      const dialog = page.getByRole("dialog", { name: "Correct result" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("radio", { name: nowWinner }).check();
      await dialog.getByRole("button", { name: "Save correction" }).click();

      // The warning names the match, its table and the swap; the choice made is kept.
      const warning = dialog.getByRole("alert");
      await expect(warning).toContainText("This correction changes a match already at a table:");
      await expect(warning).toContainText(`The final on Table 1: ${wasWinner} → ${nowWinner}`);
      await expect(dialog.getByRole("radio", { name: nowWinner })).toBeChecked();
      // Nothing is saved yet.
      expect((await matches()).find((m) => m.id === semi.id)!.winnerId).toBe(semi.player1Id);

      await dialog.getByRole("button", { name: "Confirm correction" }).click();
      await expect(page.getByTestId("toast")).toContainText("Result corrected");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      const finalCard = page.getByRole("article", { name: "Final, match 1" });
      await expect(finalCard).toContainText(nowWinner);
      await expect(finalCard).not.toContainText(wasWinner);
      const after = (await matches()).find((m) => m.id === final.id)!;
      expect(after).toMatchObject({ player1Id: semi.player2Id, status: "in_progress", tableId: table.id });
      // Back at the match that was corrected.
      await expect(page).toHaveURL(new RegExp(`#match-${semi.id}$`));
      await expect(semiCard).toBeInViewport();
    });
  });
}
