// The checkout's two ways to pay and its decline message (issue 20, point 11):
// "Pay from balance" comes first when the balance covers the total, and
// without JavaScript a declined card's message stands above the card form —
// covering nothing — and can be closed.
import { expect, type Page, test } from "@playwright/test";
import { createPlayer } from "./support/accounts.ts";
import { CARDS, cardForm, payButton, payWithCard, tournamentViaApi, winTournamentViaApi } from "./support/payments.ts";

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The vertical position of a heading on the page. */
async function top(page: Page, name: string): Promise<number> {
  const box = await page.getByRole("heading", { name, level: 2 }).boundingBox();
  if (!box) throw new Error(`no heading ${name}`);
  return box.y;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a balance that covers the total is offered first, the card second", async ({ page, playwright, baseURL }) => {
      await createPlayer(page.request);
      await winTournamentViaApi(playwright, baseURL, page.request, { entryFee: "20.00" });
      const t = await tournamentViaApi(playwright, baseURL);
      await page.goto(`/tournament/${t.slug}`);
      await page.getByRole("button", { name: "Join Tournament" }).click();
      await expect(cardForm(page)).toBeVisible();

      expect(await top(page, "Pay from your balance")).toBeLessThan(await top(page, "Or pay by card"));
      await expect(page.getByText("You have £38.00 available.")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Pay by card", exact: true })).toHaveCount(0);
      await page.getByRole("button", { name: "Pay £11.00 from balance" }).click();
      await expect(page).toHaveURL(new RegExp(`/tournament/${escapeRegExp(t.slug)}$`));
      await expect(page.getByText("You're registered. See you at the table!")).toBeVisible();
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a declined card's message stands above Pay, covers nothing and can be closed", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const t = await tournamentViaApi(playwright, baseURL);
    await createPlayer(page.request);
    await page.goto(`/tournament/${t.slug}`);
    await page.getByRole("button", { name: "Join Tournament" }).click();
    await payWithCard(page, CARDS.declined);

    const message = page.getByRole("alert").filter({ hasText: "Payment Failed" });
    await expect(message).toContainText("Your card was declined.");
    await payButton(page).scrollIntoViewIfNeeded();
    const [note, pay] = [await message.boundingBox(), await payButton(page).boundingBox()];
    if (!note || !pay) throw new Error("the message and Pay are both on the page");
    expect(note.y + note.height, "the message ends above Pay").toBeLessThanOrEqual(pay.y);
    // Nothing lies on top of Pay: the element at its centre is Pay itself.
    const onTop = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest("button")?.textContent ?? null,
      { x: pay.x + pay.width / 2, y: pay.y + pay.height / 2 },
    );
    expect(onTop).toBe("Pay £11.00 & Join Tournament");

    await message.getByRole("link", { name: "Close notification" }).click();
    await expect(page).toHaveURL(new RegExp(`/tournament/${escapeRegExp(t.slug)}/checkout$`));
    await expect(page.getByText("Payment Failed")).toHaveCount(0);
    await payWithCard(page, CARDS.success);
    await expect(page.getByText("Payment Successful!")).toBeVisible();
  });
});
