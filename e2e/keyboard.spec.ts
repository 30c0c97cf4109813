// Keyboard only (the proof-of-quality issue): a director creates a
// tournament, a player joins and pays by card, and a director records a
// result on the bracket — with Tab, arrows, Space, Enter, Escape and typing,
// never a click or a fill. Setup that is not the point of a test goes through
// the JSON API.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { createOrganiser, createPlayer, waitForHydratedForm } from "./support/accounts.ts";
import { CARDS, cardForm, payButton, tournamentViaApi, waitForHydratedCardForm } from "./support/payments.ts";
import type { MatchView } from "../app/features/play/domain/play.ts";
import {
  createTournamentViaApi,
  described,
  enterPaidPlayers,
  startViaApi,
  uniqueToken,
  waitForHydrated,
} from "./support/tournaments.ts";

// A UK product: pages are read in UK time.
test.use({ timezoneId: "Europe/London", locale: "en-GB" });

/** A date well ahead whose day and month are both 12, with its en-GB label. */
const THURSDAY = { iso: "2030-12-12", label: "Thu 12 Dec 2030" } as const;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The focused element shows it: it matches :focus-visible and it, or the
 * label that draws a visually hidden input, has an outline.
 */
async function expectVisibleFocus(page: Page) {
  const problem = await page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return "nothing has the focus";
    if (!el.matches(":focus-visible")) return `${el.outerHTML.slice(0, 120)} is not :focus-visible`;
    for (const candidate of [el, el.closest("label")]) {
      if (!candidate) continue;
      const style = getComputedStyle(candidate);
      const box = candidate.getBoundingClientRect();
      if (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0 && box.width > 1 && box.height > 1)
        return null;
    }
    return `${el.outerHTML.slice(0, 120)} shows no focus ring`;
  });
  expect(problem).toBeNull();
}

/**
 * Presses Tab until `target` has the focus, failing if it is
 * not reached within `max` presses: the proof that the keyboard gets there.
 */
async function tabTo(page: Page, target: Locator, { max = 40 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) break;
  }
  await expect(target).toBeFocused();
  await expectVisibleFocus(page);
}

/**
 * Watches for dialogs added to the page and notes, as each is drawn (in the
 * mutation observer's microtask, before any later task), whether it is
 * already modal. Returns a reader of those notes.
 */
async function watchDialogsDrawn(page: Page): Promise<() => Promise<boolean[]>> {
  await page.evaluate(() => {
    const seen: boolean[] = [];
    Object.assign(window, { dialogsDrawn: seen });
    new MutationObserver((records) => {
      for (const added of records.flatMap((r) => [...r.addedNodes])) {
        if (!(added instanceof Element)) continue;
        for (const dialog of [added, ...added.querySelectorAll("dialog")].filter((e) => e.localName === "dialog"))
          seen.push(dialog.matches(":modal"));
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { dialogsDrawn: boolean[] }).dialogsDrawn);
}

/** Replaces the focused field's text by typing, as a keyboard user would. */
async function retype(page: Page, text: string) {
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Backspace");
  await page.keyboard.type(text);
}

test("keyboard only: a director fills in and submits the whole creation form @tablet", async ({ page }) => {
  await createOrganiser(page.request);
  const name = `Keyboard Nine-Ball ${uniqueToken("kb")}`;

  await page.goto("/td/create-tournament");
  await expect(page.getByRole("heading", { name: "Create Tournament", level: 1 })).toBeVisible();
  await waitForHydratedForm(page, "create-tournament");

  // The night: name, venue, date, start time and a registration deadline.
  const nameField = page.getByLabel("Tournament name");
  await tabTo(page, nameField);
  await page.keyboard.type(name);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Venue", { exact: true })).toBeFocused();
  // The director's own venue is filled in already: another one is typed over it.
  await expect(page.getByLabel("Venue", { exact: true })).toHaveValue("The Red Lion, Leeds");
  await retype(page, "The Crown, York");
  await page.keyboard.press("Tab");
  const date = page.getByLabel("Date", { exact: true });
  await expect(date).toBeFocused();
  // Each part of a date or time field moves on to the next once complete.
  // The 12th of the 12th reads the same day-first (en-GB) or month-first
  // (Chromium with only its en-US locale); "1930" is 19:30 whether the field
  // shows 24 hours or 12 with AM/PM.
  await page.keyboard.type("12122030");
  await expect(date).toHaveValue(THURSDAY.iso);
  const time = page.getByLabel("Start time");
  await tabTo(page, time, { max: 3 });
  await page.keyboard.type("1930");
  await expect(time).toHaveValue("19:30");
  const deadline = page.getByLabel("Registration deadline (optional)");
  await tabTo(page, deadline, { max: 4 });
  await page.keyboard.type("12122030");
  // The year takes up to six digits, so move on to the hours explicitly.
  await page.keyboard.press("ArrowRight");
  await page.keyboard.type("1800");
  await expect(deadline).toHaveValue(`${THURSDAY.iso}T18:00`);

  // The format: text, two selects, numbers and the rules.
  const format = page.getByRole("textbox", { name: "Format", exact: true });
  await tabTo(page, format, { max: 6 });
  await retype(page, "9-ball");
  await page.keyboard.press("Tab");
  const tournamentType = page.getByLabel("Tournament type");
  await expect(tournamentType).toBeFocused();
  // Every type can be chosen with the arrows: double elimination shows its grand final choice, groups their
  // size and how many go through.
  await page.keyboard.press("ArrowDown");
  await expect(tournamentType).toHaveValue("double_elimination");
  await expect(page.getByLabel("Grand final")).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await expect(tournamentType).toHaveValue("round_robin");
  await page.keyboard.press("ArrowDown");
  await expect(tournamentType).toHaveValue("round_robin_tier");
  await expect(page.getByLabel("Players per group")).toBeVisible();
  await expect(page.getByLabel("Grand final")).toBeHidden();
  await page.keyboard.press("ArrowDown");
  await expect(tournamentType).toHaveValue("round_robin_tier");
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowUp");
  await expect(tournamentType).toHaveValue("single_elimination");
  await expect(page.getByLabel("Grand final")).toBeHidden();
  await expect(page.getByLabel("Players per group")).toBeHidden();
  await page.keyboard.press("Tab");
  const matchType = page.getByLabel("Match type");
  await expect(matchType).toBeFocused();
  // Teams too (decision 011): the field then counts teams.
  await page.keyboard.press("ArrowDown");
  await expect(matchType).toHaveValue("2v2");
  await expect(page.getByLabel("Max teams")).toBeVisible();
  await page.keyboard.press("ArrowUp");
  await expect(matchType).toHaveValue("1v1");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Seeding")).toBeFocused();
  await expect(page.getByLabel("Seeding")).toHaveValue("random");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Max players")).toBeFocused();
  await retype(page, "8");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Race to (optional)")).toBeFocused();
  await page.keyboard.type("5");
  // Ratings (decision 028): no handicap, no cap, as they are.
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Handicap")).toBeFocused();
  await expect(page.getByLabel("Handicap")).toHaveValue("none");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Rating cap (optional)")).toBeFocused();
  // Scoring at the tables (decision 012): both kept as they are.
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Results from tables")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Break rule")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Rules (optional)")).toBeFocused();
  await page.keyboard.type("Call your shots. Two-shot carry.");
  // Tab leaves a textarea (it types no tab character).
  await page.keyboard.press("Tab");

  // Fees and prizes: the money, the rake type (a radio group) and the payout.
  await expect(page.getByLabel("Entry fee (£)")).toBeFocused();
  await retype(page, "5");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Site fee (£)")).toBeFocused();
  await retype(page, "0.50");
  await page.keyboard.press("Tab");
  const fixed = page.getByRole("radio", { name: "Fixed amount (£)" });
  const percent = page.getByRole("radio", { name: "Percentage (%)" });
  await expect(fixed).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(percent).toBeFocused();
  await expect(percent).toBeChecked();
  // The radio itself is visually hidden: its label draws the ring.
  await expectVisibleFocus(page);
  await page.keyboard.press("Tab");
  const rake = page.getByLabel("Rake (% of the entry fee)");
  await expect(rake).toBeFocused();
  await retype(page, "10");
  await page.keyboard.press("Tab");
  // Into the payout group at its checked radio; the arrow moves the choice.
  const winnerRu = page.getByRole("radio", { name: /^Winner and runner-up/ });
  const semis = page.getByRole("radio", { name: /^Winner, runner-up and semi-finalists/ });
  await expect(winnerRu).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(semis).toBeFocused();
  await expect(semis).toBeChecked();
  await expectVisibleFocus(page);

  // The live preview followed the keys: £5.50 a head, 10% of £5.00 is £0.50 rake.
  const preview = page.getByRole("complementary", { name: "Prize pool preview" });
  await expect(described(preview, "Each player pays")).toHaveText("£5.50");
  await expect(described(preview, "Your rake (per entry)")).toHaveText("£0.50");
  await expect(described(preview, "Prize pool if full")).toHaveText("£36.00");

  // On to the button, and Enter creates it.
  await page.keyboard.press("Tab");
  const create = page.getByRole("button", { name: "Create Tournament" });
  await expect(create).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/tournament\/[^/?]+$/);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByText(`The Crown, York · ${THURSDAY.label} · 19:30`)).toBeVisible();
  const details = page.locator("main dl").first();
  await expect(described(details, "Format")).toHaveText("9-ball");
  await expect(described(details, "Tournament type")).toHaveText("Single elimination");
  await expect(described(details, "Match type")).toHaveText("Singles (1v1)");
  await expect(described(details, "Race to")).toHaveText("5");
  await expect(described(details, "Prizes")).toHaveText(/^Winner, runner-up and semi-finalists/);
  await expect(described(details, "Players")).toHaveText("0/8");
  await expect(page.getByText("Call your shots. Two-shot carry.")).toBeVisible();
  const entry = page.getByRole("complementary", { name: "Entry" });
  await expect(described(entry, "Price")).toHaveText("£5.50 — £5.00 entry + £0.50 booking fee");

  // What the page does not show, the API does: the rake and the deadline.
  const slug = new URL(page.url()).pathname.split("/").pop()!;
  const saved = (await (await page.request.get(`/api/tournaments/${slug}`)).json()) as Record<string, unknown>;
  expect(saved).toMatchObject({
    name,
    venue: "The Crown, York",
    date: THURSDAY.iso,
    time: "19:30",
    maxPlayers: 8,
    raceTo: 5,
    entryFee: "5.00",
    siteFee: "0.50",
    rakeType: "percent",
    payoutStructure: "winner_ru_semi",
    // 18:00 in London in December is 18:00 UTC.
    registrationDeadline: "2030-12-12T18:00:00.000Z",
  });
});

/** From the tournament page: Tab to "Join Tournament", press `key`, land on a ready card form. */
async function joinByKeyboard(page: Page, slug: string, key: "Enter" | "Space") {
  await waitForHydrated(page, 'form[action$="/checkout"] button[type="submit"]');
  await tabTo(page, page.getByRole("button", { name: "Join Tournament" }));
  await page.keyboard.press(key);
  await expect(page).toHaveURL(new RegExp(`/tournament/${escapeRegExp(slug)}/checkout$`));
  await waitForHydratedCardForm(page);
}

test("keyboard only: a player joins, pays by card and is registered @tablet", async ({ page, playwright, baseURL }) => {
  const t = await tournamentViaApi(playwright, baseURL);
  const player = await createPlayer(page.request);

  await page.goto(`/tournament/${t.slug}`);
  await expect(page.getByRole("heading", { name: t.name, level: 1 })).toBeVisible();
  const join = page.getByRole("button", { name: "Join Tournament" });
  await joinByKeyboard(page, t.slug, "Enter");
  const cardNumber = cardForm(page).getByLabel("Card number");
  await tabTo(page, cardNumber);
  await page.keyboard.type(CARDS.success);
  await page.keyboard.press("Tab");
  await expect(payButton(page)).toBeFocused();
  await expectVisibleFocus(page);
  await expect(payButton(page)).toHaveText("Pay £11.00 & Join Tournament");
  await page.keyboard.press("Enter");

  await expect(page.getByTestId("toast").filter({ hasText: "Payment Successful!" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/tournament/${escapeRegExp(t.slug)}$`));
  const entry = page.getByRole("complementary", { name: "Entry" });
  await expect(entry.getByText("You're registered. See you at the table!")).toBeVisible();
  await expect(entry.getByText("1/16 players registered")).toBeVisible();
  await expect(join).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Players (1)" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: player.name })).toBeVisible();
});

test("keyboard only: a player pays by card pressing Enter in the card number field", async ({
  page,
  playwright,
  baseURL,
}) => {
  const t = await tournamentViaApi(playwright, baseURL);
  await createPlayer(page.request);

  await page.goto(`/tournament/${t.slug}`);
  await joinByKeyboard(page, t.slug, "Space");

  // A declined card: the message comes, and the keyboard user can go again.
  const cardNumber = cardForm(page).getByLabel("Card number");
  await tabTo(page, cardNumber);
  await page.keyboard.type(CARDS.declined);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("card-error")).toContainText("Payment Failed");
  await expect(payButton(page)).toBeEnabled();
  await expect(page).toHaveURL(new RegExp(`/tournament/${escapeRegExp(t.slug)}/checkout$`));
  // The focus stayed in the field, ready for another number.
  await expect(cardNumber).toBeFocused();
  await retype(page, CARDS.success);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/tournament/${escapeRegExp(t.slug)}$`));
  await expect(
    page.getByRole("complementary", { name: "Entry" }).getByText("You're registered. See you at the table!"),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Players (1)" })).toBeVisible();
});

type Match = Pick<
  MatchView,
  "id" | "round" | "matchNumber" | "player1Id" | "player2Id" | "player1" | "player2" | "winnerId" | "status"
>;

test("keyboard only: a director records a result on the bracket @tablet", async ({ page, playwright, baseURL }) => {
  await createOrganiser(page.request);
  const t = await createTournamentViaApi(page.request, { maxPlayers: 4, raceTo: 5, payoutStructure: "winner_ru" });
  await enterPaidPlayers(playwright, baseURL, t.id, 4);
  await startViaApi(page.request, t.id);
  const matches = (await (await page.request.get(`/api/tournaments/${t.id}/matches`)).json()) as Match[];
  const semi = matches.find((m) => m.round === 1 && m.matchNumber === 1)!;
  const final = matches.find((m) => m.round === 2)!;
  expect(semi.player1 && semi.player2, "the first semi-final has two players").toBeTruthy();
  const loser = semi.player1!.name;
  const winner = semi.player2!.name;

  await page.goto(`/tournament/${t.slug}?tab=bracket`);
  const semiCard = page.getByRole("article", { name: "Semi-Finals, match 1" });
  const finalCard = page.getByRole("article", { name: "Final, match 1" });
  await expect(semiCard).toBeVisible();
  const record = semiCard.getByRole("link", { name: "Record result" });
  await waitForHydrated(page, `a[href$="result=${semi.id}"]`);

  // Enter on "Record result" opens the dialog with the focus inside it.
  const modalWhenDrawn = await watchDialogsDrawn(page);
  await tabTo(page, record, { max: 60 });
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Record result" });
  await expect(dialog).toBeVisible();
  // Modal from the moment it is drawn: a key pressed at once is the dialog's (Escape does nothing to a non-modal one).
  expect(await modalWhenDrawn()).toEqual([true]);
  await expect(page).toHaveURL(new RegExp(`result=${semi.id}`));
  await expect(dialog.getByRole("radio", { name: loser })).toBeFocused();
  await expectVisibleFocus(page);

  // The focus stays in the dialog: Shift+Tab from the first control wraps to the last.
  await page.keyboard.press("Shift+Tab");
  await expect(dialog.getByRole("button", { name: "Save result" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("radio", { name: loser })).toBeFocused();

  // Escape closes it, changes nothing, and gives the focus back to the link that opened it.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  // Back at the match it was opened from (without JavaScript too: the address names the match's card).
  await expect(page).toHaveURL(new RegExp(`/tournament/${escapeRegExp(t.slug)}\\?tab=bracket#match-${semi.id}$`));
  await expect(record).toBeFocused();
  await expectVisibleFocus(page);
  await expect(semiCard).toHaveAttribute("data-status", "pending");

  // Cancel (a link) closes it the same way.
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole("link", { name: "Cancel" }), { max: 6 });
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect(record).toBeFocused();

  // Again: the arrow picks the second player, the scores are typed, Enter saves.
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("radio", { name: loser })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(dialog.getByRole("radio", { name: winner })).toBeFocused();
  await expect(dialog.getByRole("radio", { name: winner })).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel(`${loser} score`)).toBeFocused();
  await page.keyboard.type("3");
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel(`${winner} score`)).toBeFocused();
  await page.keyboard.type("5");
  await page.keyboard.press("Enter");

  await expect(page.getByTestId("toast").filter({ hasText: "Result recorded" })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(semiCard).toHaveAttribute("data-status", "completed");
  // The winner's line: the name, "(winner)" for screen readers, the score.
  const winnerLine = semiCard.locator("div").filter({ hasText: "(winner)" });
  await expect(winnerLine).toHaveCount(1);
  await expect(winnerLine).toHaveText(new RegExp(`^${escapeRegExp(winner)}\\s*\\(winner\\)\\s*5$`));
  // The winner goes through to the final.
  await expect(finalCard).toContainText(winner);
  await expect(finalCard).not.toContainText(loser);
  // The focus comes back to the match just played, not the top of the page.
  await expect(semiCard).toBeFocused();
  await expectVisibleFocus(page);
  // Through the card in its order: the players' names (links to their profiles), then the director's controls.
  for (const name of [loser, winner]) {
    await page.keyboard.press("Tab");
    await expect(semiCard.getByRole("link", { name, exact: true })).toBeFocused();
  }
  await expectVisibleFocus(page);
  await page.keyboard.press("Tab");
  await expect(semiCard.getByRole("link", { name: "Correct result" })).toBeFocused();

  const after = (await (await page.request.get(`/api/tournaments/${t.id}/matches`)).json()) as Match[];
  const winnerId = semi.player2Id;
  expect(after.find((m) => m.id === semi.id)).toMatchObject({
    status: "completed",
    winnerId,
    player1Score: 3,
    player2Score: 5,
  });
  expect([after.find((m) => m.id === final.id)!.player1Id, after.find((m) => m.id === final.id)!.player2Id]).toContain(
    winnerId,
  );
});
