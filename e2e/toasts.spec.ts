// Toasts stand in the page's flow under the header: on a phone and on a laptop, none lies over a button, a link or a
// field — neither the server's after a write nor one the page shows itself from a button further down.
import { expect, type Page, test } from "@playwright/test";
import { createOrganiser, waitForHydratedForm } from "./support/accounts.ts";

/** The controls the toast's box overlaps on the screen (none, when it stands in the flow). */
function coveredBy(page: Page): Promise<string[]> {
  return page.getByTestId("toast").evaluate((toast) => {
    const box = toast.getBoundingClientRect();
    return [...document.querySelectorAll("button, a, input, select, textarea")]
      .filter((control) => !toast.contains(control))
      .filter((control) => {
        const r = control.getBoundingClientRect();
        return r.width > 0 && r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top;
      })
      .map((control) => control.textContent?.trim() || control.getAttribute("aria-label") || control.tagName);
  });
}

for (const [width, height] of [
  [390, 844],
  [1280, 800],
] as const) {
  test(`no toast lies over a button, ${width}px wide`, async ({ page, context, baseURL }) => {
    await page.setViewportSize({ width, height });
    await createOrganiser(page.request);
    await page.goto("/td/tables");
    await waitForHydratedForm(page, "add-table");
    const name = page.getByPlaceholder("e.g., Table 1");
    for (let n = 1; n <= 6; n++) {
      await name.fill(`Table ${n}`);
      await name.press("Enter");
      await expect(page.getByTestId("table-row")).toHaveCount(n);
    }
    // The server's toast after a write, announced.
    await expect(page.getByRole("status")).toContainText("Table created");
    expect(await coveredBy(page)).toEqual([]);

    // One the page shows itself, from a button down the page: the button says so too.
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    const last = page.getByTestId("table-row").last();
    await last.getByRole("button", { name: "Copy Code" }).click();
    await expect(page.getByRole("status")).toContainText("Access code copied to clipboard");
    await expect(last.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await coveredBy(page)).toEqual([]);
  });
}
