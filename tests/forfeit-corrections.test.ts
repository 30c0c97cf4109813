// Correcting to and from a double forfeit through the real Worker: the page's correction form without JavaScript (the
// dialog, the question when a player at a table would move, the confirmed correction and the way back), and PATCH
// /api/matches/{id} on a match with a result correcting it at once. How the bracket follows, a later result in the way
// and the moves asked about are app/features/play/server/corrections.server.test.ts's.
import { expect, test } from "vitest";
import type { MatchView } from "../app/features/play/domain/play.ts";
import { type Account, type TournamentJson, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Match = Omit<MatchView, "tableName" | "nextMatchId" | "loserMatchId">;

async function matchAt(t: TournamentJson, bracket: string, round: number, matchNumber: number): Promise<Match> {
  const found = (await f.matchesOf<Match>(t)).find(
    (m) => m.bracket === bracket && m.round === round && m.matchNumber === matchNumber,
  );
  if (!found) throw new Error(`no ${bracket} ${round}/${matchNumber}`);
  return found;
}

async function patch(td: Account, match: Match, body: Record<string, unknown>) {
  return td.client.json("PATCH", `/api/matches/${match.id}`, body);
}

async function started(type: "single_elimination" | "double_elimination", players: number) {
  const td = await f.organiser();
  const t = await f.createTournament(td, { tournamentType: type, maxPlayers: 8 });
  await f.enter(t, players);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  return { td, t };
}

test("the form without JavaScript: to a double forfeit (asking first at a table) and back; JSON at once", async () => {
  const { td, t } = await started("single_elimination", 4);
  const [first, second] = [await matchAt(t, "winners", 1, 1), await matchAt(t, "winners", 1, 2)];
  expect((await patch(td, first, { winnerId: first.player1Id })).status).toBe(200);
  expect((await patch(td, second, { winnerId: second.player1Id })).status).toBe(200);
  const tableId = crypto.randomUUID();
  await f.sql().execute({
    sql: "insert into tables (id, organiser_id, name, access_code) values (?, ?, ?, ?)",
    args: [tableId, td.id, "Table 1", crypto.randomUUID().slice(0, 8).toUpperCase()],
  });
  const final = await matchAt(t, "winners", 2, 1);
  expect((await td.client.json("PATCH", `/api/matches/${final.id}/table`, { tableId })).status).toBe(200);

  const page = `/tournament/${t.slug}`;
  const dialog = await (await td.client.get(`${page}?tab=bracket&correct=${first.id}`)).text();
  expect(dialog).toContain('value="double_forfeit"');

  // A winner may still be ticked when "Double forfeit" is chosen: nobody won.
  const correction = { intent: "correct-result", matchId: first.id, outcome: "double_forfeit" };
  const asked = await td.client.pagePost(page, { ...correction, winnerId: first.player1Id ?? "" });
  expect(asked.headers.get("Location")).toBe(`${page}?tab=bracket&correct=${first.id}`);
  const warning = (await (await td.client.redirected(asked)).text()).replaceAll("<!-- -->", "");
  expect(warning).toContain("This correction changes a match already at a table:");
  expect(warning).toContain(`The final on Table 1: ${first.player1?.name} → no one`);
  const key = warning.match(/name="confirmMoves" value="([^"]+)"/)?.[1]?.replaceAll("&amp;", "&");
  expect(key).toBe(`${final.id}:1:${first.player1Id}:-`);
  const confirmed = await td.client.pagePost(page, { ...correction, confirmMoves: key ?? "" });
  expect(confirmed.status).toBe(302);
  expect(await matchAt(t, "winners", 1, 1)).toMatchObject({ outcome: "double_forfeit", winnerId: null });
  expect(await matchAt(t, "winners", 2, 1)).toMatchObject({ isBye: true, tableId: null });

  const back = await td.client.pagePost(page, {
    intent: "correct-result",
    matchId: first.id,
    outcome: "played",
    winnerId: first.player2Id ?? "",
    player1Score: "",
    player2Score: "",
  });
  expect(back.status).toBe(302);
  expect(await matchAt(t, "winners", 1, 1)).toMatchObject({ outcome: "played", winnerId: first.player2Id });

  // The JSON API corrects at once (it asks nothing): the other player goes through again.
  const corrected = await patch(td, first, { winnerId: first.player1Id, player1Score: 5, player2Score: 2 });
  expect(corrected.status, await corrected.clone().text()).toBe(200);
  expect(await matchAt(t, "winners", 1, 1)).toMatchObject({ outcome: "played", winnerId: first.player1Id });
  expect(await matchAt(t, "winners", 2, 1)).toMatchObject({ player1Id: first.player1Id, isBye: false });
});
