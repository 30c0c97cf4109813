// Scoring at the table (decision 012): a tablet scores a race to 5 rack by rack
// with the network cut in the middle, and nothing is lost — with its script
// (taps wait on the tablet and are sent when the network is back) and
// without JavaScript (plain forms, each with its own tap id).
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { createOrganiser, newIdentity } from "./support/accounts.ts";
import { paidPlayerViaApi } from "./support/payments.ts";
import { createTournamentViaApi } from "./support/tournaments.ts";

type Match = { id: string; player1Id: string; player2Id: string; player1Score: number; player2Score: number };

/** Alex and Sam's final, race to 5, on a table: the table's code and the final. */
async function finalAtTable(
  request: APIRequestContext,
  playwright: Parameters<typeof paidPlayerViaApi>[0],
  baseURL: string | undefined,
) {
  await createOrganiser(request);
  const t = await createTournamentViaApi(request, { maxPlayers: 2, raceTo: 5, payoutStructure: "winner_only" });
  await paidPlayerViaApi(playwright, baseURL, t.id, { ...newIdentity("alex"), name: "Alex" });
  await paidPlayerViaApi(playwright, baseURL, t.id, { ...newIdentity("sam"), name: "Sam" });
  expect((await request.post(`/api/tournaments/${t.id}/start`)).status()).toBe(200);
  const table = (await (await request.post("/api/tables", { data: { name: "Table 2" } })).json()) as {
    id: string;
    accessCode: string;
  };
  const [final] = (await (await request.get(`/api/tournaments/${t.id}/matches`)).json()) as Match[];
  if (!final) throw new Error("a two-player draw has a final");
  expect((await request.patch(`/api/matches/${final.id}/table`, { data: { tableId: table.id } })).status()).toBe(200);
  return { t, table, final };
}

/** The side of each name: the draw decides who is player 1. */
async function sides(page: Page) {
  const first =
    (await page
      .getByRole("button", { name: /^\+1 rack for / })
      .first()
      .getAttribute("aria-label")) ?? "";
  return first.endsWith("Alex") ? { alex: 0, sam: 1 } : { alex: 1, sam: 0 };
}

/** The final at a table and a tablet showing it (with or without JavaScript), and which side each player is. */
async function tabletAtFinal({ page: director, browser, playwright, baseURL }: Fixtures, javaScriptEnabled: boolean) {
  const setup = await finalAtTable(director.request, playwright, baseURL);
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 800, height: 1280 } });
  const page = await context.newPage();
  await page.goto(`/scoreboard/${setup.table.accessCode}`);
  // With its script, once the push channel is open.
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-live", "open");
  return { ...setup, context, page, order: await sides(page) };
}

/** The tests' own fixture: a tablet at a fresh final, with or without JavaScript. */
const tabletTest = test.extend<{ openTablet: (javaScriptEnabled: boolean) => ReturnType<typeof tabletAtFinal> }>({
  openTablet: async ({ page, browser, playwright, baseURL }, use) => {
    await use((javaScriptEnabled) => tabletAtFinal({ page, browser, playwright, baseURL }, javaScriptEnabled));
  },
});

type Fixtures = {
  page: Page;
  browser: Browser;
  playwright: Parameters<typeof paidPlayerViaApi>[0];
  baseURL: string | undefined;
};

const rackFor = (page: Page, name: string) => page.getByRole("button", { name: `+1 rack for ${name}` });

/** How many taps wait in the tablet's storage. */
const waitingTaps = (page: Page, code: string) =>
  page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? "[]") as unknown[]).length, `taps:${code}`);

/** The hidden fields of one of the board's tap forms, as the browser would send them. */
async function formFields(page: Page, index: number, tap = "racks") {
  const inputs = page.locator(`form[data-tap='${tap}']`).nth(index).locator("input");
  const pairs = await inputs.evaluateAll((all) =>
    all.map((i) => [(i as HTMLInputElement).name, (i as HTMLInputElement).value]),
  );
  return Object.fromEntries(pairs) as Record<string, string>;
}

async function expectScores(page: Page, order: { alex: number }, alex: number, sam: number) {
  const scores = page.getByTestId("score");
  await expect(scores.nth(order.alex)).toHaveText(String(alex));
  await expect(scores.nth(1 - order.alex)).toHaveText(String(sam));
}

tabletTest(
  "with its script the tablet keeps every tap while the network is down and sends them in order @tablet",
  async ({ page: director, openTablet }) => {
    const { table, t, final, context, page, order } = await openTablet(true);

    await page.getByRole("button", { name: "Alex", exact: true }).click(); // Who won the lag?
    await expect(page.getByTestId("breaker")).toHaveText("Alex to break");
    await rackFor(page, "Alex").click();
    await rackFor(page, "Sam").click();
    await expectScores(page, order, 1, 1);
    // Both sent before the Wi-Fi drops (the board shows a tap at once, before the server has it).
    await expect.poll(() => waitingTaps(page, table.accessCode)).toBe(0);

    // The pub's Wi-Fi drops: taps go on, shown at once, and wait on the tablet.
    await context.setOffline(true);
    for (const name of ["Alex", "Alex", "Sam", "Alex"]) await rackFor(page, name).click();
    await expectScores(page, order, 4, 2);
    await expect(page.getByRole("status").filter({ hasText: "Reconnecting…" })).toContainText("taps waiting");
    await page.getByRole("button", { name: "Undo last rack" }).click();
    await rackFor(page, "Alex").click();
    await rackFor(page, "Alex").click();
    await expectScores(page, order, 5, 2);
    await expect(page.getByText("Alex wins 5–2 — Confirm result?")).toBeVisible();
    await expect(rackFor(page, "Sam")).toBeDisabled();
    // A reload while offline is not possible; the taps are in the tablet's storage all the same.
    expect(await waitingTaps(page, table.accessCode)).toBe(7);

    // Back online: every tap is sent once, in order, and the board is the server's again.
    await context.setOffline(false);
    await expect(page.getByRole("status").filter({ hasText: "Reconnecting…" })).toHaveCount(0, { timeout: 20_000 });
    await expectScores(page, order, 5, 2);
    await page.getByRole("button", { name: "Confirm result" }).click();
    await expect(page.getByTestId("match-status")).toHaveText("completed");
    const [after] = (await (await director.request.get(`/api/tournaments/${t.id}/matches`)).json()) as (Match & {
      winnerId: string;
      status: string;
    })[];
    const alexId = order.alex === 0 ? final.player1Id : final.player2Id;
    expect(after).toMatchObject({ status: "completed", winnerId: alexId });
    expect([after?.player1Score, after?.player2Score]).toEqual(order.alex === 0 ? [5, 2] : [2, 5]);
    await context.close();
  },
);

tabletTest(
  "without JavaScript plain forms score the race; a tap lost to the network is tapped again @tablet",
  async ({ page: director, openTablet }) => {
    const { table, t, final, context, page, order } = await openTablet(false);

    await rackFor(page, "Sam").click();
    await rackFor(page, "Alex").click();
    await expectScores(page, order, 1, 1);
    await expect(page.getByTestId("breaker")).toHaveText("Alex to break");

    // The network drops as a tap is sent: the browser says so, nothing reached the server.
    await context.setOffline(true);
    await rackFor(page, "Alex")
      .click()
      .catch(() => undefined);
    await context.setOffline(false);
    await page.goto(`/scoreboard/${table.accessCode}`);
    await expectScores(page, order, 1, 1);

    // The same form sent twice (a double tap, a resubmitted page) counts once.
    const fields = await formFields(page, order.alex);
    for (let i = 0; i < 2; i++) {
      const sent = await page.request.post(`/scoreboard/${table.accessCode}`, { form: fields, maxRedirects: 0 });
      expect(sent.status()).toBe(303);
    }
    await page.reload();
    await expectScores(page, order, 2, 1);

    for (const name of ["Alex", "Sam", "Alex", "Alex"]) await rackFor(page, name).click();
    await expectScores(page, order, 5, 2);
    await expect(page.getByText("Alex wins 5–2 — Confirm result?")).toBeVisible();
    const undo = await formFields(page, 0, "undo");
    await page.getByRole("button", { name: "Confirm result" }).click();
    await expect(page.getByTestId("match-status")).toHaveText("completed");
    const [after] = (await (await director.request.get(`/api/tournaments/${t.id}/matches`)).json()) as (Match & {
      winnerId: string;
    })[];
    expect(after?.winnerId).toBe(order.alex === 0 ? final.player1Id : final.player2Id);
    // A tap from a page left open on another tablet is refused with a note, and changes nothing.
    const late = await page.request.post(`/scoreboard/${table.accessCode}`, { form: undo, maxRedirects: 0 });
    expect(late.headers().location).toBe(`/scoreboard/${table.accessCode}?note=decided`);
    await page.goto(late.headers().location ?? "");
    await expect(page.getByText("The match is already decided")).toBeVisible();
    await expectScores(page, order, 5, 2);
    await context.close();
  },
);

tabletTest(
  "the director records the result while the tablet is offline: the director's version wins, with a note @tablet",
  async ({ page: director, openTablet }) => {
    const { table, final, context, page, order } = await openTablet(true);
    await rackFor(page, "Alex").click();
    await expectScores(page, order, 1, 0);
    await expect.poll(() => waitingTaps(page, table.accessCode)).toBe(0);

    await context.setOffline(true);
    for (const name of ["Alex", "Alex", "Sam"]) await rackFor(page, name).click();
    await expectScores(page, order, 3, 1);
    await expect(page.getByRole("status").filter({ hasText: "Reconnecting…" })).toContainText("3 taps waiting");
    // Meanwhile the director records what the players told them.
    const samId = order.alex === 0 ? final.player2Id : final.player1Id;
    const recorded = await director.request.patch(`/api/matches/${final.id}`, {
      data: {
        winnerId: samId,
        ...(order.alex === 0 ? { player1Score: 2, player2Score: 5 } : { player1Score: 5, player2Score: 2 }),
      },
    });
    expect(recorded.status()).toBe(200);

    await context.setOffline(false);
    await expect(
      page.getByText("The director changed this match: the tablet shows the director's version"),
    ).toBeVisible({
      timeout: 20_000,
    });
    await expectScores(page, order, 2, 5);
    await expect(page.getByTestId("match-status")).toHaveText("completed");
    expect(await waitingTaps(page, table.accessCode)).toBe(0);
    await context.close();
  },
);

tabletTest(
  "a rack held down while the board is drawn again under it still counts @tablet",
  async ({ page: director, openTablet }) => {
    const { table, final, context, page, order } = await openTablet(true);
    await page.getByRole("button", { name: "Alex", exact: true }).click(); // Who won the lag?
    await rackFor(page, "Alex").click();
    await expectScores(page, order, 1, 0);
    await expect.poll(() => waitingTaps(page, table.accessCode)).toBe(0);

    // A finger is on Sam's "+1 rack" when a rack for Alex from another tablet at the table comes in.
    const region = page.locator("main [aria-live]");
    const drawnAt = (await region.getAttribute("data-drawn-at")) ?? "";
    const box = await rackFor(page, "Sam").boundingBox();
    if (!box) throw new Error("Sam's +1 rack on screen");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    const other = await director.request.post(`/api/tables/by-code/${table.accessCode}/racks`, {
      data: { tapId: crypto.randomUUID(), player: order.alex + 1, matchId: final.id },
    });
    expect(other.status()).toBe(201);
    await expect(region).not.toHaveAttribute("data-drawn-at", drawnAt);
    await expectScores(page, order, 2, 0);
    await page.mouse.up();

    // The tap lands on the button it was pressed on: counted on the tablet and at the server.
    await expectScores(page, order, 2, 1);
    await expect.poll(() => waitingTaps(page, table.accessCode)).toBe(0);
    const current = await director.request.get(`/api/tables/by-code/${table.accessCode}/current-match`);
    const after = (await current.json()) as Match;
    expect([after.player1Score, after.player2Score]).toEqual(order.alex === 0 ? [2, 1] : [1, 2]);
    await context.close();
  },
);
