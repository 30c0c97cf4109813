// A refused result keeps what was typed: the dialog stays open with
// the message beside the scores and the winner and scores as entered, with
// and without JavaScript; fixing them records the result.
import { expect, test } from "@playwright/test";
import { createOrganiser, newIdentity } from "./support/accounts.ts";
import { paidPlayerViaApi } from "./support/payments.ts";
import { createTournamentViaApi } from "./support/tournaments.ts";

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a winner with the lower score is refused in the dialog, values kept", async ({
      page,
      playwright,
      baseURL,
    }) => {
      await createOrganiser(page.request);
      const t = await createTournamentViaApi(page.request, { maxPlayers: 2, payoutStructure: "winner_only" });
      await paidPlayerViaApi(playwright, baseURL, t.id, { ...newIdentity("a"), name: "Ava Archer" });
      await paidPlayerViaApi(playwright, baseURL, t.id, { ...newIdentity("b"), name: "Bo Baker" });
      expect((await page.request.post(`/api/tournaments/${t.id}/start`)).status()).toBe(200);

      await page.goto(`/tournament/${t.slug}?tab=bracket`);
      await page.getByRole("link", { name: "Record result" }).click();
      const dialog = page.getByRole("dialog", { name: "Record result" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("radio", { name: "Ava Archer" }).check();
      await dialog.getByLabel("Ava Archer score").fill("1");
      await dialog.getByLabel("Bo Baker score").fill("5");
      await dialog.getByRole("button", { name: "Save result" }).click();

      await expect(dialog.getByRole("alert")).toHaveText("The winner's score can't be lower than the loser's");
      await expect(dialog.getByRole("radio", { name: "Ava Archer" })).toBeChecked();
      await expect(dialog.getByLabel("Ava Archer score")).toHaveValue("1");
      await expect(dialog.getByLabel("Bo Baker score")).toHaveValue("5");

      await dialog.getByLabel("Ava Archer score").fill("5");
      await dialog.getByLabel("Bo Baker score").fill("1");
      await dialog.getByRole("button", { name: "Save result" }).click();
      await expect(page.getByTestId("toast")).toContainText("Result recorded");
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });
  });
}
