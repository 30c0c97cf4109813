// The director's tables page in a browser: the name field is ready for the
// next table, and a second table of the same name is refused with the name kept.
import { expect, test } from "@playwright/test";
import { createOrganiser, waitForHydratedForm } from "./support/accounts.ts";

test("adding tables clears the name; a repeated name is refused and kept to fix @tablet", async ({ page }) => {
  await createOrganiser(page.request);
  await page.goto("/td/tables");
  await waitForHydratedForm(page, "add-table");
  const name = page.getByPlaceholder("e.g., Table 1");

  await name.fill("Table 1");
  await name.press("Enter");
  await expect(page.getByTestId("table-row").filter({ hasText: "Table 1" })).toBeVisible();
  await expect(name).toHaveValue("");

  await name.fill("table 1");
  await page.getByRole("button", { name: "Add Table" }).click();
  await expect(page.locator("#add-table")).toContainText("You already have a table called Table 1");
  await expect(name).toHaveValue("table 1");
  await expect(page.getByTestId("table-row")).toHaveCount(1);

  await name.fill("Table 2");
  await name.press("Enter");
  await expect(page.getByTestId("table-row")).toHaveCount(2);
  await expect(name).toHaveValue("");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a repeated name is refused on the server's page, the name kept", async ({ page }) => {
    await createOrganiser(page.request);
    await page.goto("/td/tables");
    const name = page.getByPlaceholder("e.g., Table 1");
    await name.fill("Table 1");
    await name.press("Enter");
    await expect(page.getByTestId("table-row")).toHaveCount(1);
    await expect(name).toHaveValue("");
    await name.fill("TABLE 1");
    await name.press("Enter");
    await expect(page.getByText("You already have a table called Table 1").first()).toBeVisible();
    await expect(name).toHaveValue("TABLE 1");
    await expect(page.getByTestId("table-row")).toHaveCount(1);
  });
});
