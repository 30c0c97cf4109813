// Correcting to and from a double forfeit in the result dialog (issue 15), with and without JavaScript: the
// semi-final becomes a double forfeit (the final a bye for the other semi-finalist), then a played result again.
import { expect, test } from "@playwright/test";
import type { MatchView } from "../app/domain/play.ts";
import { createOrganiser } from "./support/accounts.ts";
import { createTournamentViaApi, enterPaidPlayers, startViaApi } from "./support/tournaments.ts";

type Match = Pick<MatchView, "id" | "round" | "matchNumber" | "player1Id" | "player2Id" | "player1" | "player2"> &
  Pick<MatchView, "winnerId" | "status" | "isBye" | "outcome">;

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a semi-final corrected to a double forfeit and back to a played result", async ({
      page,
      playwright,
      baseURL,
    }) => {
      test.setTimeout(60_000);
      await createOrganiser(page.request);
      const t = await createTournamentViaApi(page.request, { maxPlayers: 4, payoutStructure: "winner_ru" });
      await enterPaidPlayers(playwright, baseURL, t.id, 4);
      await startViaApi(page.request, t.id);
      const matches = async () =>
        (await (await page.request.get(`/api/tournaments/${t.id}/matches`)).json()) as Match[];
      const [semi, other] = (await matches()).filter((m) => m.round === 1);
      if (!semi || !other) throw new Error("four entries play two semi-finals");
      for (const m of [semi, other]) {
        const saved = await page.request.patch(`/api/matches/${m.id}`, { data: { winnerId: m.player1Id } });
        expect(saved.status()).toBe(200);
      }
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
