// Helpers for the registration and checkout end-to-end tests: the simulated
// provider's test cards, players who paid through the JSON API (fast
// fixtures), and locators for the checkout's card form.
import { expect, type APIRequestContext, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import { createPlayer, newIdentity, type Identity } from "./accounts.ts";
import { organiserWithTournament, waitForHydrated, type TournamentInput, type TournamentJson } from "./tournaments.ts";

/** DESIGN §4: the simulated provider's test cards. */
export const CARDS = {
  success: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
} as const;

type JoinJson = { clientSecret?: string; paymentIntentId?: string; registrationId: string; paid?: boolean };

/** Joins through the JSON API; `request` must be signed in as a player. */
export async function joinViaApi(request: APIRequestContext, tournamentId: string): Promise<JoinJson> {
  const response = await request.post("/api/tournaments/join", { data: { tournamentId } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as JoinJson;
}

/** Confirms a simulated payment intent with a test card, as the card form does. */
export async function confirmViaApi(request: APIRequestContext, paymentIntentId: string, cardNumber: string = CARDS.success) {
  const response = await request.post(`/api/dev/payments/${paymentIntentId}/confirm`, { data: { cardNumber } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { status: string; message: string };
}

/**
 * A new player, in a request context of their own, who joins the tournament
 * and pays by card through the JSON API.
 */
export async function paidPlayerViaApi(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
  tournamentId: string,
  who: Identity = newIdentity("paid"),
): Promise<Identity> {
  const request = await playwright.request.newContext({ baseURL });
  try {
    await createPlayer(request, who);
    const joined = await joinViaApi(request, tournamentId);
    expect(joined.paymentIntentId, "a paid tournament needs a payment").toBeTruthy();
    const confirmed = await confirmViaApi(request, joined.paymentIntentId!, CARDS.success);
    expect(confirmed.status).toBe("succeeded");
    return who;
  } finally {
    await request.dispose();
  }
}

/** The checkout's simulated card form. */
export const cardForm = (page: Page) => page.locator('form[action^="/api/dev/payments/"]');

/** The card form's submit button (its name changes to 'Processing...' while working). */
export const payButton = (page: Page) => cardForm(page).getByRole("button");

/** Waits until the card form is hydrated, so the submit goes through the enhanced path. */
export async function waitForHydratedCardForm(page: Page) {
  await expect(cardForm(page)).toBeVisible();
  await waitForHydrated(page, 'form[action^="/api/dev/payments/"] button[type="submit"]');
}

/** Types a card number and submits the card form. */
export async function payWithCard(page: Page, cardNumber: string) {
  await page.getByLabel("Card number").fill(cardNumber);
  await payButton(page).click();
}

/**
 * A new organiser with one tournament, made in a request context of its own
 * (so the test's page and `request` stay free for players).
 */
export async function tournamentViaApi(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
  overrides: Partial<TournamentInput> = {},
): Promise<TournamentJson> {
  const request = await playwright.request.newContext({ baseURL });
  try {
    return (await organiserWithTournament(request, overrides)).tournament;
  } finally {
    await request.dispose();
  }
}
