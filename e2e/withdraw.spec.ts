// Withdraw asks where the money goes: the name on the
// account, a sort code and an account number, each checked with its own
// message, kept when refused, and shown masked once stored.
import { expect, test } from "@playwright/test";
import { createPlayer } from "./support/accounts.ts";
import { winTournamentViaApi } from "./support/payments.ts";

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a wrong sort code and account number are refused beside their fields, then it goes through", async ({
      page,
      playwright,
      baseURL,
    }) => {
      const who = await createPlayer(page.request);
      await winTournamentViaApi(playwright, baseURL, page.request, { entryFee: "20.00" });
      await page.goto("/player/dashboard");
      await expect(page.getByTestId("balance")).toHaveText("£38.00");
      await page.getByRole("link", { name: "Withdraw" }).click();
      const dialog = page.getByRole("dialog", { name: "Withdraw" });
      await dialog.getByLabel("Amount (£)").fill("20");
      await dialog.getByLabel("Name on the account").fill(who.name);
      await dialog.getByLabel("Sort code").fill("12-34-5");
      await dialog.getByLabel("Account number").fill("1234567");
      await dialog.getByRole("button", { name: "Withdraw" }).click();

      await expect(dialog.getByLabel("Sort code")).toHaveAccessibleDescription(
        "Enter the sort code: 6 digits, like 12-34-56",
      );
      await expect(dialog.getByLabel("Account number")).toHaveAccessibleDescription(
        "Enter the account number: 8 digits",
      );
      await expect(dialog.getByLabel("Sort code")).toHaveAttribute("aria-invalid", "true");
      await expect(dialog.getByLabel("Name on the account")).not.toHaveAttribute("aria-invalid", "true");
      // Nothing typed is lost.
      await expect(dialog.getByLabel("Amount (£)")).toHaveValue("20");
      await expect(dialog.getByLabel("Name on the account")).toHaveValue(who.name);
      await expect(dialog.getByLabel("Sort code")).toHaveValue("12-34-5");
      await expect(page.getByTestId("balance")).toHaveText("£38.00");

      await dialog.getByLabel("Sort code").fill("12-34-56");
      await dialog.getByLabel("Account number").fill("12345678");
      await dialog.getByRole("button", { name: "Withdraw" }).click();
      await expect(page.getByTestId("toast")).toContainText(
        "£19.40 (after the £0.60 fee) will reach the account •••• 5678 in 3-5 business days.",
      );
      await expect(page.getByTestId("balance")).toHaveText("£18.00");
      await expect(page.getByTestId("transaction").first()).toContainText("Withdrawal £20.00 to •••• 5678");
      await expect(page.getByText("12345678")).toHaveCount(0);
    });
  });
}
