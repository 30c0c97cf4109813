import { expect, test } from "@playwright/test";
import {
  createOrganiser,
  createPlayer,
  newIdentity,
  outboxCount,
  resetLinkFor,
  submitLogin,
  waitForHydratedForm,
} from "./support/accounts.ts";
import { organiserWithTournament } from "./support/tournaments.ts";

const toast = (page: import("@playwright/test").Page) => page.getByTestId("toast");

test("the sign-up chooser offers both roles, each leading to its form and back", async ({ page }) => {
  await page.goto("/signup");
  await expect(page.getByRole("heading", { name: "Create your account", level: 1 })).toBeVisible();
  const playerChoice = page.getByRole("link", { name: /I am a Player/ });
  const organiserChoice = page.getByRole("link", { name: /I am a Tournament Director/ });
  await expect(playerChoice).toContainText("Join tournaments, compete, and track your stats");
  await expect(organiserChoice).toContainText("Create and manage tournaments for your venue");

  await playerChoice.click();
  await expect(page).toHaveURL(/\/signup\?role=player$/);
  await expect(page.getByRole("heading", { name: "Player Sign Up", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Player Account" })).toBeVisible();
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();

  await organiserChoice.click();
  await expect(page).toHaveURL(/\/signup\?role=td$/);
  await expect(page.getByRole("heading", { name: "Tournament Director Sign Up", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Organiser Account" })).toBeVisible();
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/signup$/);

  await expect(page.getByRole("link", { name: "Break & Run" })).toHaveAttribute("href", "/");
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();

  await page.goto("/signup?role=td");
  await page.getByRole("link", { name: "Break & Run" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("signing up with an invited address nobody has used offers the invitation again", async ({ page, playwright }) => {
  const who = newIdentity("invited");
  // A director's walk-in made the account: no password yet.
  const director = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const { tournament } = await organiserWithTournament(director);
    const entered = await director.post(`/api/tournaments/${tournament.id}/entries`, {
      data: { name: who.name, email: who.email, paidBy: "cash" },
    });
    expect(entered.status(), await entered.text()).toBe(201);
  } finally {
    await director.dispose();
  }
  await page.goto("/signup?role=player");
  await waitForHydratedForm(page, "signup-player");
  await page.getByLabel("Name").fill(who.name);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByLabel("Confirm password").fill(who.password);
  await page.getByRole("button", { name: "Create Player Account" }).click();
  await expect(page.getByText("An invitation was already sent to this email.").first()).toBeVisible();
  await page.getByRole("button", { name: "Send the invitation again" }).click();
  await expect(page.getByRole("heading", { name: "Check your email", level: 1 })).toBeVisible();
  await expect(page.getByText(who.email)).toBeVisible();
  await expect.poll(() => outboxCount(page.request, who.email)).toBe(2);
});

test("a player signs up and lands on the player dashboard with a welcome toast @tablet", async ({ page }) => {
  const who = newIdentity("player");
  await page.goto("/signup?role=player");
  await waitForHydratedForm(page, "signup-player");
  await page.getByLabel("Name").fill(who.name);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByLabel("Confirm password").fill(who.password);

  // Hold the submission briefly to see the busy state.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/signup\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Create Player Account" }).click();
  await expect(page.getByRole("button", { name: "Creating Account..." })).toBeDisabled();
  release();

  await expect(page).toHaveURL(/\/player\/dashboard$/);
  await expect(page.getByRole("heading", { name: `Welcome, ${who.name}`, level: 1 })).toBeVisible();
  await expect(toast(page)).toContainText("Account created!");
  await expect(toast(page)).toContainText("Break & Run");
  await expect(toast(page)).toHaveAttribute("data-type", "success");
});

test("an organiser signs up with all six fields and lands on the organiser dashboard", async ({ page }) => {
  const who = newIdentity("td");
  await page.goto("/signup?role=td");
  await waitForHydratedForm(page, "signup-organiser");
  await page.getByLabel("Organisation name").fill("Leeds Pool League");
  await page.getByLabel("Main operating venue").fill("The Red Lion, Leeds");
  await page.getByLabel("Your name").fill(who.name);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByLabel("Confirm password").fill(who.password);
  await page.getByRole("button", { name: "Create Organiser Account" }).click();

  await expect(page).toHaveURL(/\/td\/dashboard$/);
  await expect(page.getByRole("heading", { name: `Welcome, ${who.name}`, level: 1 })).toBeVisible();
  await expect(toast(page)).toContainText("Account created!");
});

test("sign-up checks the fields in the browser and submits nothing while they are invalid", async ({ page }) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.goto("/signup?role=player");
  await waitForHydratedForm(page, "signup-player");
  const email = page.getByLabel("Email");
  const password = page.getByLabel("Password", { exact: true });
  const confirm = page.getByLabel("Confirm password");

  await page.getByLabel("Name").fill("Val Idation");
  await email.fill("not-an-email");
  await email.blur();
  await expect(email).toHaveAccessibleDescription("Invalid email address");
  await expect(email).toHaveAttribute("aria-invalid", "true");

  await password.fill("abc");
  await password.blur();
  await expect(password).toHaveAccessibleDescription("Password must be at least 6 characters");

  await email.fill(newIdentity().email);
  await expect(email).not.toHaveAttribute("aria-invalid", "true");
  await password.fill("secret1");
  await expect(password).not.toHaveAttribute("aria-invalid", "true");
  await confirm.fill("secret2");
  await confirm.blur();
  await expect(confirm).toHaveAccessibleDescription("Passwords don't match");
  await expect(password).not.toHaveAttribute("aria-invalid", "true");

  await page.getByRole("button", { name: "Create Player Account" }).click();
  await expect(confirm).toHaveAccessibleDescription("Passwords don't match");
  await expect(page).toHaveURL(/\/signup\?role=player$/);
  await expect(page.getByRole("heading", { name: "Player Sign Up" })).toBeVisible();
  expect(posts).toEqual([]);
});

test("signing up with an e-mail already in use shows the error on the e-mail field and a toast", async ({
  page,
  request,
}) => {
  const existing = await createPlayer(request);
  await page.goto("/signup?role=player");
  await waitForHydratedForm(page, "signup-player");
  await page.getByLabel("Name").fill("Second Comer");
  await page.getByLabel("Email").fill(existing.email);
  await page.getByLabel("Password", { exact: true }).fill("another-pass");
  await page.getByLabel("Confirm password").fill("another-pass");
  await page.getByRole("button", { name: "Create Player Account" }).click();

  await expect(toast(page)).toContainText("Signup failed");
  await expect(toast(page)).toHaveAttribute("data-type", "error");
  const email = page.getByLabel("Email");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription(/already exists/);
  await expect(page).toHaveURL(/\/signup\?role=player$/);
  await expect(page.getByLabel("Name")).toHaveValue("Second Comer");
});

test("logout returns to the landing page and the dashboard then asks to sign in", async ({ page }) => {
  await createPlayer(page.request);
  await page.goto("/player/dashboard");
  await expect(page.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);

  await page.goto("/player/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fplayer%2Fdashboard$/);
  await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
});

test("the account-type choice decides which account signs in (same e-mail, two roles)", async ({ page, request }) => {
  const email = newIdentity("both").email;
  const player = await createPlayer(request, { name: "Polly Player", email, password: "player-pass" });
  const organiser = await createOrganiser(request, { name: "Terry Director", email, password: "director-pass" });

  await page.goto("/login");
  await expect(page.getByRole("radio", { name: "Player" })).toBeChecked();
  await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password");
  await expect(page.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/signup");
  await submitLogin(page, player, "Player");
  await expect(page).toHaveURL(/\/player\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Welcome, Polly Player" })).toBeVisible();

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/login");
  await submitLogin(page, organiser, "Tournament Director");
  await expect(page).toHaveURL(/\/td\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Welcome, Terry Director" })).toBeVisible();
});

test("a wrong password is refused with a message and a 'Login failed' toast", async ({ page, request }) => {
  const who = await createPlayer(request);
  await page.goto("/login");
  await waitForHydratedForm(page, "login");
  await submitLogin(page, { email: who.email, password: "not-my-password" });
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await expect(toast(page)).toContainText("Login failed");
  await expect(toast(page)).toHaveAttribute("data-type", "error");
  await expect(page).toHaveURL(/\/login$/);

  // Right password but the wrong account type: there is no organiser with this e-mail.
  await submitLogin(page, who, "Tournament Director");
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await expect(page).toHaveURL(/\/login$/);
});

test("signing in after being sent to the login page returns to the requested page", async ({ page, request }) => {
  const who = await createPlayer(request);
  await page.goto("/player/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fplayer%2Fdashboard$/);
  await submitLogin(page, who);
  await expect(page).toHaveURL(/\/player\/dashboard$/);
  await expect(page.getByRole("heading", { name: `Welcome, ${who.name}` })).toBeVisible();

  // Any same-site path is honoured, not just the dashboard...
  await page.context().clearCookies();
  await page.goto(`/login?redirectTo=${encodeURIComponent("/?from=login")}`);
  await submitLogin(page, who);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/\?from=login$/);

  // ...but another host is not.
  await page.context().clearCookies();
  await page.goto(`/login?redirectTo=${encodeURIComponent("//example.com/phish")}`);
  await submitLogin(page, who);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/player\/dashboard$/);
});

test("a signed-in player is kept to the player pages", async ({ page }) => {
  await createPlayer(page.request);
  await page.goto("/td/dashboard");
  await expect(page).toHaveURL(/\/player\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Your Statistics" })).toBeVisible();
  for (const path of ["/login", "/signup", "/signup?role=td"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/player\/dashboard$/);
  }
});

test("a signed-in organiser is kept to the organiser pages", async ({ page }) => {
  await createOrganiser(page.request);
  await page.goto("/player/dashboard");
  await expect(page).toHaveURL(/\/td\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Active Tournaments" })).toBeVisible();
  for (const path of ["/login", "/signup", "/signup?role=player"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/td\/dashboard$/);
  }
});

test("a password is reset through the e-mailed link, which then works only once", async ({ page, request }) => {
  const who = await createPlayer(request);
  const newPassword = "fresh-chalk-7";

  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(who.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText("expires in 1 hour")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Login" })).toHaveAttribute("href", "/login");
  await expect(page.getByRole("link", { name: "Send another link" })).toHaveAttribute("href", "/forgot-password");

  const link = await resetLinkFor(page.request, who.email);
  const url = new URL(link);
  expect(url.searchParams.get("email")).toBe(who.email);
  expect(url.searchParams.get("token")).toBeTruthy();

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill("something-else");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByLabel("Confirm new password")).toHaveAccessibleDescription("Passwords don't match");
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();

  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("heading", { name: "Password Reset!" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Login" })).toHaveAttribute("href", "/login");

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Invalid or Expired Link" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Request New Link" })).toHaveAttribute("href", "/forgot-password");
  await page.getByRole("link", { name: "Back to Login" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await submitLogin(page, who);
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await submitLogin(page, { email: who.email, password: newPassword });
  await expect(page).toHaveURL(/\/player\/dashboard$/);
});

test("forgot-password gives the same answer for an unknown e-mail and sends nothing", async ({ page }) => {
  const nobody = newIdentity("nobody").email;
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(nobody);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText("expires in 1 hour")).toBeVisible();
  expect(await outboxCount(page.request, nobody)).toBe(0);
});

test("a reset link without a token is reported as invalid", async ({ page }) => {
  await page.goto(`/reset-password?email=${encodeURIComponent(newIdentity().email)}`);
  await expect(page.getByRole("heading", { name: "Invalid Link" })).toBeVisible();
  await expect(page.getByText("This password reset link is invalid or incomplete")).toBeVisible();
  await expect(page.getByRole("link", { name: "Request New Link" })).toHaveAttribute("href", "/forgot-password");
  await expect(page.getByRole("link", { name: "Back to Login" })).toHaveAttribute("href", "/login");
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
});

test("resetting the password signs out the account's other sessions", async ({ page, request }) => {
  const who = await createPlayer(page.request);
  await page.goto("/player/dashboard");
  await expect(page.getByRole("heading", { name: `Welcome, ${who.name}` })).toBeVisible();

  // Another device resets the password through the JSON API: the reset the page's form runs (the use case the
  // test above walks through on the pages).
  const asked = await request.post("/api/auth/forgot-password", { data: { email: who.email } });
  expect(asked.status(), await asked.text()).toBe(200);
  const token = new URL(await resetLinkFor(request, who.email)).searchParams.get("token");
  const reset = await request.post("/api/auth/reset-password", {
    data: { token, email: who.email, password: "brand-new-pass" },
  });
  expect(reset.status(), await reset.text()).toBe(200);

  await page.reload();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fplayer%2Fdashboard$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a player signs up, with the server checking the form first", async ({ page }) => {
    const who = newIdentity("nojs");
    await page.goto("/signup?role=player");
    await page.getByLabel("Name").fill(who.name);
    await page.getByLabel("Email").fill(who.email);
    await page.getByLabel("Password", { exact: true }).fill(who.password);
    await page.getByLabel("Confirm password").fill(`${who.password}-typo`);
    await page.getByRole("button", { name: "Create Player Account" }).click();

    const confirm = page.getByLabel("Confirm password");
    await expect(confirm).toHaveAccessibleDescription("Passwords don't match");
    await expect(page.getByLabel("Name")).toHaveValue(who.name);
    await expect(page.getByLabel("Email")).toHaveValue(who.email);

    await page.getByLabel("Password", { exact: true }).fill(who.password);
    await confirm.fill(who.password);
    await page.getByRole("button", { name: "Create Player Account" }).click();
    await expect(page).toHaveURL(/\/player\/dashboard$/);
    await expect(page.getByRole("heading", { name: `Welcome, ${who.name}` })).toBeVisible();
    await expect(toast(page)).toContainText("Account created!");
  });

  test("login works, including the wrong-password message", async ({ page, request }) => {
    const who = await createOrganiser(request);
    await page.goto("/login");
    await submitLogin(page, { email: who.email, password: "wrong-password" }, "Tournament Director");
    // Without JavaScript the inline message and the server-rendered toast both say so.
    await expect(page.locator("#login-error")).toHaveText("Invalid email or password");
    await expect(page.getByTestId("toast")).toContainText("Login failed");
    await expect(page).toHaveURL(/\/login$/);

    await submitLogin(page, who, "Tournament Director");
    await expect(page).toHaveURL(/\/td\/dashboard$/);
    await expect(page.getByRole("heading", { name: `Welcome, ${who.name}` })).toBeVisible();
  });

  test("logout works", async ({ page }) => {
    await createPlayer(page.request);
    await page.goto("/player/dashboard");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await page.goto("/player/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fplayer%2Fdashboard$/);
  });
});
