// The director's series (decision 029) on a phone: "Series" in the navigation, a new series from the form with
// the default points, a night added from the select and removed after the confirmation, and the ranking's print
// (A4 portrait: no buttons, black on white in the dark theme).
import { expect, test } from "@playwright/test";
import { createOrganiser } from "./support/accounts.ts";
import { createTournamentViaApi, waitForHydrated } from "./support/tournaments.ts";

test("a director starts a series, adds a night, takes it out again and prints the ranking", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("theme", "dark"));
  await createOrganiser(page.request);
  const night = await createTournamentViaApi(page.request, { name: "Week 1 Blackball" });

  await page.goto("/td/dashboard");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Series" }).click();
  await expect(page.getByRole("heading", { name: "Series", level: 1 })).toBeVisible();
  await expect(page.getByLabel("1st")).toHaveValue("25");
  await page.getByLabel("Series name").fill("Thursday Blackball");
  await page.getByLabel("Top places qualify (optional)").fill("8");
  await page.getByRole("button", { name: "Create series" }).click();

  await expect(page.getByRole("heading", { name: "Thursday Blackball", level: 1 })).toBeVisible();
  await expect(page.getByText("Top 8 qualify.")).toBeVisible();
  await page.getByLabel("Add a night").selectOption(night.id);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  const nights = page.getByTestId("series-nights");
  await expect(nights.getByRole("link", { name: night.name, exact: true })).toBeVisible();

  await waitForHydrated(page, "a[aria-label^='Remove']");
  await nights.getByRole("link", { name: `Remove ${night.name} from the series` }).click();
  const dialog = page.getByRole("dialog", { name: `Remove ${night.name} from the series?` });
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("No nights yet: add one below.")).toBeVisible();

  await page.getByRole("link", { name: "Print ranking" }).click();
  await expect(page.getByRole("button", { name: "Print ranking" })).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print ranking" })).toBeHidden();
  const ink = await page
    .getByRole("heading", { name: "Thursday Blackball" })
    .evaluate((h) => getComputedStyle(h).color);
  expect(ink).toBe("rgb(0, 0, 0)");
});
