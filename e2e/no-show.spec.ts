// The floor's no-show walkover (decision 021) in a browser: once the no-show minute is up "Walkover to …" appears
// for the called match nobody has played, not for the one whose racks are being scored; it opens a confirmation
// naming who gets it and who did not turn up; Cancel changes nothing; confirming records the walkover and withdraws
// the absent player. The minute passes on the page's clock (Playwright's) and in the database (the call moved back),
// not on the wall; the suite runs it with JavaScript (the link appears by itself); without JavaScript the same link,
// dialog and form are tests/no-show.test.ts's (plain HTML and posts).
import { expect, test } from "@playwright/test";
import { createOrganiser } from "./support/accounts.ts";
import { calledAgo } from "./support/database.ts";
import { apiMatches, createTournamentViaApi, enterPaidPlayers, startViaApi } from "./support/tournaments.ts";

for (const javaScriptEnabled of [true]) {
  const mode = javaScriptEnabled ? "with" : "without";
  test(`${mode} JavaScript, a no-show's walkover is confirmed, never beside a match being played`, async ({
    browser,
    playwright,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    await createOrganiser(page.request);
    for (const name of ["Table 1", "Table 2"]) {
      expect((await page.request.post("/api/tables", { data: { name } })).status()).toBe(201);
    }
    const tables = (await (await page.request.get("/api/tables")).json()) as {
      id: string;
      name: string;
      accessCode: string;
    }[];
    const t = await createTournamentViaApi(page.request, { maxPlayers: 4, raceTo: 3 });
    const settings = await page.request.patch(`/api/tournaments/${t.id}/settings`, { data: { noShowMinutes: 1 } });
    expect(settings.status(), await settings.text()).toBe(200);
    await enterPaidPlayers(playwright, baseURL, t.id, 4);
    await startViaApi(page.request, t.id);
    const [absentees, playing] = (await apiMatches(page.request, t.id)).filter((m) => m.round === 1);
    if (!absentees?.player1 || !absentees.player2 || !playing?.player1 || !playing.player2) {
      throw new Error("four entries play two semi-finals");
    }
    const [one, two] = tables;
    if (!one || !two) throw new Error("two tables");
    for (const [m, table] of [
      [absentees, one],
      [playing, two],
    ] as const) {
      const called = await page.request.patch(`/api/matches/${m.id}/table`, { data: { tableId: table.id } });
      expect(called.status(), await called.text()).toBe(200);
    }
    // A rack at Table 2: that match is being played.
    const rack = await page.request.post(`/api/tables/by-code/${two.accessCode}/racks`, {
      data: { tapId: `tap-${crypto.randomUUID()}`, player: 1 },
    });
    expect(rack.status(), await rack.text()).toBe(201);

    const here = absentees.player1.name;
    const absent = absentees.player2.name;
    const floor = page.locator("#queue");
    const atTable = (name: string) => floor.getByTestId("queue-table").filter({ hasText: name });
    await page.clock.install();
    await page.goto(`/tournament/${t.slug}?tab=floor`);
    for (const name of [here, absent]) await expect(atTable("Table 1")).toContainText(name);
    await expect(floor.getByRole("link", { name: /^Walkover to/ })).toHaveCount(0);
    // The minute runs out: for the server, both calls were made a minute ago; the page's clock jumps a minute on.
    for (const m of [absentees, playing]) await calledAgo(m.id, 61_000);
    if (javaScriptEnabled) {
      // The clock ticks on the page: the walkover appears when the minute is up, without a reload.
      await page.clock.fastForward(61_000);
      await expect(atTable("Table 1").getByRole("link", { name: `Walkover to ${here}` })).toBeVisible();
    } else {
      await expect(async () => {
        await page.reload();
        await expect(atTable("Table 1").getByRole("link", { name: `Walkover to ${here}` })).toBeVisible({
          timeout: 1_000,
        });
      }).toPass({ timeout: 75_000, intervals: [5_000] });
    }
    await expect(atTable("Table 1").getByRole("link", { name: `Walkover to ${absent}` })).toBeVisible();
    // Racks scored at Table 2: no walkover beside it.
    for (const side of [playing.player1, playing.player2]) await expect(atTable("Table 2")).toContainText(side.name);
    await expect(atTable("Table 2").getByRole("link", { name: /^Walkover to/ })).toHaveCount(0);

    // The confirmation names both; Cancel changes nothing.
    const link = atTable("Table 1").getByRole("link", { name: `Walkover to ${here}` });
    await link.click();
    const dialog = page.getByRole("dialog", { name: `Walkover to ${here}?` });
    await expect(dialog.getByTestId("walkover-terms")).toContainText(
      `${absent} has not turned up for ${absentees.label} · Match ${absentees.matchNumber} on Table 1. ` +
        `${here} gets the walkover, and ${absent} is withdrawn for the night`,
    );
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect((await apiMatches(page.request, t.id)).find((m) => m.id === absentees.id)?.status).toBe("in_progress");

    await link.click();
    await dialog.getByRole("button", { name: `Walkover to ${here}` }).click();
    await expect(page.getByTestId("toast")).toContainText("Result recorded");
    await expect(dialog).toBeHidden();
    const decided = (await apiMatches(page.request, t.id)).find((m) => m.id === absentees.id);
    expect(decided).toMatchObject({ status: "completed", outcome: "walkover", winnerId: absentees.player1Id });
    // The one who did not turn up is withdrawn for the night: off the withdraw list, which holds those still in.
    await page.getByRole("link", { name: "Withdraw a player" }).click();
    const entries = page.getByRole("dialog", { name: "Withdraw a player" });
    await expect(entries.getByRole("link", { name: `Withdraw ${here}` })).toBeVisible();
    await expect(entries.getByRole("listitem").filter({ hasText: absent })).toHaveCount(0);
    await page.goto(`/tournament/${t.slug}?tab=details`);
    await expect(page.getByRole("listitem").filter({ hasText: absent })).toContainText("(withdrawn)");
    await expect(page.getByRole("listitem").filter({ hasText: here })).not.toContainText("(withdrawn)");
    await context.close();
  });
}
