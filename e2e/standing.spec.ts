// Players know where they stand: the dashboard shows the
// tournament in progress with the player's match, opponent and table; My
// Tournaments says "In progress — now: vs …", "Knocked out in the
// Semi-Finals" or "Champion" instead of "Registered"; the bracket picks out
// the player's own matches. With and without JavaScript.
import { type APIRequestContext, expect, test } from "@playwright/test";
import type { MatchView } from "../app/features/play/domain/play.ts";
import { createPlayer, newIdentity } from "./support/accounts.ts";
import { currentUser, payToEnter } from "./support/payments.ts";
import {
  cardFor,
  createTournamentViaApi,
  enterPaidPlayers,
  organiserWithTournament,
  startViaApi,
} from "./support/tournaments.ts";

type Match = Pick<MatchView, "id" | "round" | "player1Id" | "player2Id" | "player1" | "player2">;

const matchesOf = async (request: APIRequestContext, tournamentId: string) =>
  (await (await request.get(`/api/tournaments/${tournamentId}/matches`)).json()) as Match[];

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a player's dashboard, list and bracket say where they stand", async ({ page, playwright, baseURL }) => {
      const director = await playwright.request.newContext({ baseURL });
      const { tournament: t } = await organiserWithTournament(director, {
        maxPlayers: 4,
        payoutStructure: "winner_ru",
      });
      const small = await createTournamentViaApi(director, { maxPlayers: 2, payoutStructure: "winner_only" });
      await createPlayer(page.request, { ...newIdentity("me"), name: "Mo Patel" });
      const me = await currentUser(page.request);
      await payToEnter(page.request, t.id);
      await payToEnter(page.request, small.id);
      await enterPaidPlayers(playwright, baseURL, t.id, 3);
      await enterPaidPlayers(playwright, baseURL, small.id, 1);
      await startViaApi(director, t.id);
      await startViaApi(director, small.id);
      const mine = (await matchesOf(director, t.id)).find((m) => m.player1Id === me.id || m.player2Id === me.id)!;
      const opponent = (mine.player1Id === me.id ? mine.player2 : mine.player1)!.name;

      // Before a table is called: the next match and who against.
      await page.goto("/player/dashboard");
      const playing = page.getByRole("region", { name: "In Progress" });
      const entry = playing.getByRole("listitem").filter({ hasText: t.name });
      await expect(entry).toContainText("Next match");
      await expect(entry).toContainText("Semi-Finals, match");
      await expect(entry).toContainText(opponent);
      await expect(entry).toContainText("Not called yet");

      // On a table: playing now, and where.
      const table = (await (await director.post("/api/tables", { data: { name: "Table 4" } })).json()) as {
        id: string;
      };
      expect((await director.patch(`/api/matches/${mine.id}/table`, { data: { tableId: table.id } })).status()).toBe(
        200,
      );
      await page.goto("/player/dashboard");
      await expect(entry).toContainText("Playing now");
      await expect(entry).toContainText("Table 4");
      await page.goto("/player/tournaments?tab=registered");
      await expect(cardFor(page, t.name).getByTestId("standing")).toHaveText(
        `In progress — now: vs ${opponent} on Table 4`,
      );
      await expect(cardFor(page, t.name)).not.toContainText("Registered");

      // The bracket picks out the player's match, for the eye and for a screen reader.
      await page.goto(`/tournament/${t.slug}?tab=bracket`);
      const myCards = page.locator("[data-testid=match][data-mine]");
      await expect(myCards).toHaveCount(1);
      await expect(myCards).toContainText(/Mo Patel\s*\(you\)/);
      await expect(page.getByTestId("your-standing")).toHaveText(`You: In progress — now: vs ${opponent} on Table 4`);

      // Knocked out in the semi-final; champion of the other.
      const theirId = mine.player1Id === me.id ? mine.player2Id : mine.player1Id;
      expect((await director.patch(`/api/matches/${mine.id}`, { data: { winnerId: theirId } })).status()).toBe(200);
      const [final] = await matchesOf(director, small.id);
      expect((await director.patch(`/api/matches/${final!.id}`, { data: { winnerId: me.id } })).status()).toBe(200);
      expect((await director.post(`/api/tournaments/${small.id}/finalize`)).status()).toBe(200);
      await page.goto("/player/tournaments?tab=registered");
      await expect(cardFor(page, t.name).getByTestId("standing")).toHaveText("Knocked out in the Semi-Finals");
      await expect(cardFor(page, small.name).getByTestId("standing")).toHaveText("Champion");
      await page.goto("/player/dashboard");
      await expect(entry).toContainText("Knocked out in the Semi-Finals");
      // The finished one is no longer in progress.
      await expect(playing.getByRole("listitem").filter({ hasText: small.name })).toHaveCount(0);
      await director.dispose();
    });
  });
}
