// TV mode (/tournament/{slug}/tv, decision 023) through the real Worker: public, one page of the round per request,
// never hydrated (its own script, no React), and a timed refresh that names the next page for a screen whose script
// cannot run; an unknown tournament is a 404 and an address's page that is not shown now falls back to the first.
import { expect, test } from "vitest";
import { useFactories, validTournament } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Match = { id: string; player1: { name: string } | null; player2: { name: string } | null };

const refreshOf = (html: string) => /<meta http-equiv="refresh" content="(\d+);url=([^"]+)"/.exec(html)?.slice(1);
const pageOf = (html: string) => /data-page="([^"]+)"/.exec(html)?.[1];

test("anyone sees it: one page a request, its own script and no React, the refresh naming the next", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { maxPlayers: 4, tournamentType: "single_elimination" });
  const anon = app.client();

  const before = await anon.get(`/tournament/${t.slug}/tv`);
  expect(before.status).toBe(200);
  const waiting = await before.text();
  expect(pageOf(waiting)).toBe("welcome");
  expect(waiting).toContain("The draw appears here when the tournament starts.");
  expect(refreshOf(waiting)).toEqual(["60", `/tournament/${t.slug}/tv?page=welcome`]);

  await f.enter(t, 4);
  const table = await td.client.json("POST", "/api/tables", { name: "Table 1" });
  expect(table.status).toBe(201);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const [first] = await f.matchesOf<Match>(t);
  const assigned = await td.client.json("PATCH", `/api/matches/${first?.id}/table`, {
    tableId: ((await table.json()) as { id: string }).id,
  });
  expect(assigned.status).toBe(200);

  const html = await (await anon.get(`/tournament/${t.slug}/tv`)).text();
  expect(pageOf(html)).toBe("bracket-winners");
  expect(refreshOf(html)).toEqual(["20", `/tournament/${t.slug}/tv?page=tables`]);
  expect(html).toContain('<script src="/tv.js"');
  expect(html).not.toContain("__reactRouterContext");
  expect(html).not.toContain('type="module"');

  const tables = await (await anon.get(`/tournament/${t.slug}/tv?page=tables`)).text();
  expect(pageOf(tables)).toBe("tables");
  expect(tables).toContain("Now on the tables");
  expect(tables).toContain("Table 1");
  for (const side of [first?.player1, first?.player2]) expect(tables).toContain(`>${side?.name}</span>`);
  expect(refreshOf(tables)).toEqual(["15", `/tournament/${t.slug}/tv?page=next`]);

  // A page that is not shown now (or none such) starts the round again.
  expect(pageOf(await (await anon.get(`/tournament/${t.slug}/tv?page=champion`)).text())).toBe("bracket-winners");
  expect(pageOf(await (await anon.get(`/tournament/${t.slug}/tv?page=${"x".repeat(500)}`)).text())).toBe(
    "bracket-winners",
  );
});

test("an unknown tournament is a 404 page, not an error", async () => {
  const missing = await app.client().get("/tournament/no-such-night/tv");
  expect(missing.status).toBe(404);
  expect(await missing.text()).toContain("Tournament not found");
  expect((await app.client().get(`/tournament/${"a".repeat(200)}/tv`)).status).toBe(404);
});

test("its script runs on an old TV's browser: ES2017, no later built-ins, small", async () => {
  const { readFileSync } = await import("node:fs");
  const { gzipSync } = await import("node:zlib");
  const { transform } = await import("esbuild");
  const source = readFileSync(new URL("../build/client/tv.js", import.meta.url), "utf8");
  const asIs = await transform(source, { target: "esnext" });
  const lowered = await transform(source, { target: "es2017" });
  expect(lowered.code).toBe(asIs.code);
  for (const later of [".finally(", "globalThis", "Object.fromEntries", ".flat(", "replaceAll", "?."])
    expect(source, later).not.toContain(later);
  expect(gzipSync(source).length).toBeLessThan(4 * 1024);
});

test("a night of a series has the series' ranking as a page, the qualifying line after the top N", async () => {
  const td = await f.organiser();
  const made = await td.client.json("POST", "/api/series", { name: "Thursday 8-Ball", qualify: 1 });
  expect(made.status).toBe(201);
  const { series } = (await made.json()) as { series: { id: string } };
  const night = async () => {
    const t = await f.createTournament(td, { maxPlayers: 2, payoutStructure: "winner_only", seriesId: series.id });
    const [a] = await f.enter(t, 2, (i) => ["Rosa Rank", "Tom Rank"][i] ?? "");
    expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
    const [final] = await f.matchesOf<Match & { player1Id: string; player2Id: string }>(t);
    return { t, final, rosa: a?.id ?? "" };
  };
  const first = await night();
  const won = await td.client.json("PATCH", `/api/matches/${first.final?.id}`, { winnerId: first.rosa });
  expect(won.status).toBe(200);
  expect((await td.client.json("POST", `/api/tournaments/${first.t.id}/finalize`)).status).toBe(200);

  const second = await night();
  // Before its start the next night's TV already has the ranking.
  const next = await td.client.json("POST", "/api/tournaments", {
    ...validTournament({ maxPlayers: 2, payoutStructure: "winner_only" }),
    seriesId: series.id,
  });
  const upcoming = (await next.json()) as { slug: string };
  const before = await (await app.client().get(`/tournament/${upcoming.slug}/tv?page=series`)).text();
  expect(pageOf(before)).toBe("series");
  expect(before).toContain("Rosa Rank");
  const html = await (await app.client().get(`/tournament/${second.t.slug}/tv?page=series`)).text();
  expect(pageOf(html)).toBe("series");
  expect(html).toContain("Series ranking");
  expect(html).toContain("Thursday 8-Ball");
  const ranking = html.slice(html.indexOf('data-testid="tv-series"'));
  // Rosa 25 + 2 for playing, Tom 18 + 2; only Rosa above the line.
  expect(ranking.indexOf("Rosa Rank")).toBeLessThan(ranking.indexOf("Tom Rank"));
  expect(ranking).toMatch(/border-dashed[^>]*>(?:(?!<\/tr>).)*Rosa Rank(?:(?!<\/tr>).)*>27</s);
  // A night in no series has no such page: the address falls back to the first.
  const alone = await f.createTournament(td, { maxPlayers: 2, payoutStructure: "winner_only" });
  expect(pageOf(await (await app.client().get(`/tournament/${alone.slug}/tv?page=series`)).text())).toBe("welcome");
});

test("the losers' side starts at the same round name on the phone, the wall, the TV and the draw sheet", async () => {
  const td = await f.organiser();
  // Twelve entries: the losers' first round is all byes nobody has reached yet, and it is still its first round.
  const t = await f.createTournament(td, { maxPlayers: 16, tournamentType: "double_elimination" });
  await f.enter(t, 12);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const anon = app.client();
  const html = async (path: string) => (await (await anon.get(path)).text()).replaceAll("<!-- -->", "");
  const losersRounds = (page: string) =>
    [...page.matchAll(/id="losers-round-\d+"[^>]*>([^<]+)<\/h3>/g)].map((m) => m[1]);

  const phone = losersRounds(await html(`/tournament/${t.slug}?tab=bracket`));
  const wall = losersRounds(await html(`/tournament/${t.slug}/bracket`));
  const tvPage = await html(`/tournament/${t.slug}/tv?page=bracket-losers`);
  expect(pageOf(tvPage)).toBe("bracket-losers");
  const tv = [...tvPage.matchAll(/<h3 class="[^"]*uppercase[^"]*">([^<]+)<\/h3>/g)].map((m) => m[1]);
  const sheetPage = await html(`/tournament/${t.slug}/draw`);
  const losersSheet = sheetPage.slice(
    sheetPage.indexOf('id="sheet-losers"'),
    sheetPage.indexOf('id="sheet-grand-final"'),
  );
  const sheet = [...losersSheet.matchAll(/<caption[^>]*>([^<]+)<\/caption>/g)].map((m) => m[1]);

  const rounds = ["Losers Round 1", "Losers Round 2", "Losers Round 3", "Losers Round 4", "Losers Semi-Final"];
  for (const [screen, names] of Object.entries({ phone, wall, tv, sheet })) {
    expect(names, screen).toEqual([...rounds, "Losers Final"]);
  }
  // A round with nothing to play says so, rather than vanishing from the phone.
  expect(await html(`/tournament/${t.slug}?tab=bracket`)).toContain("Byes only: nobody plays in this round.");
});
