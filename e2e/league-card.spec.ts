// A league fixture's match card on the captains' phones (DESIGN §11): the secretary sets the league up through the
// JSON API; each captain names their side's players on the card's page, both record frames by tapping the player who
// won, and both confirm — the card is played, with its score. Then the same without JavaScript (a lineup refused beside
// its frame, then saved, and a frame recorded), and a dispute the secretary resolves.
import { expect, test } from "@playwright/test";
import { createOrganiser, createPlayer, newIdentity, submitLogin } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { cardLeague, choose, nameLineup, playerOf, type Side, signIn, tapWinner } from "./support/leagues.ts";

test.use({ timezoneId: "Europe/London", locale: "en-GB" });

test("two captains name their lineups, record the frames and confirm: the card is played", async ({
  browser,
  request,
  playwright,
  baseURL,
}) => {
  const td = await playwright.request.newContext({ baseURL });
  const phone = { baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const homeContext = await browser.newContext(phone);
  const awayContext = await browser.newContext(phone);
  try {
    await createOrganiser(td);
    const crownCaptain = await createPlayer(request, newIdentity("crowncap"));
    const anchorCaptain = await createPlayer(request, newIdentity("anchorcap"));
    const setup = await cardLeague(td, crownCaptain, anchorCaptain);
    const { home, away, path } = setup;

    // The fixture list links to the card; anyone sees it, without forms.
    const visitor = await browser.newContext(phone);
    const anyone = await visitor.newPage();
    await anyone.goto(`/league/${setup.league.slug}`);
    await anyone.getByRole("link", { name: `Match card: ${home.team} v ${away.team}` }).click();
    await expect(anyone).toHaveURL(new RegExp(`${path}$`));
    await expect(anyone.getByRole("heading", { level: 1 })).toContainText(`${home.team}`);
    await expect(anyone.getByTestId("card-status")).toContainText("Scheduled");
    await expect(anyone.getByTestId("frame")).toHaveCount(9);
    await expect(anyone.getByRole("form")).toHaveCount(0);
    await expectAccessible(anyone, "the match card", { everyImpact: true });
    // Another league's address for it, or no fixture at all: not found.
    for (const wrong of [`/league/elsewhere/fixtures/${setup.fixture.id}`, `/league/${setup.league.slug}/fixtures/x`]) {
      expect((await anyone.goto(wrong))?.status()).toBe(404);
      await expect(anyone.getByRole("heading", { level: 1 })).toHaveText("Fixture not found");
    }
    await visitor.close();

    const homePage = await signIn(homeContext, home.captain, path);
    await expect(homePage.getByRole("form", { name: `${away.team}'s lineup` })).toHaveCount(0);
    const homeForm = await nameLineup(homePage, home);
    // Down for frames 1 and 2, the captain is at the limit: held back from another singles frame, as the page says.
    await expect(
      homeForm.getByLabel("Frame 3", { exact: true }).locator("option", { hasText: home.players[0] }),
    ).toBeDisabled();
    await expect(homePage.getByTestId("singles-home")).toContainText(`${home.players[1]}: 2 of 2`);
    await homeForm.getByRole("button", { name: `Save ${home.team}'s lineup` }).click();
    await expect(homePage.getByText(`${home.team}'s lineup saved`).first()).toBeVisible();
    await expect(homePage.getByTestId(`singles-home`)).toContainText(`${home.players[0]}: 2 of 2`);
    await expect(homePage.locator("#frame-1")).toContainText("Set both players first");

    const awayPage = await signIn(awayContext, away.captain, path);
    const awayForm = await nameLineup(awayPage, away);
    await awayForm.getByRole("button", { name: `Save ${away.team}'s lineup` }).click();
    await expect(awayPage.getByText(`${away.team}'s lineup saved`).first()).toBeVisible();

    // Home wins 1, 2, 3, 4, 6 and 8; away 5, 7 and 9: 6–3. The home captain taps the first five, the away the rest.
    const winners = new Map([1, 2, 3, 4, 6, 8].map((n) => [n, home]));
    for (const n of [5, 7, 9]) winners.set(n, away);
    await homePage.reload();
    for (const n of [1, 2, 3, 4, 5]) await tapWinner(homePage, n, playerOf(winners.get(n) as Side, n));
    await expect(homePage.getByTestId("card-status")).toContainText("In progress");
    await awayPage.reload();
    for (const n of [6, 7, 8, 9]) await tapWinner(awayPage, n, playerOf(winners.get(n) as Side, n));
    await expect(awayPage.getByTestId("card-score")).toHaveText("6–3");

    await expectAccessible(awayPage, "the match card, as a captain sees it", { everyImpact: true });
    await awayPage.getByRole("button", { name: "Confirm the result (6–3)" }).click();
    await expect(awayPage.getByText("You have confirmed the result.")).toBeVisible();
    await homePage.reload();
    await expect(homePage.getByText(`${away.team}'s captain has confirmed`).first()).toBeVisible();
    await homePage.getByRole("button", { name: "Confirm the result (6–3)" }).click();
    await expect(homePage.getByTestId("card-status")).toContainText("Played");
    await expect(homePage.getByTestId("card-score")).toHaveText("6–3");
    await expect(homePage.getByRole("button", { name: /Confirm the result/ })).toHaveCount(0);
    await expect(homePage.locator("#frame-1").getByRole("button")).toHaveCount(0);
  } finally {
    await homeContext.close();
    await awayContext.close();
    await td.dispose();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a lineup refused beside its frame, then saved, and a frame recorded", async ({
    browser,
    page,
    request,
    playwright,
    baseURL,
  }) => {
    const td = await playwright.request.newContext({ baseURL });
    const awayContext = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      await createOrganiser(td);
      const crownCaptain = await createPlayer(request, newIdentity("crowncap"));
      const anchorCaptain = await createPlayer(request, newIdentity("anchorcap"));
      const setup = await cardLeague(td, crownCaptain, anchorCaptain);
      const { home, away, path } = setup;

      await page.goto(`/login?redirectTo=${encodeURIComponent(path)}`);
      await submitLogin(page, home.captain);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      const form = await nameLineup(page, home);
      await choose(form.getByLabel("Frame 9, player 2"), home.players[0] ?? "");
      await form.getByRole("button", { name: `Save ${home.team}'s lineup` }).click();
      const doubles = page.getByRole("form", { name: `${home.team}'s lineup` }).getByLabel("Frame 9, player 2");
      await expect(doubles).toHaveAccessibleDescription("Frame 9: a player can't play twice in one frame");
      // What was chosen stays: the singles too.
      await expect(page.getByRole("form", { name: `${home.team}'s lineup` }).getByLabel("Frame 8")).toHaveValue(
        (await page
          .locator("option", { hasText: home.players[3] ?? "" })
          .first()
          .getAttribute("value")) ?? "",
      );

      await choose(doubles, home.players[1] ?? "");
      await page
        .getByRole("form", { name: `${home.team}'s lineup` })
        .getByRole("button", { name: `Save ${home.team}'s lineup` })
        .click();
      await expect(page.getByText(`${home.team}'s lineup saved`).first()).toBeVisible();
      await expect(page.getByText("a player can't play twice")).toHaveCount(0);
      await expect(page.locator("#frame-9")).toContainText(`${home.players[0]} & ${home.players[1]}`);

      // The away captain names theirs (the form alone too); frame 1 is then recorded here by its button.
      const awayPage = await signIn(awayContext, away.captain, path);
      await (await nameLineup(awayPage, away)).getByRole("button", { name: `Save ${away.team}'s lineup` }).click();
      await expect(awayPage.getByText(`${away.team}'s lineup saved`).first()).toBeVisible();
      await page.reload();
      await tapWinner(page, 1, playerOf(away, 1));
      await expect(page.getByTestId("card-score")).toHaveText("0–1");
      await expect(page.getByTestId("card-status")).toContainText("In progress");
    } finally {
      await awayContext.close();
      await td.dispose();
    }
  });
});

test("a captain disputes the card; the league's secretary resolves it, then awards it", async ({
  browser,
  request,
  baseURL,
}) => {
  const phone = { baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const secretaryContext = await browser.newContext(phone);
  const homeContext = await browser.newContext(phone);
  const awayContext = await browser.newContext(phone);
  try {
    // The secretary's browser is signed in by signing up.
    await createOrganiser(secretaryContext.request);
    const setup = await cardLeague(
      secretaryContext.request,
      await createPlayer(request, newIdentity("crowncap")),
      await createPlayer(request, newIdentity("anchorcap")),
    );
    const { home, away, path } = setup;
    const homePage = await signIn(homeContext, home.captain, path);
    await (await nameLineup(homePage, home)).getByRole("button", { name: /^Save/ }).click();
    await expect(homePage.getByText(`${home.team}'s lineup saved`).first()).toBeVisible();
    const awayPage = await signIn(awayContext, away.captain, path);
    await (await nameLineup(awayPage, away)).getByRole("button", { name: /^Save/ }).click();
    await expect(awayPage.getByText(`${away.team}'s lineup saved`).first()).toBeVisible();
    for (const n of [1, 2, 3]) await tapWinner(awayPage, n, playerOf(away, n));

    // The dispute is behind a fold; sent, the card is closed to both captains.
    await homePage.reload();
    await homePage.getByText("Dispute the result").click();
    await homePage.getByLabel("What is in dispute").fill("Frame 2 was a foul on the black");
    await homePage.getByRole("button", { name: "Send the dispute" }).click();
    await expect(homePage.getByTestId("card-status")).toContainText("Disputed");
    await expect(homePage.getByText("In dispute: Frame 2 was a foul on the black")).toBeVisible();
    await expect(homePage.locator("#frame-4").getByRole("button")).toHaveCount(0);
    await expect(homePage.getByRole("form", { name: `${home.team}'s lineup` })).toHaveCount(0);

    // The secretary settles it frame by frame: frame 2 to the home side, and the rest.
    const secretary = await secretaryContext.newPage();
    await secretary.goto(path);
    const resolve = secretary.getByRole("form", { name: "Resolve the dispute" });
    await expect(resolve.getByRole("group", { name: "Frame 1" }).getByRole("radio").nth(1)).toBeChecked();
    for (let n = 2; n <= 9; n++) {
      await resolve
        .getByRole("group", { name: `Frame ${n}` })
        .getByRole("radio")
        .nth(n % 2 === 0 ? 0 : 1)
        .check();
    }
    await resolve.getByLabel("Note (shown on the card)").fill("Frame 2 to the home side: the black was fouled");
    await resolve.getByRole("button", { name: "Resolve: the card is played" }).click();
    await expect(secretary.getByTestId("card-status")).toContainText("Played");
    await expect(secretary.getByTestId("card-score")).toHaveText("4–5");
    await expect(secretary.getByText("Frame 2 to the home side: the black was fouled")).toBeVisible();

    // An award replaces every frame, once the box is ticked.
    await secretary.getByText("Award the fixture", { exact: true }).first().click();
    const award = secretary.getByRole("form", { name: "Award the fixture" });
    await award.getByRole("radio", { name: away.team }).check();
    await award.getByLabel("Note (shown on the card)").fill(`${home.team} fielded an unregistered player`);
    await award.getByLabel("I mean to award this fixture").check();
    await award.getByRole("button", { name: "Award the fixture" }).click();
    await expect(secretary.getByTestId("card-status")).toContainText("Awarded");
    await expect(secretary.getByTestId("card-score")).toHaveText("0–9");
    await homePage.reload();
    await expect(homePage.getByText(`${home.team} fielded an unregistered player`)).toBeVisible();
  } finally {
    await secretaryContext.close();
    await homeContext.close();
    await awayContext.close();
  }
});
