// The built Worker in workerd, against the local libSQL server.
import { expect, test } from "vitest";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();

test("the landing page is server-rendered with every section and call to action", async () => {
  const response = await app.client().get("/");
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toContain("text/html");
  // React keeps a text's parts apart with empty comments ("© <!-- -->2026"): read it as a person would.
  const html = (await response.text()).replaceAll("<!-- -->", "");
  for (const text of [
    "Break &amp; Run",
    "Everything You Need",
    "Instant Setup",
    "Secure Payments",
    "Automated Rake",
    "Live Brackets",
    "How It Works",
    "Create Tournament",
    "Share &amp; Fill Bracket",
    "Confirm Payouts",
    // The footer's year is this year's.
    `© ${new Date().getUTCFullYear()} Break`,
  ]) {
    expect(html).toContain(text);
  }
  expect(html).toMatch(/<a[^>]*href="\/login"[^>]*>Sign In<\/a>/);
  expect(html).toMatch(/href="\/signup\?role=td"[^>]*>I(&#x27;|')m a Tournament Director/);
  expect(html).toMatch(/href="\/signup\?role=td"[^>]*>Start as Tournament Director/);
  expect(html).toMatch(/href="\/signup\?role=player"[^>]*>Find a Tournament/);
  expect(html).toMatch(/href="\/signup\?role=player"[^>]*>Sign Up as Player/);
  // Nobody chose a theme: the page follows the device's own setting.
  expect(html).toMatch(/<html[^>]*class="system"/);
});

test("an unknown path answers 404 with the not-found screen", async () => {
  const response = await app.client().get("/no/such/page");
  expect(response.status).toBe(404);
  const html = await response.text();
  expect(html).toContain("404 Page Not Found");
  expect(html).toContain("Did you forget to add the page to the router?");
});

test("the theme toggle works without JavaScript and is remembered", async () => {
  const visitor = app.client();
  const response = await visitor.postForm("/action/set-theme", { theme: "dark", redirectTo: "/no/such/page" });
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/no/such/page");
  const page = await (await visitor.get("/")).text();
  expect(page).toMatch(/<html[^>]*class="dark"/);

  await visitor.postForm("/action/set-theme", { theme: "light", redirectTo: "/" });
  expect(await (await visitor.get("/")).text()).toMatch(/<html[^>]*class="light"/);
});

test("the theme action refuses to redirect off-site", async () => {
  const response = await app.client().postForm("/action/set-theme", { theme: "dark", redirectTo: "//evil.example" });
  expect(response.headers.get("Location")).toBe("/");
});

test("the Worker reads the database through the local libSQL server", async () => {
  app.stack.db.resetStats();
  const response = await app.client().get("/api/health");
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ ok: true, database: "ok" });
  expect(app.stack.db.stats().pipelines).toBeGreaterThanOrEqual(1);
});

test("migrations created every table of the schema", async () => {
  const { createClient } = await import("@libsql/client");
  const client = createClient({ url: app.dbUrl });
  const result = await client.execute("select name from sqlite_master where type = 'table' order by name");
  client.close();
  const names = result.rows.map((row) => String(row.name));
  for (const table of [
    "players",
    "organisers",
    "tournaments",
    "tournament_players",
    "payouts",
    "transactions",
    "tables",
    "matches",
    "player_stats",
    "withdrawals",
    "payments",
    "processed_webhooks",
    "outbox",
  ]) {
    expect(names).toContain(table);
  }
});
