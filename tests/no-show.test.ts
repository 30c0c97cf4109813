// The no-show walkover (decision 021) through the real Worker: refused (409) by the JSON API and the page's form alike
// for a match being played (racks scored at the table, or a result there waiting for approval), so a page left open
// cannot give it; the card offers it only once the clock is up and the match is not being played, and its link opens
// a confirmation naming both players, whose form gives it. What is written, refused or given, is tested in-process
// (app/features/floor/server/no-show.server.test.ts).
import { expect, test } from "vitest";
import { noShowMessages } from "../app/features/floor/domain/queue.ts";
import { type Account, type TournamentJson, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Match = {
  id: string;
  player1Id: string | null;
  player2Id: string | null;
  status: string;
  outcome: string;
  winnerId: string | null;
  player1Score: number;
  player2Score: number;
};

let taps = 0;
const tapId = () => `tap-${Date.now().toString(36)}-${++taps}-${crypto.randomUUID().slice(0, 8)}`;

/** A four-player knockout started, its first semi-final called to a table; the players are named. */
async function semiAtTable(td: Account, settings: Record<string, unknown> = {}) {
  const t = await f.createTournament(td, { maxPlayers: 4, ...settings });
  const names = ["Ann Avery", "Bo Bell", "Cy Cole", "Di Dean"];
  const players = await f.enter(t, 4, (i) => names[i] ?? `Player ${i + 1}`);
  const nameOf = (id: string) => names[players.findIndex((p) => p.id === id)] ?? "";
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const semi = (await f.matchesOf<Match>(t)).find((m) => m.player1Id && m.player2Id && m.status === "pending");
  if (!semi?.player1Id || !semi.player2Id) throw new Error("a four-player draw has a semi-final with its players");
  const added = await td.client.json("POST", "/api/tables", { name: `Table ${crypto.randomUUID().slice(0, 6)}` });
  expect(added.status).toBe(201);
  const table = (await added.json()) as { id: string; name: string; accessCode: string };
  expect((await td.client.json("PATCH", `/api/matches/${semi.id}/table`, { tableId: table.id })).status).toBe(200);
  const send = (kind: string, body: Record<string, unknown>) =>
    app.client().json("POST", `/api/tables/by-code/${table.accessCode}/${kind}`, { tapId: tapId(), ...body });
  const [winnerId, absentId] = [semi.player1Id, semi.player2Id];
  return { t, semi, table, winnerId, absentId, winner: nameOf(winnerId), absent: nameOf(absentId), send };
}

const matchOf = async (t: TournamentJson, id: string) => (await f.matchesOf<Match>(t)).find((m) => m.id === id);
const withdrawnCount = (t: TournamentJson) =>
  f.count("tournament_players", "tournament_id = ? and withdrawn_at is not null", [t.id]);
/** Puts the match's call `minutes` back, so its no-show clock has run out. */
const calledAgo = (matchId: string, minutes: number) =>
  f.sql().execute({
    sql: "update matches set table_assigned_at = ? where id = ?",
    args: [Date.now() - minutes * 60_000, matchId],
  });
const noShowBody = (winnerId: string) => ({ outcome: "walkover", winnerId, noShow: true });
const pageHtml = async (td: Account, path: string) =>
  (await (await td.client.get(path)).text()).replaceAll("<!-- -->", "");

test("racks scored: the no-show walkover is refused by the API and the form, offered by no link", async () => {
  const td = await f.organiser();
  const { t, semi, winnerId, absentId, absent, send } = await semiAtTable(td, { raceTo: 3 });
  expect((await send("racks", { player: 2 })).status).toBe(201);
  await calledAgo(semi.id, 30);

  const api = await td.client.json("PATCH", `/api/matches/${semi.id}`, noShowBody(winnerId));
  expect(api.status).toBe(409);
  expect(((await api.json()) as { message: string }).message).toBe(noShowMessages.racksScored);

  const path = `/tournament/${t.slug}?tab=floor`;
  expect(await pageHtml(td, path)).not.toContain("Walkover to");
  const form = { intent: "record-result", matchId: semi.id, winnerId, outcome: "walkover", noShow: "true" };
  const posted = await td.client.pagePost(path, form);
  expect(posted.status).toBe(302);
  // The refusal comes back as a toast.
  expect(await pageHtml(td, String(posted.headers.get("Location")))).toContain(noShowMessages.racksScored);
  // The confirmation does not open for it either.
  const asked = await pageHtml(td, `${path}&confirm=walkover&match=${semi.id}&winner=${absentId}`);
  expect(asked).not.toContain('data-testid="walkover-terms"');

  // The rack undone, nobody has played: the no-show is a no-show again.
  expect((await send("undo", {})).status).toBe(201);
  expect(await pageHtml(td, path)).toContain(`Walkover to ${absent}`);
  const given = await td.client.json("PATCH", `/api/matches/${semi.id}`, noShowBody(winnerId));
  expect(given.status, await given.clone().text()).toBe(200);
  expect(await given.json()).toEqual({ message: "Result recorded" });
});

test("a result waiting for approval (no race-to, 'X won' 1–0): the no-show walkover is refused", async () => {
  const td = await f.organiser();
  const { t, semi, winnerId, send } = await semiAtTable(td, { resultsFromTables: "approve" });
  const confirmed = await send("confirm", { winner: 2, player1Score: 0, player2Score: 1 });
  expect(confirmed.status, await confirmed.clone().text()).toBe(201);
  expect(await confirmed.json()).toMatchObject({ awaitingApproval: true, player1Score: 0, player2Score: 1 });
  await calledAgo(semi.id, 30);

  const api = await td.client.json("PATCH", `/api/matches/${semi.id}`, noShowBody(winnerId));
  expect(api.status).toBe(409);
  expect(((await api.json()) as { message: string }).message).toBe(noShowMessages.awaitingApproval);
  const path = `/tournament/${t.slug}?tab=floor`;
  const posted = await td.client.pagePost(path, {
    intent: "record-result",
    matchId: semi.id,
    winnerId,
    outcome: "walkover",
    noShow: "true",
  });
  expect(posted.status).toBe(302);
  expect(await pageHtml(td, String(posted.headers.get("Location")))).toContain(noShowMessages.awaitingApproval);
  expect(await pageHtml(td, path)).not.toContain("Walkover to");
});

test("a clean no-show: the link once the time is up, a confirmation naming both, walkover and withdrawal", async () => {
  const td = await f.organiser();
  const { t, semi, table, winnerId, absentId, winner, absent } = await semiAtTable(td, { raceTo: 3 });
  const path = `/tournament/${t.slug}?tab=floor`;
  // Just called: no walkover yet.
  expect(await pageHtml(td, path)).not.toContain("Walkover to");
  await calledAgo(semi.id, 30);
  const card = await pageHtml(td, path);
  const ask = `${path}&confirm=walkover&match=${semi.id}&winner=${winnerId}`;
  expect(card).toContain(`href="${ask.replaceAll("&", "&amp;")}"`);
  expect(card).toContain(`Walkover to ${winner}`);
  expect(card).toContain(`Walkover to ${absent}`);

  // The confirmation names who gets it and who did not turn up, and carries the no-show's form.
  const dialog = await pageHtml(td, ask);
  const terms = dialog.slice(
    dialog.indexOf('data-testid="walkover-terms"'),
    dialog.indexOf("</p>", dialog.indexOf('data-testid="walkover-terms"')),
  );
  expect(terms).toContain(`${absent} has not turned up for Semi-Finals · Match`);
  expect(terms).toContain(`on ${table.name}. ${winner} gets the walkover, and ${absent} is withdrawn`);
  expect(dialog).toContain(`Walkover to ${winner}?`);
  expect(dialog).toContain('name="noShow" value="true"');

  const posted = await td.client.pagePost(path, {
    intent: "record-result",
    matchId: semi.id,
    winnerId,
    outcome: "walkover",
    noShow: "true",
  });
  expect(posted.status).toBe(302);
  expect(await matchOf(t, semi.id)).toMatchObject({ status: "completed", outcome: "walkover", winnerId });
  expect(
    await f.count("tournament_players", "tournament_id = ? and player_id = ? and withdrawn_at is not null", [
      t.id,
      absentId,
    ]),
  ).toBe(1);
  expect(await withdrawnCount(t)).toBe(1);
});
