// Series (decision 029): a series' ranking moves the moment a night in it is finalized — the page open on a phone hears
// the night's push channel and reads its ranking again, no reload.
import { expect, test } from "@playwright/test";
import { createOrganiser, createPlayer, newIdentity } from "./support/accounts.ts";
import { markDocument, sameDocument } from "./support/live.ts";
import { paidPlayerViaApi, payToEnter } from "./support/payments.ts";
import { createTournamentViaApi } from "./support/tournaments.ts";

test("a series' ranking moves when its night is finalized, without a reload", async ({ page, playwright, baseURL }) => {
  const director = await playwright.request.newContext({ baseURL });
  await createOrganiser(director);
  const created = await director.post("/api/series", { data: { name: `Thursday 8-Ball ${Date.now()}` } });
  expect(created.status()).toBe(201);
  const { series } = (await created.json()) as { series: { id: string; slug: string } };
  const night = await createTournamentViaApi(director, { maxPlayers: 2, payoutStructure: "winner_only" });
  const joined = await director.patch(`/api/tournaments/${night.id}`, { data: { seriesId: series.id } });
  expect(joined.status(), await joined.text()).toBe(200);
  const winner = await playwright.request.newContext({ baseURL });
  await createPlayer(winner, { ...newIdentity("rosa"), name: "Rosa Series" });
  await payToEnter(winner, night.id);
  await paidPlayerViaApi(playwright, baseURL, night.id, { ...newIdentity("tom"), name: "Tom Series" });
  expect((await director.post(`/api/tournaments/${night.id}/start`)).status()).toBe(200);
  const [final] = (await (await director.get(`/api/tournaments/${night.id}/matches`)).json()) as {
    id: string;
    player1Id: string;
    player2Id: string;
    player1: { name: string };
  }[];
  if (!final) throw new Error("a final");
  const rosa = final.player1.name === "Rosa Series" ? final.player1Id : final.player2Id;
  expect((await director.patch(`/api/matches/${final.id}`, { data: { winnerId: rosa } })).status()).toBe(200);

  await page.goto(`/series/${series.slug}`);
  await expect(page.getByText("No nights finalized yet")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-live", "open");
  await markDocument(page);
  expect((await director.post(`/api/tournaments/${night.id}/finalize`)).status()).toBe(200);
  const ranking = page.getByTestId("ranking");
  await expect(ranking.getByRole("row").filter({ hasText: "Rosa Series" })).toContainText("27");
  await expect(ranking.getByRole("row").filter({ hasText: "Tom Series" })).toContainText("20");
  await sameDocument(page);
  await director.dispose();
  await winner.dispose();
});
