// Accounts through the real Worker: JSON API, form actions, bad input, abuse.
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { HttpClient } from "./support/http.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();

let counter = 0;
const uniqueEmail = (tag = "user") => `${tag}-${Date.now()}-${++counter}@example.com`;

let sql: ReturnType<typeof createClient>;
beforeAll(() => {
  sql = createClient({ url: app.dbUrl });
});
afterAll(() => sql?.close());

async function count(table: string): Promise<number> {
  const result = await sql.execute(`select count(*) as n from ${table}`);
  return Number(result.rows[0]?.n);
}

async function signUpPlayer(client: HttpClient, email = uniqueEmail("player"), password = "secret1") {
  const response = await client.json("POST", "/api/auth/signup/player", {
    name: "Sam Player",
    email,
    password,
    confirmPassword: password,
  });
  expect(response.status).toBe(201);
  return { email, password, body: (await response.json()) as { user: Record<string, unknown> } };
}

async function signUpOrganiser(client: HttpClient, email = uniqueEmail("td"), password = "secret1") {
  const response = await client.json("POST", "/api/auth/signup/organiser", {
    organisationName: "Red Lion Pool League",
    venue: "The Red Lion, Leeds",
    name: "Dave Director",
    email,
    password,
    confirmPassword: password,
  });
  expect(response.status).toBe(201);
  return { email, password };
}

async function latestResetLink(email: string): Promise<URL> {
  const response = await app.client().get("/api/dev/outbox");
  expect(response.status).toBe(200);
  const emails = (await response.json()) as { to: string; text: string }[];
  const mail = emails.find((e) => e.to === email);
  if (!mail) throw new Error(`no e-mail to ${email}`);
  const match = mail.text.match(/https?:\/\/\S+\/reset-password\?\S+/);
  if (!match) throw new Error("no reset link in e-mail");
  return new URL(match[0]);
}

test("a player signs up through the API, is signed in, and /me answers with SPEC's user shape", async () => {
  const client = app.client();
  const { email, body } = await signUpPlayer(client);
  expect(body.user).toEqual({ id: expect.any(String), name: "Sam Player", userType: "player", balance: "0.00", email });
  const me = await client.get("/api/auth/me");
  expect(me.status).toBe(200);
  expect(await me.json()).toEqual(body.user);
});

test("the session cookie is HttpOnly, SameSite=Lax and lasts 30 days", async () => {
  const client = app.client();
  const response = await client.json("POST", "/api/auth/signup/player", {
    name: "Cookie",
    email: uniqueEmail(),
    password: "secret1",
    confirmPassword: "secret1",
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("br_session="));
  expect(cookie).toBeDefined();
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Lax/i);
  expect(cookie).toMatch(/Max-Age=2592000/);
});

test("/me is 401 when signed out and after logout", async () => {
  const client = app.client();
  expect((await client.get("/api/auth/me")).status).toBe(401);
  await signUpPlayer(client);
  expect((await client.get("/api/auth/me")).status).toBe(200);
  const logout = await client.json("POST", "/api/auth/logout");
  expect(logout.status).toBe(200);
  expect((await client.get("/api/auth/me")).status).toBe(401);
});

test("an organiser signs up and logs in by account type; the same e-mail may hold one of each", async () => {
  const email = uniqueEmail("both");
  await signUpOrganiser(app.client(), email);
  await signUpPlayer(app.client(), email);

  const asOrganiser = app.client();
  const login = await asOrganiser.json("POST", "/api/auth/login", {
    email,
    password: "secret1",
    userType: "organiser",
  });
  expect(login.status).toBe(200);
  const body = (await login.json()) as { user: { userType: string; name: string }; message: string };
  expect(body.user.userType).toBe("organiser");
  expect(body.user.name).toBe("Dave Director");
  expect(body.message).toBeTruthy();

  const asPlayer = app.client();
  const playerLogin = await asPlayer.json("POST", "/api/auth/login", {
    email,
    password: "secret1",
    userType: "player",
  });
  expect(((await playerLogin.json()) as { user: { userType: string } }).user.userType).toBe("player");
});

test("wrong credentials get one message that does not reveal whether the e-mail exists", async () => {
  const { email } = await signUpPlayer(app.client());
  const wrongPassword = await app
    .client()
    .json("POST", "/api/auth/login", { email, password: "nope", userType: "player" });
  const unknownEmail = await app
    .client()
    .json("POST", "/api/auth/login", { email: uniqueEmail("ghost"), password: "nope", userType: "player" });
  const wrongType = await app
    .client()
    .json("POST", "/api/auth/login", { email, password: "secret1", userType: "organiser" });
  for (const response of [wrongPassword, unknownEmail, wrongType]) {
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Invalid email or password" });
  }
});

test("a duplicate e-mail for the same role is refused on the e-mail field and writes nothing", async () => {
  const { email } = await signUpPlayer(app.client());
  const before = await count("players");
  const response = await app.client().json("POST", "/api/auth/signup/player", {
    name: "Again",
    email: email.toUpperCase(),
    password: "secret1",
    confirmPassword: "secret1",
  });
  expect(response.status).toBe(409);
  const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
  expect(body.errors.email?.[0]).toMatch(/already exists/);
  expect(await count("players")).toBe(before);
});

test("bad sign-up input gets SPEC's messages as a 400 and writes nothing", async () => {
  const before = await count("players");
  const cases: [unknown, string, string][] = [
    [{ name: "A", email: "bad", password: "secret1", confirmPassword: "secret1" }, "email", "Invalid email address"],
    [
      { name: "A", email: uniqueEmail(), password: "12345", confirmPassword: "12345" },
      "password",
      "Password must be at least 6 characters",
    ],
    [
      { name: "A", email: uniqueEmail(), password: "secret1", confirmPassword: "" },
      "confirmPassword",
      "Please confirm your password",
    ],
    [
      { name: "A", email: uniqueEmail(), password: "secret1", confirmPassword: "secret2" },
      "confirmPassword",
      "Passwords don't match",
    ],
    [
      { name: "x".repeat(10_000), email: uniqueEmail(), password: "secret1", confirmPassword: "secret1" },
      "name",
      "Name must be at most 100 characters",
    ],
    [{ email: uniqueEmail(), password: "secret1", confirmPassword: "secret1" }, "name", "Name is required"],
    [{ name: 42, email: uniqueEmail(), password: "secret1", confirmPassword: "secret1" }, "name", "Name is required"],
    [
      { name: "A", email: ["a@b.co"], password: "secret1", confirmPassword: "secret1" },
      "email",
      "Invalid email address",
    ],
  ];
  for (const [body, field, message] of cases) {
    const response = await app.client().json("POST", "/api/auth/signup/player", body);
    expect(response.status).toBe(400);
    const json = (await response.json()) as { message: string; errors: Record<string, string[]> };
    expect(json.errors[field]).toContain(message);
  }
  for (const body of [null, [], "junk", 12, { nested: { deep: [1, 2, { x: null }] } }]) {
    expect((await app.client().json("POST", "/api/auth/signup/player", body)).status).toBe(400);
  }
  expect(await count("players")).toBe(before);
});

test("login input is validated: e-mail, password and a known account type", async () => {
  const cases: [unknown, string][] = [
    [{ email: "nope", password: "x", userType: "player" }, "Invalid email address"],
    [{ email: "a@b.co", password: "", userType: "player" }, "Password is required"],
    [{ email: "a@b.co", password: "x", userType: "admin" }, "Choose Player or Tournament Director"],
    [{ email: "a@b.co", password: "x" }, "Choose Player or Tournament Director"],
  ];
  for (const [body, message] of cases) {
    const response = await app.client().json("POST", "/api/auth/login", body);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(message);
  }
});

test("non-JSON, malformed, invalid UTF-8 and oversized bodies get 4xx, never 500", async () => {
  const client = app.client();
  const plain = await client.request("/api/auth/login", {
    method: "POST",
    body: "email=a",
    headers: { "Content-Type": "text/plain" },
  });
  expect(plain.status).toBe(415);
  const malformed = await client.request("/api/auth/login", {
    method: "POST",
    body: "{not json",
    headers: { "Content-Type": "application/json" },
  });
  expect(malformed.status).toBe(400);
  expect(await malformed.json()).toEqual({ message: "Malformed JSON body" });
  const badUtf8 = await client.request("/api/auth/login", {
    method: "POST",
    body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    headers: { "Content-Type": "application/json" },
  });
  expect(badUtf8.status).toBe(400);
  const huge = await client.request("/api/auth/signup/player", {
    method: "POST",
    body: JSON.stringify({ name: "x".repeat(200_000) }),
    headers: { "Content-Type": "application/json" },
  });
  expect(huge.status).toBe(413);
  const tooBig = await client.request("/api/auth/signup/player", {
    method: "POST",
    body: "x".repeat(2 * 1024 * 1024),
    headers: { "Content-Type": "application/json" },
  });
  expect(tooBig.status).toBe(413);
  expect((await client.get("/api/auth/login")).status).toBe(405);
  expect((await client.get("/api/no-such-endpoint")).status).toBe(404);
});

test("mutations from another origin are refused with 403 and write nothing", async () => {
  const before = await count("players");
  const response = await app
    .client()
    .json(
      "POST",
      "/api/auth/signup/player",
      { name: "Evil", email: uniqueEmail(), password: "secret1", confirmPassword: "secret1" },
      { headers: { Origin: "https://evil.example" } },
    );
  expect(response.status).toBe(403);
  const form = await app
    .client()
    .postForm(
      "/signup?role=player",
      { role: "player", name: "Evil", email: uniqueEmail(), password: "secret1", confirmPassword: "secret1" },
      { headers: { Origin: "https://evil.example" } },
    );
  expect(form.status).toBe(403);
  const fetchSite = await app.client().postForm("/logout", {}, { headers: { "Sec-Fetch-Site": "cross-site" } });
  expect(fetchSite.status).toBe(403);
  expect(await count("players")).toBe(before);
});

test("a tampered session cookie reads as signed out", async () => {
  const client = app.client();
  await signUpPlayer(client);
  const cookie = client.cookies.get("br_session")!;
  const tampered = app.client();
  // Flip one character of the signed value.
  const flipped = cookie.slice(0, 10) + (cookie[10] === "A" ? "B" : "A") + cookie.slice(11);
  tampered.cookies.set("br_session", flipped);
  expect((await tampered.get("/api/auth/me")).status).toBe(401);
  tampered.cookies.set("br_session", "garbage");
  expect((await tampered.get("/api/auth/me")).status).toBe(401);
  const page = await tampered.get("/player/dashboard");
  expect(page.status).toBe(302);
  expect(page.headers.get("Location")).toBe("/login?redirectTo=%2Fplayer%2Fdashboard");
});

test("the sign-up form works without JavaScript: errors re-render, success redirects with a toast", async () => {
  const client = app.client();
  const email = uniqueEmail("form");
  const bad = await client.postForm("/signup?role=player", {
    role: "player",
    name: "Form Player",
    email,
    password: "secret1",
    confirmPassword: "secret2",
  });
  expect(bad.status).toBe(400);
  const html = await bad.text();
  expect(html).toContain("Passwords don&#x27;t match");
  expect(html).toContain("Player Sign Up");

  const good = await client.postForm("/signup?role=player", {
    role: "player",
    name: "Form Player",
    email,
    password: "secret1",
    confirmPassword: "secret1",
  });
  expect(good.status).toBe(302);
  expect(good.headers.get("Location")).toBe("/player/dashboard");
  const dashboard = await client.get("/player/dashboard");
  expect(dashboard.status).toBe(200);
  const page = await dashboard.text();
  expect(page).toContain("Form Player");
  expect(page).toContain("Account created!");
  expect(page).toContain("Welcome to Break &amp; Run");
  // The toast is shown once.
  expect(await (await client.get("/player/dashboard")).text()).not.toContain("Account created!");
});

test("the organiser sign-up form creates an organiser and lands on the TD dashboard", async () => {
  const client = app.client();
  const response = await client.postForm("/signup?role=td", {
    role: "organiser",
    organisationName: "Cue Club",
    venue: "The Crown",
    name: "Olive Organiser",
    email: uniqueEmail("tdform"),
    password: "secret1",
    confirmPassword: "secret1",
  });
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/td/dashboard");
  expect(await (await client.get("/td/dashboard")).text()).toContain("Olive Organiser");
});

test("login form honours same-site redirectTo only", async () => {
  const { email } = await signUpPlayer(app.client());
  const ok = await app
    .client()
    .postForm("/login?redirectTo=%2Fplayer%2Fdashboard%3Fx%3D1", { email, password: "secret1", userType: "player" });
  expect(ok.status).toBe(302);
  expect(ok.headers.get("Location")).toBe("/player/dashboard?x=1");
  const offsite = await app
    .client()
    .postForm("/login?redirectTo=%2F%2Fevil.example", { email, password: "secret1", userType: "player" });
  expect(offsite.headers.get("Location")).toBe("/player/dashboard");
  const wrong = await app.client().postForm("/login", { email, password: "bad", userType: "player" });
  expect(wrong.status).toBe(401);
  expect(await wrong.text()).toContain("Invalid email or password");
});

test("SPEC §6 redirects: anonymous to /login, wrong role to own dashboard, signed-in away from login", async () => {
  const anonymous = app.client();
  for (const path of ["/player/dashboard", "/td/dashboard"]) {
    const response = await anonymous.get(path);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  }
  const player = app.client();
  await signUpPlayer(player);
  expect((await player.get("/td/dashboard")).headers.get("Location")).toBe("/player/dashboard");
  expect((await player.get("/login")).headers.get("Location")).toBe("/player/dashboard");
  expect((await player.get("/signup")).headers.get("Location")).toBe("/player/dashboard");

  const organiser = app.client();
  const { email } = await signUpOrganiser(app.client());
  await organiser.json("POST", "/api/auth/login", { email, password: "secret1", userType: "organiser" });
  expect((await organiser.get("/player/dashboard")).headers.get("Location")).toBe("/td/dashboard");
});

test("logout (form) ends the session and returns to /", async () => {
  const client = app.client();
  await signUpPlayer(client);
  const response = await client.postForm("/logout", {});
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/");
  expect((await client.get("/api/auth/me")).status).toBe(401);
});

test("forgot password always answers the same and mails a single-use, one-hour link", async () => {
  const player = app.client();
  const { email } = await signUpPlayer(player);

  const known = await app.client().json("POST", "/api/auth/forgot-password", { email });
  const unknown = await app.client().json("POST", "/api/auth/forgot-password", { email: uniqueEmail("nobody") });
  expect(known.status).toBe(200);
  expect(unknown.status).toBe(200);
  expect(await known.json()).toEqual(await unknown.json());

  const link = await latestResetLink(email);
  const token = link.searchParams.get("token")!;
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // Stored hashed: the raw token is nowhere in the database.
  const stored = await sql.execute({
    sql: "select password_reset_token, password_reset_expires from players where email = ?",
    args: [email],
  });
  expect(String(stored.rows[0]?.password_reset_token)).not.toBe(token);
  const expires = Number(stored.rows[0]?.password_reset_expires);
  expect(expires - Date.now()).toBeGreaterThan(59 * 60 * 1000);
  expect(expires - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);

  const validate = await app.client().get(`/api/auth/validate-reset-token?${new URLSearchParams({ token, email })}`);
  expect(await validate.json()).toMatchObject({ valid: true });
  const forged = await app
    .client()
    .get(`/api/auth/validate-reset-token?${new URLSearchParams({ token: `${token}x`, email })}`);
  expect(await forged.json()).toMatchObject({ valid: false });
  const mismatched = await app
    .client()
    .get(`/api/auth/validate-reset-token?${new URLSearchParams({ token, email: uniqueEmail() })}`);
  expect(await mismatched.json()).toMatchObject({ valid: false });
  const incomplete = await app.client().get(`/api/auth/validate-reset-token?token=${token}`);
  expect(incomplete.status).toBe(400);

  const reset = await app.client().json("POST", "/api/auth/reset-password", { token, email, password: "newpass1" });
  expect(reset.status).toBe(200);
  // The earlier session has ended.
  expect((await player.get("/api/auth/me")).status).toBe(401);
  // Single use.
  const again = await app.client().json("POST", "/api/auth/reset-password", { token, email, password: "another1" });
  expect(again.status).toBe(400);
  // New password works, old one does not.
  expect(
    (await app.client().json("POST", "/api/auth/login", { email, password: "newpass1", userType: "player" })).status,
  ).toBe(200);
  expect(
    (await app.client().json("POST", "/api/auth/login", { email, password: "secret1", userType: "player" })).status,
  ).toBe(401);
});

test("an expired reset token is refused", async () => {
  const { email } = await signUpPlayer(app.client());
  await app.client().json("POST", "/api/auth/forgot-password", { email });
  const link = await latestResetLink(email);
  await sql.execute({
    sql: "update players set password_reset_expires = ? where email = ?",
    args: [Date.now() - 1, email],
  });
  const token = link.searchParams.get("token")!;
  expect(
    await (await app.client().get(`/api/auth/validate-reset-token?${new URLSearchParams({ token, email })}`)).json(),
  ).toMatchObject({ valid: false });
  const page = await app.client().get(`/reset-password?${new URLSearchParams({ token, email })}`);
  expect(await page.text()).toContain("Invalid or Expired Link");
  expect(
    (await app.client().json("POST", "/api/auth/reset-password", { token, email, password: "newpass1" })).status,
  ).toBe(400);
});

test("two concurrent resets with one token: exactly one succeeds", async () => {
  const { email } = await signUpPlayer(app.client());
  await app.client().json("POST", "/api/auth/forgot-password", { email });
  const token = (await latestResetLink(email)).searchParams.get("token")!;
  const results = await Promise.all(
    ["raceone1", "racetwo2", "racethree3"].map((password) =>
      app.client().json("POST", "/api/auth/reset-password", { token, email, password }),
    ),
  );
  expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
});

test("the reset page works as a form: invalid link, mismatch, success", async () => {
  const { email } = await signUpPlayer(app.client());
  expect(await (await app.client().get("/reset-password")).text()).toContain(
    "This password reset link is invalid or incomplete",
  );
  await app.client().postForm("/forgot-password", { email });
  const link = await latestResetLink(email);
  const path = link.pathname + link.search;
  const page = await (await app.client().get(path)).text();
  expect(page).toContain("Choose a new password");
  const token = link.searchParams.get("token")!;
  const mismatch = await app.client().postForm(path, { token, email, password: "abcdef", confirmPassword: "abcdeg" });
  expect(mismatch.status).toBe(400);
  expect(await mismatch.text()).toContain("Passwords don&#x27;t match");
  const done = await app.client().postForm(path, { token, email, password: "abcdef", confirmPassword: "abcdef" });
  expect(done.status).toBe(200);
  const html = await done.text();
  expect(html).toContain("Password Reset!");
  expect(html).toContain("Go to Login");
});

test("forgot-password is rate limited per e-mail with a clear 429", async () => {
  const email = uniqueEmail("limited");
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) {
    statuses.push((await app.client().json("POST", "/api/auth/forgot-password", { email })).status);
  }
  expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
  expect(statuses.slice(5)).toEqual([429, 429]);
  const limited = await app.client().json("POST", "/api/auth/forgot-password", { email });
  expect(((await limited.json()) as { message: string }).message).toMatch(/Too many attempts/);
});

test("login is rate limited per e-mail, even with the right password once limited", async () => {
  const { email } = await signUpPlayer(app.client());
  for (let i = 0; i < 10; i++) {
    expect(
      (await app.client().json("POST", "/api/auth/login", { email, password: "wrong", userType: "player" })).status,
    ).toBe(401);
  }
  const limited = await app
    .client()
    .json("POST", "/api/auth/login", { email, password: "secret1", userType: "player" });
  expect(limited.status).toBe(429);
  const form = await app.client().postForm("/login", { email, password: "secret1", userType: "player" });
  expect(form.status).toBe(429);
});

test("the outbox is readable locally as a page and as JSON, newest first", async () => {
  const { email } = await signUpPlayer(app.client());
  await app.client().json("POST", "/api/auth/forgot-password", { email });
  const json = (await (await app.client().get("/api/dev/outbox")).json()) as {
    to: string;
    subject: string;
    createdAt: number;
  }[];
  expect(json[0]).toMatchObject({ to: email, subject: "Reset your Break & Run password" });
  for (let i = 1; i < json.length; i++) expect(json[i - 1]!.createdAt).toBeGreaterThanOrEqual(json[i]!.createdAt);
  const page = await app.client().get("/dev/mailbox");
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(email);
});
