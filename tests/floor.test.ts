// The floor at a glance (decision 013) through the real Worker and database: during play the director's first screen is
// the floor — every table with its match, live rack score and clock, the results waiting for approval with a real
// Approve button, "Up next" — and its forms come back to it. The bracket is the next tab; nobody else has a floor.
import { expect, test } from "vitest";
import { type Account, type TournamentJson, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Match = { id: string; status: string; tableId: string | null; player1Id: string; player2Id: string };

let taps = 0;
const tapId = () => `floor-${Date.now().toString(36)}-${++taps}-${crypto.randomUUID().slice(0, 8)}`;
const html = async (account: Account, path: string) =>
  (await (await account.client.get(path)).text()).replaceAll("<!-- -->", "");
/** The floor's card of one table, as the page renders it. */
const tableCard = (page: string, name: string) => {
  const start = page.indexOf(`aria-label="${name}"`);
  expect(start, `a card for ${name}`).toBeGreaterThan(0);
  return page.slice(start, page.indexOf("</li>", start));
};

/** Eight players, two tables, automatic assignment and results approved by the director; started from the page. */
async function nightOnTheFloor() {
  const td = await f.organiser();
  const names = [`Floor ${crypto.randomUUID().slice(0, 4)}`, `Floor ${crypto.randomUUID().slice(0, 4)}`];
  const tables: { id: string; name: string; accessCode: string }[] = [];
  for (const name of names) {
    const added = await td.client.json("POST", "/api/tables", { name });
    expect(added.status).toBe(201);
    tables.push((await added.json()) as (typeof tables)[number]);
  }
  const t = await f.createTournament(td, { maxPlayers: 8, raceTo: 3 });
  const settings = { autoAssign: true, resultsFromTables: "approve" };
  expect((await td.client.json("PATCH", `/api/tournaments/${t.id}/settings`, settings)).status).toBe(200);
  const players = await f.enter(t, 8);
  return { td, t, tables, players };
}

const tap = (code: string, kind: string, body: Record<string, unknown> = {}) =>
  app.client().json("POST", `/api/tables/by-code/${code}/${kind}`, { tapId: tapId(), ...body });

test("the director's first screen during play is the floor, and its forms come back to it", async () => {
  const { td, t, tables, players } = await nightOnTheFloor();
  const page = `/tournament/${t.slug}`;
  const floorPath = `${page}?tab=floor`;
  // Before the start there is no floor tab: the settings sit in their card.
  const before = await html(td, page);
  expect(before).not.toContain(`href="${floorPath}"`);
  expect(before).toContain("Tables and queue");

  // Started from the page's own form: it comes back to the floor (the page's default for its director).
  const started = await td.client.pagePost(page, { intent: "start" });
  expect(started.status).toBe(302);
  expect(started.headers.get("Location")).toBe(page);
  const floor = await html(td, page);
  expect(floor).toMatch(new RegExp(`aria-current="page"[^>]*href="${floorPath.replaceAll("?", "\\?")}"`));
  expect(floor).toContain("Up next");
  // Both tables took a match: players, "race to 3", the clock; the other quarter-finals wait with their start times.
  for (const table of tables) {
    const card = tableCard(floor, table.name);
    expect(card).toContain("Playing");
    expect(card).toContain("race to 3");
    expect(card).toContain("on for");
  }
  expect(floor).toMatch(/data-testid="up-next"/);
  expect(floor).toContain("starts in about");
  // The bracket is one tap away, and the floor is not in the aside any more.
  expect(floor).toContain(`href="${page}?tab=bracket"`);
  expect(floor).not.toContain("Tables and queue");

  // Racks scored at the first table show on its card.
  const first = tables[0]!;
  const onFirst = (await f.matchesOf<Match>(t)).find((m) => m.tableId === first.id && m.status === "in_progress");
  if (!onFirst) throw new Error("the first table has a match");
  for (let rack = 0; rack < 2; rack++) expect((await tap(first.accessCode, "racks", { player: 1 })).status).toBe(201);
  expect((await tap(first.accessCode, "racks", { player: 2 })).status).toBe(201);
  const scored = tableCard(await html(td, page), first.name);
  expect(scored).toMatch(/>2<\/dd>[\s\S]*>1<\/dd>/);

  // The race is won and confirmed at the table: the result waits at the top of the floor with a real Approve button.
  expect((await tap(first.accessCode, "racks", { player: 1 })).status).toBe(201);
  expect((await tap(first.accessCode, "confirm")).status).toBe(201);
  const waiting = await html(td, page);
  expect(waiting).toContain("Waiting for your approval");
  expect(waiting.indexOf("Waiting for your approval")).toBeLessThan(waiting.indexOf(`aria-label="${first.name}"`));
  expect(waiting).toContain(`action="${page}/results?tab=floor"`);
  expect(waiting).toContain('name="intent" value="approve-result"');
  expect(tableCard(waiting, first.name)).toContain("Waiting for approval");

  // Approved from the floor (as without JavaScript): back on the floor, and the next match is called to the table.
  const approved = await td.client.pagePost(floorPath, { intent: "approve-result", matchId: onFirst.id });
  expect(approved.status).toBe(302);
  expect(approved.headers.get("Location")).toBe(floorPath);
  const after = await f.matchesOf<Match>(t);
  expect(after.find((m) => m.id === onFirst.id)?.status).toBe("completed");
  expect(after.some((m) => m.tableId === first.id && m.status === "in_progress" && m.id !== onFirst.id)).toBe(true);
  expect(await html(td, floorPath)).not.toContain("Waiting for your approval");

  // A table taken out of rotation from the floor comes back to the floor too.
  const rotated = await td.client.pagePost(floorPath, {
    intent: "table-rotation",
    tableId: tables[1]!.id,
    inRotation: "false",
  });
  expect(rotated.headers.get("Location")).toBe(floorPath);
  // A form from the bracket still comes back to its match there.
  const fromBracket = await td.client.pagePost(`${page}?tab=bracket`, {
    intent: "table-rotation",
    tableId: tables[1]!.id,
    inRotation: "true",
  });
  expect(fromBracket.headers.get("Location")).toBe(`${page}?tab=bracket`);

  // Anyone else — a player of it, a visitor — opens on the bracket, and asking for the floor gets the bracket too.
  const player = players[0]!;
  for (const path of [page, floorPath]) {
    const theirs = await html(player, path);
    expect(theirs).not.toContain('data-testid="queue-table"');
    expect(theirs).not.toContain(`href="${floorPath}"`);
    expect(theirs).toContain("Quarter-Finals");
  }
  const visitor = await (await app.client().get(floorPath)).text();
  expect(visitor).not.toContain('data-testid="queue-table"');
});

test("a finished tournament has no floor: its director sees the details and results", async () => {
  const td = await f.organiser();
  const t: TournamentJson = await f.createTournament(td, { maxPlayers: 2 });
  await f.enter(t, 2);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const [final] = await f.matchesOf<Match>(t);
  if (!final) throw new Error("two players play a final");
  expect((await td.client.json("PATCH", `/api/matches/${final.id}`, { winnerId: final.player1Id })).status).toBe(200);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/finalize`)).status).toBe(200);
  const page = await html(td, `/tournament/${t.slug}?tab=floor`);
  expect(page).not.toContain('data-testid="queue-table"');
  expect(page).not.toContain(`href="/tournament/${t.slug}?tab=floor"`);
  expect(page).toContain("Champion");
});
