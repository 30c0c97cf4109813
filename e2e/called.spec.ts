// "You're up on Table 3" (decisions 013–015): the player's pages say it the
// moment the director gives their match a table in another browser, without a
// reload; the e-mail is in the outbox; the dashboard's Match Alerts opt-in
// subscribes this browser and the call reaches it as a Web Push message.
import { expect, test } from "@playwright/test";
import { decryptPush, newBrowser, startFakePush } from "../tests/support/fake-push.ts";
import { createPlayer, newIdentity } from "./support/accounts.ts";
import { finalReadyForTable, markDocument, sameDocument } from "./support/live.ts";

const names = { tableName: "Table 3", playerName: "Uma Upnext", rivalName: "Ray Rival" };

test("the player's pages say 'You're up on Table 3' when the director sets the table @tablet", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const player = await browser.newContext();
  const { t, who, rival } = await finalReadyForTable({ page, player, playwright, baseURL }, names);
  const dashboard = await player.newPage();
  await dashboard.goto("/player/dashboard");
  const mine = await player.newPage();
  await mine.goto("/player/tournaments?tab=registered");
  for (const p of [dashboard, mine]) {
    await expect(p.locator("html")).toHaveAttribute("data-live", "open");
    await expect(p.getByTestId("called")).toBeEmpty();
    await markDocument(p);
  }

  // The director sets the table on the tournament page, in another browser.
  await page.goto(`/tournament/${t.slug}?tab=bracket`);
  await page.getByLabel("Table for match 1").selectOption({ label: "Table 3" });
  await page.getByRole("button", { name: "Set table" }).click();
  await expect(page.getByText("Table assigned")).toBeVisible();

  for (const p of [dashboard, mine]) {
    const banner = p.getByRole("status").filter({ hasText: "You're up on Table 3" });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(`vs ${rival.name}`);
    await expect(banner.getByRole("link", { name: t.name })).toHaveAttribute(
      "href",
      `/tournament/${t.slug}?tab=bracket`,
    );
    await sameDocument(p);
  }
  // The tournament page says it too.
  const own = await player.newPage();
  await own.goto(`/tournament/${t.slug}`);
  await expect(own.getByTestId("called")).toContainText("You're up on Table 3");
  // And the e-mail is in the outbox, once.
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get("/api/dev/outbox")).json()) as { to: string; subject: string }[];
      return mails.filter((m) => m.to === who.email && m.subject === "You're up on Table 3").length;
    })
    .toBe(1);
  await player.close();
});

test("Match Alerts: the opt-in explains itself, subscribes this browser and the call arrives as a push", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const push = await startFakePush();
  const device = newBrowser(`${push.url}/push/${Date.now()}`);
  const player = await browser.newContext();
  await player.grantPermissions(["notifications"]);
  // Headless Chromium has no push service to subscribe with: the browser's side is stood in for by a subscription
  // whose keys are made here and whose endpoint is the local fake push service. The rest is real: the service
  // worker registers, the page posts the subscription, the server encrypts and sends to it.
  await player.addInitScript((subscription) => {
    // Debian's headless shell reads the permission as "denied" whatever was granted (its request answers "granted",
    // as the full browser's reading does): the grant above is what it reads.
    Object.defineProperty(Notification, "permission", { configurable: true, get: () => "granted" });
    let current: PushSubscription | null = null;
    PushManager.prototype.subscribe = async () => {
      current = {
        ...subscription,
        expirationTime: null,
        toJSON: () => subscription,
        unsubscribe: async () => {
          current = null;
          return true;
        },
      } as unknown as PushSubscription;
      return current;
    };
    PushManager.prototype.getSubscription = async () => current;
  }, device.subscription);
  try {
    const { t, table, final } = await finalReadyForTable({ page, player, playwright, baseURL }, names);
    const dashboard = await player.newPage();
    await dashboard.goto("/player/dashboard");
    const alerts = dashboard.getByRole("region", { name: "Match Alerts" });
    await expect(alerts).toContainText("Get a notification on this device when your match is given a table");
    await alerts.getByRole("button", { name: "Turn on notifications" }).click();
    await expect(alerts.getByRole("status")).toHaveText("Notifications are on for this device.");
    await expect(alerts.getByRole("button", { name: "Turn off notifications" })).toBeVisible();
    expect(
      await dashboard.evaluate(async () => (await navigator.serviceWorker.getRegistration("/"))?.active?.scriptURL),
    ).toMatch(/\/sw\.js$/);

    expect((await page.request.patch(`/api/matches/${final.id}/table`, { data: { tableId: table.id } })).status()).toBe(
      200,
    );
    await expect.poll(() => push.requests.length).toBe(1);
    const message = JSON.parse(decryptPush(device, push.requests[0]?.body ?? Buffer.alloc(0))) as {
      title: string;
      url: string;
    };
    expect(message.title).toBe("You're up on Table 3");
    expect(message.url).toBe(`/tournament/${t.slug}?tab=bracket`);

    await alerts.getByRole("button", { name: "Turn off notifications" }).click();
    await expect(alerts.getByRole("status")).toHaveText("Notifications are off for this device.");
    await expect(alerts.getByRole("button", { name: "Turn on notifications" })).toBeVisible();
  } finally {
    await player.close();
    await push.close();
  }
});

test("without JavaScript the opt-in says it needs it", async ({ browser }) => {
  const player = await browser.newContext({ javaScriptEnabled: false });
  try {
    await createPlayer(player.request, newIdentity("nojs"));
    const dashboard = await player.newPage();
    await dashboard.goto("/player/dashboard");
    const alerts = dashboard.getByRole("region", { name: "Match Alerts" });
    // (Playwright's text matching skips <noscript>: its paragraph is read as an element, which it is without JS.)
    const note = alerts.locator("noscript p");
    await expect(note).toBeVisible();
    await expect(note).toHaveText(/^Turning notifications on needs JavaScript, which is off in this browser\./);
    await expect(alerts.getByRole("button")).toHaveCount(0);
  } finally {
    await player.close();
  }
});
