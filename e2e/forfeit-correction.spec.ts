// Correcting to and from a double forfeit in the result dialog, with and without JavaScript: the
// semi-final becomes a double forfeit (the final a bye for the other semi-finalist), then a played result again.
import { expect, test } from "@playwright/test";
import { semiFinalsPlayed } from "./support/tournaments.ts";

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a semi-final corrected to a double forfeit and back to a played result", async ({
      page,
      playwright,
      baseURL,
    }) => {
      const { t, semi, other, matches } = await semiFinalsPlayed(page, playwright, baseURL);
      const final = (await matches()).find((m) => m.round === 2);

      await page.goto(`/tournament/${t.slug}?tab=bracket`);
      const semiCard = page.getByRole("article", { name: "Semi-Finals, match 1" });
      await semiCard.getByRole("link", { name: "Correct result" }).click();
      let dialog = page.getByRole("dialog", { name: "Correct result" });
      await dialog.getByRole("radio", { name: "Double forfeit" }).check();
      await dialog.getByRole("button", { name: "Save correction" }).click();
      await expect(page.getByTestId("toast")).toContainText("Result corrected");
      await expect(semiCard.getByText("W/O")).toBeVisible();
      let now = await matches();
      expect(now.find((m) => m.id === semi.id)).toMatchObject({ outcome: "double_forfeit", winnerId: null });
      expect(now.find((m) => m.id === final?.id)).toMatchObject({
        isBye: true,
        status: "completed",
        player1Id: null,
        winnerId: other.player1Id,
      });

      // The double forfeit can be corrected in turn: the final is a match again.
      await semiCard.getByRole("link", { name: "Correct result" }).click();
      dialog = page.getByRole("dialog", { name: "Correct result" });
      await dialog.getByRole("radio", { name: "Played" }).check();
      await dialog.getByRole("radio", { name: semi.player2?.name }).check();
      await dialog.getByRole("button", { name: "Save correction" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect.poll(async () => (await matches()).find((m) => m.id === semi.id)?.outcome).toBe("played");
      now = await matches();
      expect(now.find((m) => m.id === semi.id)).toMatchObject({ outcome: "played", winnerId: semi.player2Id });
      expect(now.find((m) => m.id === final?.id)).toMatchObject({
        isBye: false,
        status: "pending",
        player1Id: semi.player2Id,
        player2Id: other.player1Id,
        winnerId: null,
      });
      await expect(page.getByRole("article", { name: "Final, match 1" })).toContainText(semi.player2?.name ?? "");
    });
  });
}
