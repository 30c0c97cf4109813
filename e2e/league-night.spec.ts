// A league night (DESIGN §11, SCENARIO): the home captain scores the match card on the table's tablet — slow, its
// processor throttled, on pub Wi-Fi that drops mid-card. The frames tapped while it is down are shown at once and
// wait; back online they go in order, and the away captain's phone hears them over push without a reload. Both
// captains confirm from their phones, the card is played and the league page shows the result. The week after, a
// captain disputes the card (a frame the tablet changed offline meanwhile is refused once it is back, with the
// server's reason) and the league's secretary resolves it, changing a frame, with a note both captains see.
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { createOrganiser, createPlayer, newIdentity } from "./support/accounts.ts";
import { cardLeague, lineupViaApi, playerOf, type Side, signIn, tapWinner } from "./support/leagues.ts";
import { markDocument, sameDocument } from "./support/live.ts";

test.use({ timezoneId: "Europe/London", locale: "en-GB" });

/** A page whose push channel is open, its document marked (a reload would lose the mark). */
async function following(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-live", "open");
  await markDocument(page);
}

/** The table's tablet: the home captain's session (the cookie of their phone), a slow network and a slow processor. */
async function slowTablet(context: BrowserContext, path: string) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  // Pub Wi-Fi, or none: this session's conditions stand over the context's, so the drop is said here too.
  const network = (offline: boolean) =>
    cdp.send("Network.emulateNetworkConditions", {
      offline,
      latency: 150,
      downloadThroughput: (1.5 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
  await network(false);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto(path);
  await following(page);
  return {
    page,
    wifi: async (up: boolean) => {
      await context.setOffline(!up);
      await network(!up);
    },
  };
}

test("the tablet keeps the frames through a Wi-Fi drop; the captains confirm; a disputed card is resolved", async ({
  browser,
  request,
  baseURL,
}) => {
  const phone = { baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const secretaryContext = await browser.newContext(phone);
  const homeContext = await browser.newContext(phone);
  const awayContext = await browser.newContext(phone);
  const tabletContext = await browser.newContext({ baseURL, viewport: { width: 800, height: 1280 }, hasTouch: true });
  try {
    // The secretary's browser is signed in by signing up; the league, and both weeks' lineups, through the API.
    await createOrganiser(secretaryContext.request);
    const td = secretaryContext.request;
    const setup = await cardLeague(
      td,
      await createPlayer(request, newIdentity("crowncap")),
      await createPlayer(request, newIdentity("anchorcap")),
    );
    const { home, away, path, league } = setup;
    const week2 = setup.fixtures[1];
    if (!week2) throw new Error("two teams play twice");
    for (const [fixtureId, sides] of [
      [setup.fixture.id, [home, away]],
      [week2.id, [away, home]],
    ] as const) {
      await lineupViaApi(td, fixtureId, "home", sides[0]);
      await lineupViaApi(td, fixtureId, "away", sides[1]);
    }

    // The captains on their phones; the away captain also follows the league page.
    const homePhone = await signIn(homeContext, home.captain, path);
    const awayPhone = await signIn(awayContext, away.captain, path);
    const leaguePage = await awayContext.newPage();
    await leaguePage.goto(`/league/${league.slug}`);
    for (const p of [homePhone, awayPhone, leaguePage]) await following(p);
    await tabletContext.addCookies(await homeContext.cookies());
    const tablet = await slowTablet(tabletContext, path);
    const t = tablet.page;

    const tap = (page: Page, n: number, side: Side) => tapWinner(page, n, playerOf(side, n));
    const waiting = t.getByTestId("frames-waiting");
    // Frames 1–3 as the connection holds: each on the away captain's phone as it lands.
    await tap(t, 1, home);
    await tap(t, 2, away);
    await tap(t, 3, home);
    await expect(t.getByTestId("card-score")).toHaveText("2–1");
    await expect(awayPhone.getByTestId("card-score")).toHaveText("2–1");
    await expect(waiting).toHaveText("");

    // The Wi-Fi drops: frames 4–7 are tapped (frame 4 corrected to the away side), shown at once, and wait.
    await tablet.wifi(false);
    await tap(t, 4, home);
    await tap(t, 4, away);
    await tap(t, 5, home);
    await tap(t, 6, away);
    await tap(t, 7, home);
    await expect(t.getByTestId("card-score")).toHaveText("4–3");
    await expect(waiting).toHaveText("4 frames waiting to send: they'll go when the connection is back.");
    for (const n of [4, 5, 6, 7]) await expect(t.locator(`#frame-${n}`)).toContainText("Waiting to send");
    await expect(t.locator("#frame-3")).not.toContainText("Waiting to send");
    // The phones have heard nothing of them: the server has not.
    await expect(awayPhone.getByTestId("card-score")).toHaveText("2–1");

    // Back online: they go, in the order tapped (frame 4 ends with the away side), and the phones hear them.
    await tablet.wifi(true);
    await expect(waiting).toHaveText("");
    await expect(t.locator("#frame-5")).not.toContainText("Waiting to send");
    await expect(awayPhone.getByTestId("card-score")).toHaveText("4–3");
    await expect(awayPhone.locator("#frame-4").getByRole("button", { name: playerOf(away, 4) })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await tap(t, 8, home);
    await tap(t, 9, away);
    await expect(awayPhone.getByTestId("card-score")).toHaveText("5–4");
    await expect(homePhone.getByTestId("card-score")).toHaveText("5–4");
    await expect(t.getByTestId("card-score")).toHaveText("5–4");

    // Both captains confirm from their phones, each hearing the other.
    await awayPhone.getByRole("button", { name: "Confirm the result (5–4)" }).click();
    await expect(awayPhone.getByText("You have confirmed the result.")).toBeVisible();
    await expect(homePhone.getByText(`${away.team}'s captain has confirmed`).first()).toBeVisible();
    await homePhone.getByRole("button", { name: "Confirm the result (5–4)" }).click();
    await expect(homePhone.getByTestId("card-status")).toContainText("Played");
    await expect(awayPhone.getByTestId("card-status")).toContainText("Played");
    await expect(t.getByTestId("card-status")).toContainText("Played");
    await expect(t.locator("#frame-1").getByRole("button")).toHaveCount(0);
    await expect(leaguePage.getByRole("link", { name: `Match card: ${home.team} v ${away.team}, 5–4` })).toBeVisible();
    // The division's table moved with it, over push: the home side top on two points, one played each.
    const rows = leaguePage.getByTestId("table-row");
    await expect(rows.first()).toContainText(home.team);
    await expect(rows.first().getByTestId("table-points")).toHaveText("2");
    await expect(rows.nth(1)).toContainText(away.team);
    await expect(rows.nth(1).getByTestId("table-points")).toHaveText("0");
    for (const p of [awayPhone, leaguePage, t]) await sameDocument(p);

    // Week 2, the same two teams the other way round: the frames recorded (5–4 to its home side), then disputed.
    const path2 = `/league/${league.slug}/fixtures/${week2.id}`;
    for (let n = 1; n <= 9; n++) {
      const response = await td.post(`/api/fixtures/${week2.id}/frames/${n}`, {
        data: { winner: n % 2 === 1 ? "home" : "away" },
      });
      expect(response.status(), await response.text()).toBe(200);
    }
    await homePhone.goto(path2);
    await following(homePhone);
    // The tablet, its Wi-Fi down again, changes frame 3 to its side while the other captain disputes the card.
    await t.goto(path2);
    await following(t);
    await tablet.wifi(false);
    await tap(t, 3, home);
    await expect(t.getByTestId("card-score")).toHaveText("4–5");
    await expect(waiting).toHaveText("1 frame waiting to send: it'll go when the connection is back.");
    await awayPhone.goto(path2);
    await awayPhone.getByText("Dispute the result").click();
    await awayPhone.getByLabel("What is in dispute").fill("Frame 2 was a foul on the black");
    await awayPhone.getByRole("button", { name: "Send the dispute" }).click();
    await expect(awayPhone.getByTestId("card-status")).toContainText("Disputed");
    await following(awayPhone);
    await expect(homePhone.getByText("In dispute: Frame 2 was a foul on the black")).toBeVisible();
    // Back online, the tablet's tap is refused: dropped, the server's reason beside its frame, the card as it is.
    await tablet.wifi(true);
    await expect(t.locator("#frame-3")).toContainText("This fixture is in dispute: the league's secretary resolves it");
    await expect(waiting).toHaveText("");
    await expect(t.getByTestId("card-status")).toContainText("Disputed");
    await expect(t.getByTestId("card-score")).toHaveText("5–4");

    // The secretary gives frame 2 to the home side (6–3), with a note both captains see without reloading.
    const secretary = await secretaryContext.newPage();
    await secretary.goto(path2);
    const resolve = secretary.getByRole("form", { name: "Resolve the dispute" });
    await resolve.getByRole("group", { name: "Frame 2" }).getByRole("radio").nth(0).check();
    await resolve.getByLabel("Note (shown on the card)").fill("Frame 2 to the home side: the black was fouled");
    await resolve.getByRole("button", { name: "Resolve: the card is played" }).click();
    await expect(secretary.getByTestId("card-status")).toContainText("Played");
    await expect(secretary.getByTestId("card-score")).toHaveText("6–3");
    for (const p of [homePhone, awayPhone]) {
      await expect(p.getByText("Frame 2 to the home side: the black was fouled")).toBeVisible();
      await expect(p.getByTestId("card-score")).toHaveText("6–3");
      await sameDocument(p);
    }
    await expect(leaguePage.getByRole("link", { name: `Match card: ${away.team} v ${home.team}, 6–3` })).toBeVisible();
    // The table moved again: a win each, two points each, the week 2 winners top on frame difference (10–8).
    await expect(rows.first()).toContainText(away.team);
    await expect(rows.first().getByTestId("table-points")).toHaveText("2");
    await expect(rows.nth(1).getByTestId("table-points")).toHaveText("2");
    await expect(leaguePage.getByTestId("tie-breaks")).toHaveText(
      `${away.team} above ${home.team} on frame difference`,
    );
    await sameDocument(leaguePage);
  } finally {
    for (const context of [secretaryContext, homeContext, awayContext, tabletContext]) await context.close();
  }
});
