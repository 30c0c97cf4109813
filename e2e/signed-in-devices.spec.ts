// Signed-in devices in a real browser, and the Content-Security-
// Policy in practice: every screen a player and a director use loads,
// hydrates and runs its scripts with nothing blocked.
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { createOrganiser, createPlayer, newIdentity } from "./support/accounts.ts";
import { anotherSession, signedIn } from "./support/database.ts";
import { createTournamentViaApi } from "./support/tournaments.ts";

const toast = (page: Page) => page.getByTestId("toast");
const devices = (page: Page) => page.getByRole("region", { name: "Signed-in devices" }).getByTestId("device");

/**
 * A new browser holding `cookie`: a session made in the database, as signing in on that device would have made it
 * (signing in through the form is accounts.spec.ts's). The browser loads no page until the test asks.
 */
async function browserWith(
  browser: Browser,
  cookie: Awaited<ReturnType<typeof anotherSession>>,
  options: { javaScriptEnabled?: boolean } = {},
) {
  const context = await browser.newContext(options);
  await context.addCookies([cookie]);
  // Signed in: the session is one the server knows.
  expect((await context.request.get("/api/auth/me")).status()).toBe(200);
  return { context, page: await context.newPage() };
}

test("a player sees both browsers and signs the other one out, then everywhere else @tablet", async ({ browser }) => {
  // Three sessions of one player: two browsers and a device signed in elsewhere.
  const who = await signedIn("player", newIdentity("devices"));
  const a = await browserWith(browser, who.cookie);
  const b = await browserWith(browser, await anotherSession("player", who.id));
  await anotherSession("player", who.id);
  await a.page.goto("/player/dashboard");
  // Each browser sees all of them, itself marked once.
  await expect(devices(a.page)).toHaveCount(3);
  await expect(a.page.getByText("This device", { exact: true })).toHaveCount(1);

  // Sign out one other device (the first that is not this one).
  const other = devices(a.page)
    .filter({ hasNot: a.page.getByText("This device", { exact: true }) })
    .first();
  await other.getByRole("button", { name: /^Sign out / }).click();
  await expect(toast(a.page)).toContainText("Device signed out");
  await expect(devices(a.page)).toHaveCount(2);

  // Sign out everywhere else, through the confirmation: Cancel first, then Escape, then confirm.
  await a.page.getByRole("link", { name: "Sign out everywhere else" }).click();
  const dialog = a.page.getByRole("dialog", { name: "Sign out everywhere else?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await a.page.getByRole("link", { name: "Sign out everywhere else" }).click();
  await expect(dialog).toBeVisible();
  await a.page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await a.page.getByRole("link", { name: "Sign out everywhere else" }).click();
  await dialog.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(toast(a.page)).toContainText("Signed out everywhere else");
  await expect(devices(a.page)).toHaveCount(1);
  await expect(a.page.getByText("You're not signed in anywhere else.")).toBeVisible();

  // The other browser is signed out: its next page is the login.
  await b.page.goto("/player/dashboard");
  await expect(b.page).toHaveURL(/\/login\?redirectTo=%2Fplayer%2Fdashboard$/);
  // This one signs itself out from the card like Logout.
  await a.page.getByRole("button", { name: "Sign out of this device" }).click();
  await expect(a.page).toHaveURL(/\/$/);
  await a.page.goto("/player/dashboard");
  await expect(a.page).toHaveURL(/\/login/);
  await a.context.close();
  await b.context.close();
});

test("a director signs another device out without JavaScript", async ({ browser }) => {
  // Three sessions of one director: a browser without JavaScript, a phone and a device signed in elsewhere.
  const who = await signedIn("organiser", newIdentity("devices-td"));
  const noScript = await browserWith(browser, who.cookie, { javaScriptEnabled: false });
  const phone = await browserWith(browser, await anotherSession("organiser", who.id));
  await anotherSession("organiser", who.id);
  await noScript.page.goto("/td/dashboard");
  await expect(devices(noScript.page)).toHaveCount(3);
  const other = devices(noScript.page).filter({ hasNot: noScript.page.getByText("This device", { exact: true }) });
  await expect(other).toHaveCount(2);
  await other
    .first()
    .getByRole("button", { name: /^Sign out / })
    .click();
  await other
    .first()
    .getByRole("button", { name: /^Sign out / })
    .click();
  await expect(devices(noScript.page)).toHaveCount(1);
  await expect(noScript.page.getByText("You're not signed in anywhere else.")).toBeVisible();
  await phone.page.goto("/td/dashboard");
  await expect(phone.page).toHaveURL(/\/login\?redirectTo=%2Ftd%2Fdashboard$/);
  await phone.context.close();
  await noScript.context.close();
});

/** Records every CSP violation and blocked script of the context's pages. */
async function watchForViolations(context: BrowserContext) {
  const problems: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const list = ((window as unknown as { __cspViolations?: string[] }).__cspViolations ??= []);
      list.push(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  context.on("console", (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text()))
      problems.push(message.text());
  });
  context.on("weberror", (error) => problems.push(String(error.error())));
  return {
    async check(page: Page) {
      const seen = await page.evaluate(
        () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
      );
      problems.push(...seen);
      expect(problems, page.url()).toEqual([]);
    },
  };
}

test("nothing is blocked by the Content-Security-Policy on the screens players and directors use @tablet", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const watch = await watchForViolations(context);
  const page = await context.newPage();
  await createOrganiser(context.request, newIdentity("csp-td"));
  const tournament = await createTournamentViaApi(context.request);
  for (const path of [
    "/",
    "/login",
    "/signup",
    "/forgot-password",
    "/td/dashboard",
    "/td/tables",
    "/td/tournaments",
    "/td/create-tournament",
    `/tournament/${tournament.slug}`,
    `/tournament/${tournament.slug}?tab=bracket`,
  ]) {
    await page.goto(path);
    // Hydrated: React Router's client has taken over (its inline scripts ran under the nonce).
    await expect
      .poll(() =>
        page.evaluate(
          () => typeof (window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter,
        ),
      )
      .toBe("object");
    await watch.check(page);
  }
  // The theme toggle (JSON to /action/set-theme) and a client-side navigation work.
  await page.goto("/td/dashboard");
  await page.getByTestId("theme-toggle").click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.getByRole("link", { name: "Create Tournament" }).first().click();
  await expect(page).toHaveURL(/\/td\/create-tournament$/);
  await watch.check(page);

  // A player's screens, the checkout among them.
  await context.clearCookies();
  await createPlayer(context.request, newIdentity("csp-player"));
  for (const path of [
    "/player/dashboard",
    "/player/tournaments",
    "/player/dashboard?withdraw=1",
    `/tournament/${tournament.slug}/checkout`,
  ]) {
    await page.goto(path);
    await expect
      .poll(() =>
        page.evaluate(
          () => typeof (window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter,
        ),
      )
      .toBe("object");
    await watch.check(page);
  }
  await context.close();
});
