// Links to players' profiles (decision 027) through the real Worker: players' names in brackets, standings, results and
// the player's dashboard link to their profiles (/players/{id}); in a team event (teams are not rated) and for TBD and
// bye slots nothing links.
import { expect, test } from "vitest";
import { type Account, type TournamentJson, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Match = { id: string; round: number; player1Id: string | null; player2Id: string | null };

const html = async (client: Account["client"], path: string) => {
  const response = await client.get(path);
  expect(response.status, path).toBe(200);
  return (await response.text()).replaceAll("<!-- -->", "");
};
/** Every profile a page links to, in the order the links come (a name shown twice links twice). */
const profileLinks = (page: string) => [...page.matchAll(/href="\/players\/([^"/?#]+)"/g)].map((m) => m[1]);
/** The part of a page inside the element carrying `data-testid="{testId}"`, up to the end of its table. */
const table = (page: string, testId: string) => {
  const start = page.indexOf(`data-testid="${testId}"`);
  expect(start, testId).toBeGreaterThan(-1);
  return page.slice(start, page.indexOf("</table>", start));
};
const sorted = (ids: readonly (string | undefined)[]) => [...ids].sort();

async function started(td: Account, overrides: Record<string, unknown>, names: string[]) {
  const t = await f.createTournament(td, { maxPlayers: names.length, raceTo: 3, ...overrides });
  const players = await f.enter(t, names.length, (i) => names[i] ?? `Player ${i + 1}`);
  const start = await td.client.json("POST", `/api/tournaments/${t.id}/start`);
  expect(start.status, await start.clone().text()).toBe(200);
  const ids = players.map((p) => p.id);
  const nameOf = (id: string | null) => names[ids.indexOf(id ?? "")] ?? "";
  return { t, players, ids, nameOf };
}

const record = (td: Account, m: Match, winnerId: string | null, score: [number, number]) =>
  td.client.json("PATCH", `/api/matches/${m.id}`, {
    winnerId,
    player1Score: score[0],
    player2Score: score[1],
  });

test("a knockout's bracket links each player's name to their profile; TBD links nowhere", async () => {
  const td = await f.organiser();
  const { t, ids, nameOf } = await started(td, {}, ["Mo Link", "Liam Link", "Sam Link", "Jo Link"]);
  const visitor = app.client();
  const before = await html(visitor, `/tournament/${t.slug}?tab=bracket`);
  // Four names in the semi-finals, each once; the final's two TBDs are plain text.
  expect(sorted(profileLinks(before))).toEqual(sorted(ids));
  for (const id of ids) {
    expect(before).toContain(`<a href="/players/${id}" class="truncate hover:underline focus-visible:underline">`);
    expect(before).toMatch(new RegExp(`<a href="/players/${id}"[^>]*>${nameOf(id)}</a>`));
  }
  expect(before).toMatch(/<span class="truncate text-slate-500 italic dark:text-slate-400">TBD<\/span>/);

  // A semi-final decided: its winner is named (and linked) in the final too.
  const [semi] = (await f.matchesOf<Match>(t)).filter((m) => m.round === 1);
  if (!semi?.player1Id) throw new Error("a semi-final has its players");
  expect((await record(td, semi, semi.player1Id, [3, 1])).status).toBe(200);
  const after = profileLinks(await html(visitor, `/tournament/${t.slug}?tab=bracket`));
  expect(after).toHaveLength(5);
  expect(after.filter((id) => id === semi.player1Id)).toHaveLength(2);

  // The director's page has the same links beside their controls, and so has the full-width bracket.
  expect(sorted(profileLinks(await html(td.client, `/tournament/${t.slug}?tab=bracket`)))).toEqual(sorted(after));
  expect(sorted(profileLinks(await html(visitor, `/tournament/${t.slug}/bracket`)))).toEqual(sorted(after));
  // The link lands on the profile.
  const profile = await html(visitor, `/players/${ids[0]}`);
  expect(profile).toContain(nameOf(ids[0] ?? null));
});

test("a league's and a groups event's standings, results grids and fixtures link the players' names", async () => {
  const td = await f.organiser();
  const { t, ids } = await started(td, { tournamentType: "round_robin" }, ["Ann League", "Bea League", "Cal League"]);
  const page = await html(app.client(), `/tournament/${t.slug}?tab=bracket`);
  expect(sorted(profileLinks(table(page, "league-standings")))).toEqual(sorted(ids));
  expect(sorted(profileLinks(table(page, "league-grid")))).toEqual(sorted(ids));
  // The grid's column headings stay numbers: only the rows' names link.
  expect(profileLinks(table(page, "league-grid").split("<tbody")[0] ?? "")).toEqual([]);

  // Groups into a knockout: each group's table links its players, and so do its fixtures.
  const groups = await started(td, { tournamentType: "round_robin_tier", groupSize: 3, advancePerGroup: 1 }, [
    "Al Group",
    "Bo Group",
    "Cy Group",
    "Di Group",
    "Ed Group",
    "Flo Group",
  ]);
  const groupPage = await html(app.client(), `/tournament/${groups.t.slug}?tab=bracket`);
  const inTables = ["group-a-standings", "group-b-standings"].flatMap((id) => profileLinks(table(groupPage, id)));
  expect(sorted(inTables)).toEqual(sorted(groups.ids));
  // Six in the tables, six in the grids, and two in each of the six fixtures.
  expect(profileLinks(groupPage)).toHaveLength(6 + 6 + 12);
});

test("the player's dashboard and tournaments link the opponent of their match to the opponent's profile", async () => {
  const td = await f.organiser();
  const { ids, players, nameOf } = await started(td, {}, ["Dee Dash", "Eve Dash"]);
  const [dee, eve] = players;
  if (!dee || !eve) throw new Error("two players");
  const page = await html(dee.client, "/player/dashboard");
  expect(profileLinks(page)).toEqual([eve.id]);
  expect(page).toMatch(new RegExp(`<a [^>]*href="/players/${eve.id}"[^>]*>${nameOf(eve.id)}</a>`));
  expect(profileLinks(await html(eve.client, "/player/dashboard"))).toEqual([ids[0]]);
  // "My Tournaments": "In progress — next: vs Eve Dash", the name a link.
  const mine = await html(dee.client, "/player/tournaments?tab=registered");
  expect(mine).toMatch(
    new RegExp(`In progress — next: vs <a [^>]*href="/players/${eve.id}"[^>]*>${nameOf(eve.id)}</a>`),
  );
  expect(profileLinks(mine)).toEqual([eve.id]);
});

test("a finished singles event's podium and prizes link the players; the draw sheet does not", async () => {
  const td = await f.organiser();
  const { t, ids } = await started(td, { payoutStructure: "winner_ru" }, ["Fay Final", "Gus Final"]);
  const [final] = await f.matchesOf<Match>(t);
  if (!final?.player1Id) throw new Error("a final has its players");
  expect((await record(td, final, final.player1Id, [3, 2])).status).toBe(200);
  const finalized = await td.client.json("POST", `/api/tournaments/${t.id}/finalize`);
  expect(finalized.status, await finalized.clone().text()).toBe(200);
  const page = await html(app.client(), `/tournament/${t.slug}`);
  const podium = page.slice(
    page.indexOf('aria-label="Podium"'),
    page.indexOf("</ol>", page.indexOf('aria-label="Podium"')),
  );
  expect(sorted(profileLinks(podium))).toEqual(sorted(ids));
  const prizes = page.slice(page.indexOf(">Prizes</h3>"), page.indexOf("</table>", page.indexOf(">Prizes</h3>")));
  expect(sorted(profileLinks(prizes))).toEqual(sorted(ids));
  // The printable sheet is paper: no links.
  expect(profileLinks(await html(app.client(), `/tournament/${t.slug}/draw`))).toEqual([]);
});

test("a team event links nobody: team names in its bracket and on its players' dashboards are plain text", async () => {
  const td = await f.organiser();
  const t: TournamentJson = await f.createTournament(td, { matchType: "2v2", maxPlayers: 2, raceTo: 3 });
  const captains: Account[] = [];
  for (const name of ["Cue Tips", "Pot Luck"]) {
    const [captain, mate] = [await f.player(`${name} Captain`), await f.player(`${name} Mate`)];
    const join = await captain.client.json("POST", "/api/tournaments/join", {
      tournamentId: t.id,
      teamName: name,
      teammates: [mate.email],
    });
    expect(join.status, await join.clone().text()).toBe(200);
    const { paymentIntentId } = (await join.json()) as { paymentIntentId: string };
    const paid = await captain.client.json("POST", `/api/dev/payments/${paymentIntentId}/confirm`, {
      cardNumber: "4242424242424242",
    });
    expect(paid.status).toBe(200);
    captains.push(captain);
  }
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const page = await html(app.client(), `/tournament/${t.slug}?tab=bracket`);
  expect(page).toContain("Cue Tips");
  expect(page).toContain("Pot Luck");
  expect(profileLinks(page)).toEqual([]);
  expect(profileLinks(await html(app.client(), `/tournament/${t.slug}/bracket`))).toEqual([]);
  const dashboard = await html(captains[0]?.client ?? app.client(), "/player/dashboard");
  expect(dashboard).toContain("Pot Luck");
  expect(profileLinks(dashboard)).toEqual([]);
  const mine = await html(captains[0]?.client ?? app.client(), "/player/tournaments?tab=registered");
  expect(mine).toContain("vs Pot Luck");
  expect(profileLinks(mine)).toEqual([]);
});
