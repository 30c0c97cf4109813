// Helpers for the registration and checkout end-to-end tests: the simulated
// provider's test cards, players who paid through the JSON API (fast
// fixtures), and locators for the checkout's card form.
import { expect, type APIRequestContext, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import { newIdentity, type Identity } from "./accounts.ts";
import { signedIn } from "./database.ts";
import { organiserWithTournament, waitForHydrated, type TournamentInput, type TournamentJson } from "./tournaments.ts";

/** DESIGN §4: the simulated provider's test cards. */
export const CARDS = {
  success: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
} as const;

type JoinJson = { clientSecret?: string; paymentIntentId?: string; registrationId: string; paid?: boolean };

/** A request context of a new player's own, made and signed in in the database (e2e/support/database.ts). */
async function signedInRequest(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
  who: Identity,
): Promise<APIRequestContext> {
  const { cookie } = await signedIn("player", who);
  return playwright.request.newContext({ baseURL, storageState: { cookies: [cookie], origins: [] } });
}

/** Joins through the JSON API; `request` must be signed in as a player. */
async function joinViaApi(request: APIRequestContext, tournamentId: string): Promise<JoinJson> {
  const response = await request.post("/api/tournaments/join", { data: { tournamentId } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as JoinJson;
}

/**
 * A new player, in a request context of their own, who joins and leaves the
 * place held unpaid (as if still typing their card).
 */
export async function heldPlaceViaApi(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
  tournamentId: string,
): Promise<Identity> {
  const who = newIdentity("holding");
  const request = await signedInRequest(playwright, baseURL, who);
  try {
    expect((await joinViaApi(request, tournamentId)).paymentIntentId, "a paid tournament holds the place").toBeTruthy();
    return who;
  } finally {
    await request.dispose();
  }
}

/** Confirms a simulated payment intent with a test card, as the card form does. */
async function confirmViaApi(request: APIRequestContext, paymentIntentId: string, cardNumber: string = CARDS.success) {
  const response = await request.post(`/api/dev/payments/${paymentIntentId}/confirm`, { data: { cardNumber } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { status: string; message: string };
}

/** The player signed in on `request` joins the tournament and pays by card through the JSON API. */
export async function payToEnter(request: APIRequestContext, tournamentId: string): Promise<void> {
  const joined = await joinViaApi(request, tournamentId);
  expect(joined.paymentIntentId, "a paid tournament needs a payment").toBeTruthy();
  expect((await confirmViaApi(request, joined.paymentIntentId!, CARDS.success)).status).toBe("succeeded");
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
  const request = await signedInRequest(playwright, baseURL, who);
  try {
    await payToEnter(request, tournamentId);
    return who;
  } finally {
    await request.dispose();
  }
}

/** The checkout's simulated card form. */
export const cardForm = (page: Page) => page.locator('form[action^="/api/dev/payments/"]');

/** Text to match literally inside a RegExp (a slug, a name). */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The tournament page's address, exactly. */
export const tournamentUrl = (slug: string) => new RegExp(`/tournament/${escapeRegExp(slug)}$`);
/** The checkout's address, without a query. */
export const checkoutUrl = (slug: string) => new RegExp(`/tournament/${escapeRegExp(slug)}/checkout$`);

/** Clicks Join on the tournament page and waits for the checkout's card form. */
export async function joinToCheckout(page: Page, slug: string) {
  await page.goto(`/tournament/${slug}`);
  await page.getByRole("button", { name: "Join Tournament" }).click();
  await expect(page).toHaveURL(checkoutUrl(slug));
  await expect(cardForm(page)).toBeVisible();
}

/** The card form's submit button (its name changes to 'Processing...' while working). */
export const payButton = (page: Page) => cardForm(page).getByRole("button");

/** Waits until the card form is hydrated, so the submit goes through the enhanced path. */
export async function waitForHydratedCardForm(page: Page) {
  await expect(cardForm(page)).toBeVisible();
  await waitForHydrated(page, 'form[action^="/api/dev/payments/"] button[type="submit"]');
}

/** Why the last card did not go through: "Payment Failed" and the provider's message, under the card field. */
export const cardError = (page: Page) => page.getByTestId("card-error");

/**
 * The card's failure stands just under the card field and above Pay, inside the card form, and nothing lies on
 * top of Pay (a phone's toast did).
 */
export async function expectCardErrorBesideTheField(page: Page) {
  const field = page.getByLabel("Card number");
  await expect(cardForm(page).getByTestId("card-error")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAttribute("aria-describedby", "card-error");
  await payButton(page).scrollIntoViewIfNeeded();
  const [box, note, pay] = [
    await field.boundingBox(),
    await cardError(page).boundingBox(),
    await payButton(page).boundingBox(),
  ];
  if (!box || !note || !pay) throw new Error("the card field, the message and Pay are all on the page");
  expect(note.y, "the message starts under the card field").toBeGreaterThanOrEqual(box.y + box.height);
  expect(note.y - (box.y + box.height), "and just under it").toBeLessThan(40);
  expect(note.y + note.height, "the message ends above Pay").toBeLessThanOrEqual(pay.y);
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest("button")?.textContent ?? null,
    { x: pay.x + pay.width / 2, y: pay.y + pay.height / 2 },
  );
  expect(onTop, "nothing lies over Pay").toBe(await payButton(page).textContent());
  // No toast lies over the form either.
  await expect(page.getByTestId("toast")).toHaveCount(0);
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

/** The signed-in user, from GET /api/auth/me. */
export async function currentUser(request: APIRequestContext) {
  const response = await request.get("/api/auth/me");
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { id: string; name: string; userType: string; balance: string };
}

/**
 * Gives the player signed in on `winner` a balance the honest way: a
 * two-player, winner-takes-all tournament run entirely through the JSON API
 * (both pay by card, the director starts it, records the final for `winner`
 * and finalizes). Returns the payout as a decimal string.
 */
export async function winTournamentViaApi(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
  winner: APIRequestContext,
  overrides: Partial<TournamentInput> = {},
): Promise<string> {
  const director = await playwright.request.newContext({ baseURL });
  try {
    const { tournament } = await organiserWithTournament(director, {
      maxPlayers: 2,
      payoutStructure: "winner_only",
      ...overrides,
    });
    await payToEnter(winner, tournament.id);
    await paidPlayerViaApi(playwright, baseURL, tournament.id, newIdentity("opponent"));
    const { id: winnerId } = await currentUser(winner);

    const started = await director.post(`/api/tournaments/${tournament.id}/start`);
    expect(started.status(), await started.text()).toBe(200);
    const matchesResponse = await director.get(`/api/tournaments/${tournament.id}/matches`);
    const matches = (await matchesResponse.json()) as {
      id: string;
      player1Id: string | null;
      player2Id: string | null;
    }[];
    const final = matches.find((m) => m.player1Id === winnerId || m.player2Id === winnerId);
    expect(final, "the winner plays the final").toBeTruthy();
    const recorded = await director.patch(`/api/matches/${final!.id}`, { data: { winnerId, status: "completed" } });
    expect(recorded.status(), await recorded.text()).toBe(200);
    const finalized = await director.post(`/api/tournaments/${tournament.id}/finalize`);
    expect(finalized.status(), await finalized.text()).toBe(200);
    const { payouts } = (await finalized.json()) as { payouts: { playerId: string; amount: string }[] };
    const mine = payouts.find((p) => p.playerId === winnerId);
    expect(mine, "the winner is paid").toBeTruthy();
    return mine!.amount;
  } finally {
    await director.dispose();
  }
}
