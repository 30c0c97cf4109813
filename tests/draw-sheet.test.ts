// The draw sheet (/tournament/{slug}/draw) through the real Worker: public, one round trip's page; before the start a
// note, during play every match by round with blanks and score boxes (and a league's table), once finished the
// results first — linked from the tournament page as the results' printable page; an unknown tournament is a 404.
import { expect, test } from "vitest";
import { type Account, type TournamentJson, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Match = { id: string; round: number; player1Id: string | null; player2Id: string | null };

const draw = (t: TournamentJson) => app.client().get(`/tournament/${t.slug}/draw`);
const count = (html: string, text: string) => html.split(text).length - 1;

async function record(td: Account, m: Match, scores: [number, number]) {
  const winnerId = scores[0] > scores[1] ? m.player1Id : m.player2Id;
  const body = { winnerId, player1Score: scores[0], player2Score: scores[1], status: "completed" };
  expect((await td.client.json("PATCH", `/api/matches/${m.id}`, body)).status).toBe(200);
}

test("before the start a note; an unknown or absurd tournament → 404, never a 500", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { name: "Not Yet Drawn" });
  const open = await draw(t);
  expect(open.status).toBe(200);
  const html = await open.text();
  expect(html).toContain("Not Yet Drawn");
  expect(html).toContain("The draw appears here when the tournament starts.");
  expect(html).not.toContain('data-testid="sheet-match"');
  for (const slug of ["no-such-tournament", "x".repeat(300), "%00"]) {
    expect((await app.client().get(`/tournament/${slug}/draw`)).status, slug).toBe(404);
  }
});

test("a round robin of 4: the league table, every fixture by round, scores played and boxes for the rest", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { name: "League Night", tournamentType: "round_robin", maxPlayers: 4 });
  await f.enter(t, 4, (i) => ["Ann & Co", "Bea", "Cal", "Dee"][i] ?? `P${i}`);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const [first] = await f.matchesOf<Match>(t);
  await record(td, first!, [4, 1]);

  const response = await draw(t);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain("League table");
  expect(html).toContain('data-testid="league-standings"');
  for (const round of ["Round 1", "Round 2", "Round 3"]) expect(html).toContain(round);
  expect(count(html, 'data-testid="sheet-match"')).toBe(6);
  expect(count(html, 'data-testid="score-box"')).toBe(10);
  expect(html).toContain("Ann &amp; Co");
  expect(html).toMatch(/>4<\/td><td[^>]*>1<\/td>/);
  // Anyone may read it, as the bracket; not cached anywhere.
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
});

test("finished: the results lead the sheet, and the tournament page's 'Print results' leads to it", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { name: "Final Night", maxPlayers: 2, payoutStructure: "winner_only" });
  await f.enter(t, 2, (i) => ["Winner Wendy", "Runner Rob"][i] ?? `P${i}`);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const [final] = await f.matchesOf<Match>(t);
  const players = (await (await app.client().get(`/api/tournaments/${t.slug}`)).json()) as {
    players: { id: string; name: string }[];
  };
  const wendy = players.players.find((p) => p.name === "Winner Wendy")!.id;
  await record(td, final!, final!.player1Id === wendy ? [5, 2] : [2, 5]);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/finalize`)).status).toBe(200);

  const html = await (await draw(t)).text();
  expect(html).toContain("<title>Final Night — Results — Break &amp; Run</title>");
  expect(html.indexOf('id="results-title"')).toBeGreaterThan(0);
  expect(html.indexOf('id="results-title"')).toBeLessThan(html.indexOf('data-testid="sheet-match"'));
  expect(html).toMatch(/Champion[\s\S]*Winner Wendy/);
  expect(html).not.toContain('data-testid="score-box"');
  expect(html).not.toContain("Print results");

  const page = await (await app.client().get(`/tournament/${t.slug}`)).text();
  expect(page).toMatch(new RegExp(`href="/tournament/${t.slug}/draw"[^>]*>Print results<`));
});
