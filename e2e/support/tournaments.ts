// Helpers for the tournaments end-to-end tests: tournaments created through
// the JSON API (fast fixtures), unique search tokens, and locators for the
// label/value lists the tournament screens use.
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { futureDate, validTournament, type TournamentBody } from "../../test-support/fixtures.js";
import { createOrganiser, createPlayer, newIdentity, type Identity } from "./accounts.ts";

/** A Friday far enough ahead never to be in the past, with its en-GB label. */
export const FAR_FRIDAY = { iso: "2030-12-06", label: "Fri 6 Dec 2030" } as const;

/** A short token unique to this test run, for names the search can single out. */
export function uniqueToken(prefix = "t"): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/** The date `days` from today (UTC), as YYYY-MM-DD. */
export function daysFromToday(days: number): string {
  return futureDate(days);
}

export type TournamentJson = {
  id: string;
  slug: string;
  name: string;
  venue: string;
  date: string;
  time: string;
  registrationDeadline: string | null;
  format: string | null;
  maxPlayers: number;
  raceTo: number | null;
  entryFee: string;
  siteFee: string;
  status: string;
  tdName: string;
  playerCount: number;
};

export type TournamentInput = TournamentBody & {
  format?: string;
  raceTo?: number;
  registrationDeadline?: string;
  rules?: string;
  tournamentType?: string;
  matchType?: string;
  groupSize?: number;
  advancePerGroup?: number;
  seeding?: "random" | "manual" | "rating";
  handicap?: "none" | "race";
  maxRating?: number;
  seriesId?: string;
};

/**
 * SCENARIO's Friday knockout at the Red Lion (16 players, £10 entry, £1 rake,
 * 70/30), with a name unique to this run, on FAR_FRIDAY.
 */
export function scenarioTournament(overrides: Partial<TournamentInput> = {}): TournamentInput {
  return {
    ...validTournament({ name: `Friday 8-Ball Knockout ${uniqueToken("k")}`, date: FAR_FRIDAY.iso }),
    ...overrides,
  };
}

/** Creates a tournament through the API; `request` must be signed in as an organiser. */
export async function createTournamentViaApi(
  request: APIRequestContext,
  overrides: Partial<TournamentInput> = {},
): Promise<TournamentJson> {
  const response = await request.post("/api/tournaments", { data: scenarioTournament(overrides) });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as TournamentJson;
}

/** A new organiser (signed in on `request`) with one tournament. */
export async function organiserWithTournament(
  request: APIRequestContext,
  overrides: Partial<TournamentInput> = {},
  who: Identity = newIdentity("td"),
) {
  const organiser = await createOrganiser(request, who);
  const tournament = await createTournamentViaApi(request, overrides);
  return { organiser, tournament };
}

/** The <dd> that follows the <dt> labelled exactly `label` inside `scope`. */
export function described(scope: Locator, label: string): Locator {
  return scope.locator(`xpath=.//dt[normalize-space()=${JSON.stringify(label)}]/following-sibling::dd[1]`);
}

/** A tournament card (list item) by the tournament's name. */
export function cardFor(page: Page, name: string): Locator {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

/**
 * Waits until React has hydrated the element matched by `selector` (React
 * attaches its props to hydrated DOM nodes), so handlers are listening.
 */
export async function waitForHydrated(page: Page, selector: string) {
  await page.waitForFunction(
    (sel) => {
      const el = document.querySelector(sel);
      return !!el && Object.keys(el).some((key) => key.startsWith("__reactProps"));
    },
    selector,
    { timeout: 15_000 },
  );
}

/**
 * Enters `count` new players into a tournament, each in a request context of
 * its own, joining and paying with the simulated provider's success card.
 */
export async function enterPaidPlayers(
  playwright: { request: { newContext: (options: { baseURL?: string }) => Promise<APIRequestContext> } },
  baseURL: string | undefined,
  tournamentId: string,
  count: number,
): Promise<Identity[]> {
  const entered: Identity[] = [];
  for (let i = 0; i < count; i++) {
    const request = await playwright.request.newContext({ baseURL });
    try {
      const who = await createPlayer(request, newIdentity("entrant"));
      const joined = await request.post("/api/tournaments/join", { data: { tournamentId } });
      expect(joined.status(), await joined.text()).toBe(200);
      const { paymentIntentId, paid } = (await joined.json()) as { paymentIntentId?: string; paid?: boolean };
      if (!paid) {
        const confirmed = await request.post(`/api/dev/payments/${paymentIntentId}/confirm`, {
          data: { cardNumber: "4242 4242 4242 4242" },
        });
        expect(confirmed.status(), await confirmed.text()).toBe(200);
      }
      entered.push(who);
    } finally {
      await request.dispose();
    }
  }
  return entered;
}

/** Starts a tournament through the API; `request` must be its organiser. */
export async function startViaApi(request: APIRequestContext, tournamentId: string) {
  const response = await request.post(`/api/tournaments/${tournamentId}/start`);
  expect(response.status(), await response.text()).toBe(200);
}

/** A match as GET /api/tournaments/{id}/matches gives it. */
export type ApiMatch = {
  id: string;
  bracket: string;
  group: string | null;
  round: number;
  label: string;
  matchNumber: number;
  player1Id: string | null;
  player2Id: string | null;
  player1: { name: string } | null;
  player2: { name: string } | null;
  status: string;
  isBye: boolean;
  winnerId: string | null;
  outcome: string;
  tableId: string | null;
};

export async function apiMatches(request: APIRequestContext, tournamentId: string): Promise<ApiMatch[]> {
  return (await (await request.get(`/api/tournaments/${tournamentId}/matches`)).json()) as ApiMatch[];
}

/** Records a match's result in the tournament page's dialog (by its `result` link), `winner` by name. */
export async function recordInDialog(page: Page, slug: string, match: ApiMatch, winner: string) {
  await page.goto(`/tournament/${slug}?tab=bracket&result=${match.id}`);
  const dialog = page.getByRole("dialog", { name: "Record result" });
  await expect(dialog).toContainText(`${match.label} – Match ${match.matchNumber}`);
  await dialog.getByRole("radio", { name: winner }).check();
  await dialog.getByRole("button", { name: "Save result" }).click();
  await expect(page.getByTestId("toast")).toContainText("Result recorded");
}

/**
 * A new organiser's four-entry knockout, started, both semi-finals won by player 1: the tournament, the two
 * semi-finals as they were drawn, and a reader of its matches.
 */
export async function semiFinalsPlayed(
  page: Page,
  playwright: Parameters<typeof enterPaidPlayers>[0],
  baseURL: string | undefined,
) {
  await createOrganiser(page.request);
  const t = await createTournamentViaApi(page.request, { maxPlayers: 4, payoutStructure: "winner_ru" });
  await enterPaidPlayers(playwright, baseURL, t.id, 4);
  await startViaApi(page.request, t.id);
  const matches = () => apiMatches(page.request, t.id);
  const [semi, other] = (await matches()).filter((m) => m.round === 1);
  if (!semi || !other) throw new Error("four entries play two semi-finals");
  for (const m of [semi, other]) {
    const saved = await page.request.patch(`/api/matches/${m.id}`, { data: { winnerId: m.player1Id } });
    expect(saved.status()).toBe(200);
  }
  return { t, semi, other, matches };
}

/** Fills the creation form's "night" section. */
export async function fillBasics(page: Page, t: { name: string; venue: string; date: string; time: string }) {
  await page.getByLabel("Tournament name").fill(t.name);
  await page.getByLabel("Venue", { exact: true }).fill(t.venue);
  await page.getByLabel("Date", { exact: true }).fill(t.date);
  await page.getByLabel("Start time").fill(t.time);
}

/** The tournament page's entry card (price, join, check-in, leave). */
export const entryBox = (page: Page) => page.getByRole("complementary", { name: "Entry" });

/** From the director's floor (their first screen during play) to the bracket: the next tab. */
export async function openBracketTab(page: Page) {
  await page
    .getByRole("navigation", { name: "Tournament sections" })
    .getByRole("link", { name: /^Bracket/ })
    .click();
  await expect(page).toHaveURL(/\?tab=bracket/);
}

/**
 * Opens one of the director's folding panels on the tournament page (Check-in, Walk-ins, Starting ratings, Venue QR
 * code, Tables and queue, Seeding) by its summary, as a director taps it; one already open stays open.
 */
export async function openPanel(page: Page, name: string) {
  const details = page.getByRole("region", { name }).locator("details");
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
  await expect(details).toHaveAttribute("open", "");
}
