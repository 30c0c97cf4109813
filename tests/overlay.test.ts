// The stream overlay (/scoreboard/{code}/overlay) through the real Worker: a table's code shows its match (the event,
// the race, the players, the rack score) on a page that refreshes itself and loads only its own small script; an
// unknown code is a 404; and the script stays within what a 2017 device runs.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { transform } from "esbuild";
import { expect, test } from "vitest";
import { useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Match = { id: string; player1Id: string | null; player2Id: string | null };

const names = (i: number) => ["Alex O'Hara", "Sam <Break>"][i] ?? `Player ${i + 1}`;

test("a table's overlay shows its match: event, race, players and racks; refreshes itself; no React", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { name: "Friday 9-Ball", maxPlayers: 2, raceTo: 5 });
  await f.enter(t, 2, names);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const [final] = await f.matchesOf<Match>(t);
  const table = (await (await td.client.json("POST", "/api/tables", { name: "Stream Table" })).json()) as {
    id: string;
    accessCode: string;
  };

  // Nothing on the table yet: the page is there, empty.
  const empty = await app.client().get(`/scoreboard/${table.accessCode}/overlay`);
  expect(empty.status).toBe(200);
  const emptyHtml = await empty.text();
  expect(emptyHtml).toContain("No active match");
  expect(emptyHtml).not.toContain("Friday 9-Ball");

  expect((await td.client.json("PATCH", `/api/matches/${final!.id}/table`, { tableId: table.id })).status).toBe(200);
  const tap = (player: 1 | 2) =>
    app.client().json("POST", `/api/tables/by-code/${table.accessCode}/racks`, {
      tapId: `overlay-${crypto.randomUUID()}`,
      player,
    });
  expect((await tap(1)).status).toBe(201);
  expect((await tap(1)).status).toBe(201);
  expect((await tap(2)).status).toBe(201);

  const page = await app.client().get(`/scoreboard/${table.accessCode}/overlay`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("Friday 9-Ball");
  expect(html).toContain("Alex O&#x27;Hara");
  expect(html).toContain("Sam &lt;Break&gt;");
  expect(html).toMatch(/data-testid="overlay-race"[^>]*>.*Race to.*>5</);
  const scores = [...html.matchAll(/data-testid="overlay-score"[^>]*>(\d+)</g)].map((m) => Number(m[1]));
  expect(scores.sort()).toEqual([1, 2]);
  expect(html).toContain('<meta http-equiv="refresh" content="5"');
  expect(html).toContain('src="/overlay.js"');
  expect(html).not.toContain("/scoreboard.js");
  expect(html).not.toMatch(/<script[^>]*type="module"/);
  // Read-only: no tap form, no theme toggle.
  expect(html).not.toContain("<form");
});

test("an unknown code → 404 with the scoreboard's message; a bad one never a 500", async () => {
  const unknown = await app.client().get("/scoreboard/NOPE2345/overlay");
  expect(unknown.status).toBe(404);
  expect(await unknown.text()).toContain("Invalid access code");
  for (const code of ["%00", "x".repeat(300), "%E2%80%AE"]) {
    expect((await app.client().get(`/scoreboard/${code}/overlay`)).status, code).toBe(404);
  }
});

const source = readFileSync(new URL("../build/client/overlay.js", import.meta.url), "utf8");

test("the overlay's script is ES2017 and small", async () => {
  const asIs = await transform(source, { target: "esnext" });
  const lowered = await transform(source, { target: "es2017" });
  expect(lowered.code).toBe(asIs.code);
  for (const later of [".finally(", "globalThis", "Object.fromEntries", ".flat(", "replaceAll", "AbortSignal"])
    expect(source, later).not.toContain(later);
  expect(gzipSync(source).length).toBeLessThan(4 * 1024);
});
