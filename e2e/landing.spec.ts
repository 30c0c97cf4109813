import { expect, test } from "@playwright/test";

test("landing page shows every section and its calls to action lead to sign-up @tablet", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (const heading of ["Everything You Need", "How It Works"]) {
    await expect(page.getByRole("heading", { name: heading, level: 2 })).toBeVisible();
  }
  for (const feature of ["Instant Setup", "Secure Payments", "Automated Rake", "Live Brackets"]) {
    await expect(page.getByRole("heading", { name: feature, level: 3 })).toBeVisible();
  }
  await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getUTCFullYear()} Break & Run`);
  // Cash at the bar is a feature: the page no longer promises there is none.
  await expect(page.getByText("or at the bar and you enter them in a tap")).toBeVisible();

  await expect(page.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
  await expect(page.getByRole("link", { name: "I'm a Tournament Director" })).toHaveAttribute(
    "href",
    "/signup?role=td",
  );
  await expect(page.getByRole("link", { name: "Start as Tournament Director" })).toHaveAttribute(
    "href",
    "/signup?role=td",
  );
  await expect(page.getByRole("link", { name: "Find a Tournament" })).toHaveAttribute("href", "/signup?role=player");
  await expect(page.getByRole("link", { name: "Sign Up as Player" })).toHaveAttribute("href", "/signup?role=player");

  await page.getByRole("link", { name: "Find a Tournament" }).click();
  await expect(page).toHaveURL(/\/signup\?role=player$/);
});

test("the theme toggle switches to dark, is stored under 'theme' and survives a reload @tablet", async ({ page }) => {
  await page.goto("/");
  const html = page.locator("html");
  // Nobody chose yet: the page follows the device (light in this browser).
  await expect(html).toHaveClass(/system/);
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(html).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(html).toHaveClass(/light/);
  await page.reload();
  await expect(html).toHaveClass(/light/);
});

test("a theme remembered only in localStorage is applied on load", async ({ page, context }) => {
  await page.goto("/");
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await context.clearCookies();
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the theme toggle still works", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page).toHaveURL(/\/$/);
  });
});

test("an unknown path shows the not-found screen with status 404", async ({ page }) => {
  const response = await page.goto("/definitely/not/here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
});
