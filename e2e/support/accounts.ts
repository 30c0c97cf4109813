// Helpers for the accounts end-to-end tests: unique identities, accounts
// created through the JSON API (fast fixtures), and the local e-mail outbox.
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";

export type Identity = { name: string; email: string; password: string };

let counter = 0;

/** A fresh identity; tests share one database, so every e-mail is unique. */
export function newIdentity(label = "player"): Identity {
  counter += 1;
  const id = `${Date.now()}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  return { name: `${label} ${id}`, email: `${label}-${id}@example.com`, password: "cue-ball-42" };
}

/**
 * Creates a player through the API. With `page.request` the page's context is
 * signed in as well; with the `request` fixture the page stays anonymous.
 */
export async function createPlayer(request: APIRequestContext, who: Identity = newIdentity("player")) {
  const response = await request.post("/api/auth/signup/player", {
    data: { name: who.name, email: who.email, password: who.password, confirmPassword: who.password },
  });
  expect(response.status(), await response.text()).toBe(201);
  return who;
}

export async function createOrganiser(request: APIRequestContext, who: Identity = newIdentity("td")) {
  const response = await request.post("/api/auth/signup/organiser", {
    data: {
      organisationName: `${who.name} Pool League`,
      venue: "The Red Lion, Leeds",
      name: who.name,
      email: who.email,
      password: who.password,
      confirmPassword: who.password,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return who;
}

/** Fills and submits the login form on the current page. */
export async function submitLogin(page: Page, who: { email: string; password: string }, accountType = "Player") {
  await page.getByText(accountType, { exact: true }).click();
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

type OutboxMessage = { to: string; subject: string; text: string; createdAt: string };

/** The newest password-reset link (or, `"welcome"`, invitation link) sent to `email`, read from GET /api/dev/outbox. */
export async function resetLinkFor(
  request: APIRequestContext,
  email: string,
  kind: "reset-password" | "welcome" = "reset-password",
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get("/api/dev/outbox");
      expect(response.ok()).toBe(true);
      const messages = (await response.json()) as OutboxMessage[];
      const message = messages.find((m) => m.to === email);
      link = message?.text.match(new RegExp(`https?://\\S+/${kind}\\?\\S+`))?.[0];
      return link;
    })
    .toBeTruthy();
  return link!;
}

/**
 * An invited walk-in takes up the invitation: the welcome e-mail to `invited.email` (not a password reset) opened on a
 * phone of their own, a password chosen there; they are signed in, welcomed by name, and see `entered` among their
 * registered tournaments.
 */
export async function acceptInvitation(
  request: APIRequestContext,
  browser: Browser,
  invited: { name: string; email: string },
  { entered, javaScriptEnabled }: { entered: string; javaScriptEnabled: boolean },
): Promise<void> {
  const link = await resetLinkFor(request, invited.email, "welcome");
  const phone = await browser.newContext({ javaScriptEnabled });
  const page = await phone.newPage();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Welcome to Break & Run — choose a password" })).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("a-good-password-1");
  await page.getByLabel("Confirm password").fill("a-good-password-1");
  await page.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(page).toHaveURL(/\/player\/tournaments\?tab=registered$/);
  await expect(page.getByText(`Welcome, ${invited.name}`).first()).toBeVisible();
  await expect(page.getByText(entered).first()).toBeVisible();
  await phone.close();
}

/** How many outbox messages were sent to `email`. */
export async function outboxCount(request: APIRequestContext, email: string): Promise<number> {
  const response = await request.get("/api/dev/outbox");
  const messages = (await response.json()) as OutboxMessage[];
  return messages.filter((m) => m.to === email).length;
}

/**
 * Waits until React has hydrated a Conform form: Conform sets `novalidate`
 * only once its own validation is running in the browser.
 */
export async function waitForHydratedForm(page: Page, formId: string) {
  await expect(page.locator(`form#${formId}`)).toHaveAttribute("novalidate", "");
}
