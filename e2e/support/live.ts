// Helpers for the live end-to-end tests (decision 009, decisions 013–015): a two-player final
// ready for a table, with the player signed in in a browser context of their
// own; a started final with players entered through the API; and a mark that
// tells whether a page reloaded.
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  type PlaywrightWorkerArgs,
} from "@playwright/test";
import { createOrganiser, createPlayer, newIdentity } from "./accounts.ts";
import { paidPlayerViaApi, payToEnter } from "./payments.ts";
import {
  type ApiMatch,
  apiMatches,
  type TournamentJson,
  createTournamentViaApi,
  enterPaidPlayers,
  startViaApi,
} from "./tournaments.ts";

/**
 * A two-player tournament by a new director (signed in on `page`), started, and a table named `tableName`: the
 * player `playerName` is signed in in `player`, their opponent `rivalName` entered through the API.
 */
export async function finalReadyForTable(
  {
    page,
    player,
    playwright,
    baseURL,
  }: { page: Page; player: BrowserContext } & Pick<PlaywrightWorkerArgs, "playwright"> & {
      baseURL: string | undefined;
    },
  {
    tableName,
    playerName,
    rivalName,
    raceTo,
  }: { tableName: string; playerName: string; rivalName: string; raceTo?: number },
) {
  await createOrganiser(page.request);
  const t = await createTournamentViaApi(page.request, {
    maxPlayers: 2,
    payoutStructure: "winner_only",
    ...(raceTo ? { raceTo } : {}),
  });
  const who = { ...newIdentity("finalist"), name: playerName };
  await createPlayer(player.request, who);
  await payToEnter(player.request, t.id);
  const rival = await paidPlayerViaApi(playwright, baseURL, t.id, { ...newIdentity("rival"), name: rivalName });
  await startViaApi(page.request, t.id);
  const created = await page.request.post("/api/tables", { data: { name: tableName } });
  expect(created.status()).toBe(201);
  const table = (await created.json()) as { id: string; accessCode: string };
  const [final] = await apiMatches(page.request, t.id);
  if (!final?.player1Id) throw new Error("a two-player draw has a final with its players");
  return { t, who, rival, table, final };
}

/** A two-player tournament by a new director (signed in on `request`), started: its final, both players known. */
export async function startedFinal(
  request: APIRequestContext,
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
): Promise<{ t: TournamentJson; final: ApiMatch }> {
  await createOrganiser(request);
  const t = await createTournamentViaApi(request, { maxPlayers: 2, payoutStructure: "winner_only" });
  await enterPaidPlayers(playwright, baseURL, t.id, 2);
  await startViaApi(request, t.id);
  const [final] = await apiMatches(request, t.id);
  if (!final?.player1Id) throw new Error("a two-player draw has a final with its players");
  return { t, final };
}

/** Marks the page's document: the mark is gone if the page reloads. */
export const markDocument = (page: Page) =>
  page.evaluate(() => document.documentElement.setAttribute("data-e2e-mark", "1"));
export const sameDocument = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.getAttribute("data-e2e-mark"))).toBe("1");
