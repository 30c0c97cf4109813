// Push (decision 009): with a tablet, the director's page and a player's dashboard
// open, a table assignment and a result reach all of them without a reload; a
// tablet whose script never loads still follows the match by its own refresh.
import { expect, test } from "@playwright/test";
import { createOrganiser, newIdentity } from "./support/accounts.ts";
import { paidPlayerViaApi } from "./support/payments.ts";
import { finalReadyForTable, markDocument, sameDocument, startedFinal } from "./support/live.ts";
import { createTournamentViaApi } from "./support/tournaments.ts";

type Match = { id: string; player1Id: string | null; player2Id: string | null };

test("a result reaches the tablet, the director's page and the player's dashboard without a reload @tablet", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const playerContext = await browser.newContext();
  const { t, table, final } = await finalReadyForTable(
    { page, player: playerContext, playwright, baseURL },
    { tableName: "Table 5", playerName: "Pip Pusher", rivalName: "Wes Websocket", raceTo: 5 },
  );

  const tablet = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  await tablet.goto(`/scoreboard/${table.accessCode}`);
  await expect(tablet.getByText("No Active Match")).toBeVisible();
  // The board's script has taken over from the page's own timed refresh.
  await expect(tablet.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  await page.goto(`/tournament/${t.slug}?tab=bracket`);
  const card = page.getByTestId("match").first();
  await expect(card).toHaveAttribute("data-status", "pending");
  const dashboard = await playerContext.newPage();
  await dashboard.goto("/player/dashboard");
  await expect(dashboard.getByText(t.name).first()).toBeVisible();
  await expect(dashboard.getByText("Table 5")).toHaveCount(0);
  // A visitor's tournament page and the wall bracket: they redraw from the matches the messages carry.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/tournament/${t.slug}?tab=bracket`);
  const wall = await visitorContext.newPage();
  await wall.goto(`/tournament/${t.slug}/bracket`);
  const pageReads: string[] = [];
  for (const p of [visitor, wall]) {
    await expect(p.getByTestId("match").first()).toHaveAttribute("data-status", "pending");
    p.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".data")) pageReads.push(request.url());
    });
  }
  // Each page follows its channel (the scripts mark the document while their channels are open).
  for (const p of [tablet, page, dashboard, visitor, wall]) {
    await expect(p.locator("html")).toHaveAttribute("data-live", "open");
    await markDocument(p);
  }
  // The tablet redraws from the boards the messages carry: it reads nothing for them.
  const tabletReads: string[] = [];
  tablet.on("request", (request) => {
    if (!request.url().includes("/api/live/")) tabletReads.push(`${request.method()} ${request.url()}`);
  });

  // The director puts the final on the table (through the API: neither page asked for anything).
  expect((await page.request.patch(`/api/matches/${final.id}/table`, { data: { tableId: table.id } })).status()).toBe(
    200,
  );
  await expect(tablet.getByTestId("match-label")).toHaveText("Final · Race to 5");
  await expect(tablet.getByTestId("match-status")).toHaveText("in progress");
  await expect(card).toHaveAttribute("data-status", "in_progress");
  await expect(card).toContainText("Table 5");
  await expect(dashboard.getByText("Table 5").first()).toBeVisible();
  for (const p of [visitor, wall]) {
    await expect(p.getByTestId("match").first()).toHaveAttribute("data-status", "in_progress");
    await expect(p.getByTestId("match").first()).toContainText("Table 5");
  }

  // And records the result.
  const result = { winnerId: final.player1Id, player1Score: 5, player2Score: 3 };
  expect((await page.request.patch(`/api/matches/${final.id}`, { data: result })).status()).toBe(200);
  await expect(tablet.getByTestId("match-status")).toHaveText("completed");
  await expect(tablet.getByTestId("score")).toHaveText(["5", "3"]);
  await expect(tablet.getByText("Winner:")).toHaveCount(1);
  await expect(card).toHaveAttribute("data-status", "completed");
  for (const p of [visitor, wall]) {
    await expect(p.getByTestId("match").first()).toHaveAttribute("data-status", "completed");
    await expect(p.getByTestId("match").first()).toContainText("5");
  }
  // The visitor's tournament page shows who won, worked out from the message as the page's loader would.
  await expect(visitor.getByTestId("match").first()).toContainText("3");

  for (const p of [tablet, page, dashboard, visitor, wall]) await sameDocument(p);
  expect(tabletReads).toEqual([]);
  expect(pageReads).toEqual([]);
  await visitorContext.close();
  await expect(tablet.getByText("Reconnecting…")).toBeHidden();
  await tablet.close();
  await playerContext.close();
});

test("a tablet whose script is blocked still follows the match by refreshing itself", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  await createOrganiser(page.request);
  const t = await createTournamentViaApi(page.request, { maxPlayers: 2, raceTo: 5, payoutStructure: "winner_only" });
  await paidPlayerViaApi(playwright, baseURL, t.id, { ...newIdentity("bea"), name: "Bea Blocked" });
  await paidPlayerViaApi(playwright, baseURL, t.id, { ...newIdentity("ned"), name: "Ned Nojs" });
  expect((await page.request.post(`/api/tournaments/${t.id}/start`)).status()).toBe(200);
  const table = (await (await page.request.post("/api/tables", { data: { name: "Table 6" } })).json()) as {
    id: string;
    accessCode: string;
  };
  const [final] = (await (await page.request.get(`/api/tournaments/${t.id}/matches`)).json()) as Match[];
  if (!final?.player1Id) throw new Error("a two-player draw has a final with its players");

  const tablet = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  let blocked = 0;
  await tablet.route("**/scoreboard.js", (route) => {
    blocked += 1;
    return route.abort();
  });
  // JavaScript is on: only the board's own script is missing.
  await tablet.goto(`/scoreboard/${table.accessCode}`);
  await expect(tablet.getByText("No Active Match")).toBeVisible();
  expect(blocked).toBe(1);
  await expect(tablet.locator('meta[http-equiv="refresh"]')).toHaveCount(1);

  expect((await page.request.patch(`/api/matches/${final.id}/table`, { data: { tableId: table.id } })).status()).toBe(
    200,
  );
  await expect(tablet.getByTestId("match-label")).toHaveText("Final · Race to 5", { timeout: 15_000 });
  const result = { winnerId: final.player1Id, player1Score: 5, player2Score: 1 };
  expect((await page.request.patch(`/api/matches/${final.id}`, { data: result })).status()).toBe(200);
  await expect(tablet.getByTestId("match-status")).toHaveText("completed", { timeout: 15_000 });
  await expect(tablet.getByTestId("score")).toHaveText(["5", "1"]);
  // It got there by reloading, each time without its script.
  expect(blocked).toBeGreaterThan(1);
  await tablet.close();
});

test("a read of the page's data that the network drops is tried again: the page stays, then catches up", async ({
  browser,
  playwright,
  baseURL,
}) => {
  const director = await browser.newContext({ baseURL });
  const { t, final } = await startedFinal(director.request, playwright, baseURL);

  // The director's page reads its data on every message (its cards show the floor, which messages do not carry;
  // a visitor's page redraws a result from the message itself, above).
  const screen = await director.newPage();
  await screen.goto(`/tournament/${t.slug}?tab=bracket`);
  await expect(screen.locator("html")).toHaveAttribute("data-live", "open");
  await markDocument(screen);
  const card = screen.getByTestId("match").first();
  await expect(card).toHaveAttribute("data-status", "pending");

  // The Wi-Fi drops for the page's data (the push channel, already open, still says something changed).
  let dropped = 0;
  await screen.route("**/*.data*", (route) => {
    dropped += 1;
    return route.abort("internetdisconnected");
  });
  const result = { winnerId: final.player1Id, player1Score: 5, player2Score: 3 };
  expect((await director.request.patch(`/api/matches/${final.id}`, { data: result })).status()).toBe(200);
  await expect.poll(() => dropped, { message: "the page tried to read its data" }).toBeGreaterThan(1);
  // Tried again rather than given up: no error page, the bracket as it was.
  await expect(screen.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  await expect(card).toHaveAttribute("data-status", "pending");

  // Back: the next try reads the result, in the same document.
  await screen.unroute("**/*.data*");
  await expect(card).toHaveAttribute("data-status", "completed", { timeout: 15_000 });
  await sameDocument(screen);
  await director.close();
});

test("a director's write the network drops says so, and the page comes back with the connection", async ({
  page,
  playwright,
  baseURL,
}) => {
  const { t } = await startedFinal(page.request, playwright, baseURL);
  await page.goto(`/tournament/${t.slug}?tab=bracket`);
  await expect(page.locator("html")).toHaveAttribute("data-live", "open");
  await markDocument(page);

  // The Wi-Fi is gone: the write cannot be sent, nor the page read again. The page waits, never the error page.
  let tries = 0;
  await page.route("**/*.data*", (route) => {
    tries += 1;
    return route.abort("internetdisconnected");
  });
  await page.getByRole("button", { name: "Set table" }).first().click();
  await expect.poll(() => tries, { message: "the write and the reads after it were tried" }).toBeGreaterThan(2);
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);

  // Back: the page returns by itself, in the same document, and says to check what was last done.
  await page.unroute("**/*.data*");
  await expect(page.getByText("What you last did may not have been sent: check it.")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("match").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Connection lost" })).toHaveCount(0);
  await sameDocument(page);

  // Only the write was lost (the reads get through): the same, at once (once the first note is closed: a note stays
  // until then).
  const note = page.getByText("What you last did may not have been sent: check it.");
  await page.getByRole("button", { name: "Close notification" }).click();
  await expect(note).toHaveCount(0);
  await page.route("**/*.data*", (route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
  );
  await page.getByRole("button", { name: "Set table" }).first().click();
  await expect(note).toBeVisible();
  await expect(page.getByTestId("match").first()).toBeVisible();
  await sameDocument(page);
});

test("a wall screen whose push channel keeps failing still follows the evening within one poll", async ({
  page,
  playwright,
  baseURL,
}) => {
  const director = await playwright.request.newContext({ baseURL });
  const { t, final } = await startedFinal(director, playwright, baseURL);
  // Every attempt to open the push channel is dropped at once (a Durable Object restarting, a proxy without
  // WebSockets): the reconnection backs off 1, 2, 4, 8, 16 s — the wall must not wait on it.
  let attempts = 0;
  await page.routeWebSocket(/\/api\/live\//, (ws) => {
    attempts += 1;
    ws.close();
  });
  // The page's timers run on Playwright's clock: the back-off and the polls pass without waiting for them.
  await page.clock.install();
  await page.goto(`/tournament/${t.slug}/bracket`);
  const card = page.getByTestId("match").first();
  await expect(card).toHaveAttribute("data-status", "pending");
  await expect.poll(() => attempts).toBe(1);
  // Past the first poll (at 10 s) and the fifth attempt (15 s): a poll that backed off would next come at 70 s. A
  // second at a time, since each retry is timed only once its refused socket has closed.
  await expect
    .poll(
      async () => {
        await page.clock.runFor(1_000);
        return attempts;
      },
      { intervals: [20] },
    )
    .toBeGreaterThanOrEqual(5);
  await markDocument(page);

  const result = { winnerId: final.player1Id, player1Score: 5, player2Score: 2 };
  expect((await director.patch(`/api/matches/${final.id}`, { data: result })).status()).toBe(200);
  // Within one poll (10 s), not at the end of the back-off or a minute later.
  await page.clock.runFor(10_000);
  await expect(card).toHaveAttribute("data-status", "completed");
  await sameDocument(page);
  await director.dispose();
});

test("a refused result keeps its dialog, what was typed and why while the page hears of other changes", async ({
  page,
  playwright,
  baseURL,
}) => {
  const { t, final } = await startedFinal(page.request, playwright, baseURL);
  const [one, two] = [final.player1!.name, final.player2!.name];
  await page.goto(`/tournament/${t.slug}?tab=bracket&result=${final.id}`);
  await expect(page.locator("html")).toHaveAttribute("data-live", "open");
  const dialog = page.getByRole("dialog", { name: "Record result" });
  await dialog.getByRole("radio", { name: one }).check();
  await dialog.getByLabel(`${one} score`).fill("1");
  await dialog.getByLabel(`${two} score`).fill("3");
  await dialog.getByRole("button", { name: "Save result" }).click();

  // Refused by the rules: the dialog again (its form posted to the results route, decision 037), with the message.
  const refusal = dialog.getByRole("alert");
  await expect(refusal).toHaveText("The winner's score can't be lower than the loser's");
  await expect(dialog.getByLabel(`${one} score`)).toHaveValue("1");
  await markDocument(page);

  // Another change to the tournament (a table for the final, from another screen) reaches the page, which reads its
  // data again: the reply is not in that read, and the dialog keeps it.
  const table = (await (await page.request.post("/api/tables", { data: { name: "Table 3" } })).json()) as {
    id: string;
  };
  const reread = page.waitForRequest((r) => r.method() === "GET" && new URL(r.url()).pathname.endsWith(".data"));
  expect((await page.request.patch(`/api/matches/${final.id}/table`, { data: { tableId: table.id } })).status()).toBe(
    200,
  );
  await reread;
  await expect(page.getByRole("article", { name: "Final, match 1" })).toContainText("Table 3");
  await expect(refusal).toHaveText("The winner's score can't be lower than the loser's");
  await expect(dialog.getByLabel(`${one} score`)).toHaveValue("1");
  await expect(dialog.getByLabel(`${two} score`)).toHaveValue("3");
  await sameDocument(page);

  // Put right and saved: recorded, the dialog closed.
  await dialog.getByLabel(`${two} score`).fill("0");
  await dialog.getByRole("button", { name: "Save result" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("article", { name: "Final, match 1" })).toHaveAttribute("data-status", "completed");
});
