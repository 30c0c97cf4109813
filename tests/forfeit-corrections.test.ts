// Correcting to and from a double forfeit through the real Worker: PATCH /api/matches/{id} on a match
// with a result corrects it, the bracket after it follows, and a later result in the way is a 409 naming it.
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

test("single elimination: corrected to a double forfeit and back, refused once the next is played", async () => {
  const { td, t } = await started("single_elimination", 8);
  const first = await matchAt(t, "winners", 1, 1);
  const second = await matchAt(t, "winners", 1, 2);
  expect((await patch(td, first, { winnerId: first.player1Id, player1Score: 5, player2Score: 3 })).status).toBe(200);
  expect((await patch(td, second, { winnerId: second.player2Id })).status).toBe(200);
  expect(await matchAt(t, "winners", 2, 1)).toMatchObject({
    player1Id: first.player1Id,
    player2Id: second.player2Id,
    isBye: false,
    status: "pending",
  });

  // Into a double forfeit: nobody goes on from the first match, so the semi-final is a bye for the other winner.
  const forfeited = await patch(td, first, { outcome: "double_forfeit" });
  expect(forfeited.status, await forfeited.clone().text()).toBe(200);
  expect(await matchAt(t, "winners", 1, 1)).toMatchObject({
    outcome: "double_forfeit",
    winnerId: null,
    player1Score: 0,
    player2Score: 0,
    status: "completed",
  });
  expect(await matchAt(t, "winners", 2, 1)).toMatchObject({
    player1Id: null,
    player2Id: second.player2Id,
    isBye: true,
    status: "completed",
    winnerId: second.player2Id,
  });
  expect((await matchAt(t, "winners", 3, 1)).player1Id).toBe(second.player2Id);

  // And back to a played result: the semi-final is a match again and the final waits for its winner.
  const played = await patch(td, first, { outcome: "played", winnerId: first.player2Id, player2Score: 5 });
  expect(played.status, await played.clone().text()).toBe(200);
  expect(await matchAt(t, "winners", 1, 1)).toMatchObject({
    outcome: "played",
    winnerId: first.player2Id,
    player1Score: 0,
    player2Score: 5,
  });
  const semi = await matchAt(t, "winners", 2, 1);
  expect(semi).toMatchObject({
    player1Id: first.player2Id,
    player2Id: second.player2Id,
    isBye: false,
    status: "pending",
    winnerId: null,
  });
  expect((await matchAt(t, "winners", 3, 1)).player1Id).toBeNull();

  // Once the semi-final is played, the first match's result is no longer the director's to change.
  expect((await patch(td, semi, { winnerId: semi.player1Id })).status).toBe(200);
  const before = await f.matchesOf<Match>(t);
  const refused = await patch(td, first, { outcome: "double_forfeit" });
  expect(refused.status).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toBe(
    "Semi-Finals · Match 1 already has a result: correct that one first",
  );
  expect(await f.matchesOf<Match>(t)).toEqual(before);
});

test("double elimination: undoing a double forfeit in the winners' bracket gives the losers' match back", async () => {
  const { td, t } = await started("double_elimination", 8);
  const first = await matchAt(t, "winners", 1, 1);
  expect((await patch(td, first, { outcome: "double_forfeit" })).status).toBe(200);
  // Nobody drops from it: the losers' first match waits for the second match's loser alone.
  expect(await matchAt(t, "losers", 1, 1)).toMatchObject({ isBye: true, status: "pending", player1Id: null });
  const second = await matchAt(t, "winners", 1, 2);
  expect((await patch(td, second, { winnerId: second.player1Id })).status).toBe(200);
  expect(await matchAt(t, "losers", 1, 1)).toMatchObject({
    isBye: true,
    status: "completed",
    winnerId: second.player2Id,
  });

  const corrected = await patch(td, first, { winnerId: first.player1Id, player1Score: 2, player2Score: 1 });
  expect(corrected.status, await corrected.clone().text()).toBe(200);
  expect(await matchAt(t, "losers", 1, 1)).toMatchObject({
    isBye: false,
    status: "pending",
    winnerId: null,
    player1Id: first.player2Id,
    player2Id: second.player2Id,
  });
  expect(await matchAt(t, "winners", 2, 1)).toMatchObject({
    isBye: false,
    player1Id: first.player1Id,
    player2Id: second.player1Id,
  });
  // The losers' match is playable again, as if the result had been recorded so in the first place.
  const losers = await matchAt(t, "losers", 1, 1);
  expect((await patch(td, losers, { winnerId: losers.player2Id })).status).toBe(200);
});

test("the correction form without JavaScript: to a double forfeit (asking first at a table) and back", async () => {
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
  const asked = await td.client.postForm(page, { ...correction, winnerId: first.player1Id ?? "" });
  expect(asked.status).toBe(200);
  const warning = (await asked.text()).replaceAll("<!-- -->", "");
  expect(warning).toContain("This correction changes a match already at a table:");
  expect(warning).toContain(`The final on Table 1: ${first.player1?.name} → no one`);
  const key = warning.match(/name="confirmMoves" value="([^"]+)"/)?.[1]?.replaceAll("&amp;", "&");
  expect(key).toBe(`${final.id}:1:${first.player1Id}:-`);
  const confirmed = await td.client.postForm(page, { ...correction, confirmMoves: key ?? "" });
  expect(confirmed.status).toBe(302);
  expect(await matchAt(t, "winners", 1, 1)).toMatchObject({ outcome: "double_forfeit", winnerId: null });
  // The final is now a bye for the other semi-finalist, and leaves its table.
  expect(await matchAt(t, "winners", 2, 1)).toMatchObject({
    isBye: true,
    status: "completed",
    player1Id: null,
    winnerId: second.player1Id,
    tableId: null,
  });

  const back = await td.client.postForm(page, {
    intent: "correct-result",
    matchId: first.id,
    outcome: "played",
    winnerId: first.player2Id ?? "",
    player1Score: "",
    player2Score: "",
  });
  expect(back.status).toBe(302);
  expect(await matchAt(t, "winners", 1, 1)).toMatchObject({ outcome: "played", winnerId: first.player2Id });
  expect(await matchAt(t, "winners", 2, 1)).toMatchObject({
    isBye: false,
    status: "pending",
    player1Id: first.player2Id,
    player2Id: second.player1Id,
    winnerId: null,
  });
});
