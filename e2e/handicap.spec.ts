// A handicapped night (decision 028), scored at the tablet to the end: Mo's win over Liam the week before
// rates them apart; the handicapped knockout seeds them by rating, the tablet tells each player's race ("Mo races to
// 5, Liam to 3") and ends the match at Liam's own race; every next match comes to the one table with its races, and
// the bracket shows "Race 5–3".
import { type APIRequestContext, expect, test } from "@playwright/test";
import { createOrganiser, createPlayer, newIdentity } from "./support/accounts.ts";
import { paidPlayerViaApi, payToEnter } from "./support/payments.ts";
import { createTournamentViaApi, openBracketTab } from "./support/tournaments.ts";

type Current = {
  id: string;
  status: string;
  player1: { name: string } | null;
  player2: { name: string } | null;
  race1: number | null;
  race2: number | null;
} | null;
type Match = {
  id: string;
  round: number;
  status: string;
  player1Id: string;
  player2Id: string;
  winnerId: string | null;
};

test("a handicapped night, scored at the tablet to the end", async ({ page, playwright, baseURL, browser }) => {
  test.slow();
  const director = page.request;
  await createOrganiser(director);
  const regulars: { name: string; request: APIRequestContext }[] = [];
  for (const name of ["Mo", "Liam"]) {
    const request = await playwright.request.newContext({ baseURL });
    await createPlayer(request, { ...newIdentity(name.toLowerCase()), name });
    regulars.push({ name, request });
  }

  // Last week: Mo beat Liam 5–0. Every rack counts: Mo is now rated above Liam.
  const lastWeek = await createTournamentViaApi(director, { maxPlayers: 2, raceTo: 5, payoutStructure: "winner_only" });
  for (const r of regulars) await payToEnter(r.request, lastWeek.id);
  expect((await director.post(`/api/tournaments/${lastWeek.id}/start`)).status()).toBe(200);
  const [final] = (await (await director.get(`/api/tournaments/${lastWeek.id}/matches`)).json()) as (Match & {
    player1: { name: string };
  })[];
  if (!final) throw new Error("a final");
  const moIs1 = final.player1.name === "Mo";
  const moWins = { winnerId: moIs1 ? final.player1Id : final.player2Id, player1Score: moIs1 ? 5 : 0 };
  const result = { ...moWins, player2Score: moIs1 ? 0 : 5, status: "completed" };
  expect((await director.patch(`/api/matches/${final.id}`, { data: result })).status()).toBe(200);

  // Tonight: a handicapped knockout, seeded by rating, on one table that fills itself.
  const night = await createTournamentViaApi(director, {
    maxPlayers: 4,
    raceTo: 5,
    handicap: "race",
    seeding: "rating",
    payoutStructure: "winner_only",
  });
  for (const r of regulars) await payToEnter(r.request, night.id);
  for (const name of ["Ann", "Bo"]) {
    await paidPlayerViaApi(playwright, baseURL, night.id, { ...newIdentity(name.toLowerCase()), name });
  }
  const table = (await (await director.post("/api/tables", { data: { name: "Table 1" } })).json()) as {
    accessCode: string;
  };
  expect((await director.patch(`/api/tournaments/${night.id}/settings`, { data: { autoAssign: true } })).status()).toBe(
    200,
  );
  expect((await director.post(`/api/tournaments/${night.id}/start`)).status()).toBe(200);

  const context = await browser.newContext({ viewport: { width: 800, height: 1280 } });
  const tablet = await context.newPage();
  await tablet.goto(`/scoreboard/${table.accessCode}`);
  await expect(tablet.locator("html")).toHaveAttribute("data-live", "open");
  const current = async () =>
    (await (await director.get(`/api/tables/by-code/${table.accessCode}/current-match`)).json()) as Current;

  let sawMoAndLiam = false;
  for (let played = 0; played < 3; played++) {
    await expect.poll(async () => (await current())?.status).toBe("in_progress");
    const m = await current();
    if (!m?.player1 || !m.player2 || m.race1 === null || m.race2 === null) throw new Error("a match with races");
    const names = [m.player1.name, m.player2.name] as const;
    const board = tablet.locator(`[data-match="${m.id}"]`);
    await expect(board).toBeVisible();
    if (m.race1 !== m.race2) {
      await expect(board.getByTestId("races")).toHaveText(`${names[0]} races to ${m.race1}, ${names[1]} to ${m.race2}`);
    } else await expect(board.getByTestId("races")).toHaveCount(0);
    if (new Set(names).has("Mo") && new Set(names).has("Liam")) {
      sawMoAndLiam = true;
      // Seeded 1 and 4: Mo, the higher rated, races to 5; Liam to fewer.
      const [mo, liam] = names[0] === "Mo" ? [m.race1, m.race2] : [m.race2, m.race1];
      expect(mo).toBe(5);
      expect(liam).toBeLessThan(5);
    }
    // Player 2 wins at their own race, rack by rack on the tablet; no rack is taken past it.
    const rack = board.getByRole("button", { name: `+1 rack for ${names[1]}` });
    for (let i = 0; i < m.race2; i++) await rack.click();
    await expect(rack).toBeDisabled();
    await expect(board.getByText(`${names[1]} wins ${m.race2}–0 — Confirm result?`)).toBeVisible();
    await board.getByRole("button", { name: "Confirm result" }).click();
    await expect
      .poll(async () => (await current())?.id !== m.id || (await current())?.status === "completed")
      .toBe(true);
  }
  expect(sawMoAndLiam).toBe(true);

  const matches = (await (await director.get(`/api/tournaments/${night.id}/matches`)).json()) as Match[];
  expect(matches.filter((m) => m.status === "completed" && m.winnerId !== null)).toHaveLength(3);
  // The bracket shows each handicapped match's races.
  await page.goto(`/tournament/${night.slug}`);
  await openBracketTab(page);
  await expect(page.getByTestId("races").first()).toHaveText(/· Race 5–[1-4]$/);
  for (const r of regulars) await r.request.dispose();
  await context.close();
});
