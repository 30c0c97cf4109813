// Running a tournament through the real Worker: start, results, tables,
// finalize — with the wrong people, bad input, the forms and the JSON. The
// services' own logic and races are tested in-process (app/services/play.server.test.ts).
import { expect, test } from "vitest";
import { type Account, type TournamentJson, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";
import type { MatchView } from "../app/features/play/domain/play.ts";

const app = useTestApp();
const f = useFactories(app);

/** The fields of the domain's MatchView (the matches API's shape) these tests read. */
type Match = Pick<
  MatchView,
  | "id"
  | "round"
  | "matchNumber"
  | "player1Id"
  | "player2Id"
  | "winnerId"
  | "player1Score"
  | "player2Score"
  | "status"
  | "tableId"
  | "isBye"
  | "player1"
>;

const enter = (t: TournamentJson, count: number) => f.enter(t, count);
const matchesOf = (t: TournamentJson) => f.matchesOf<Match>(t);

async function playAll(td: Account, t: TournamentJson, pick: (m: Match) => string = (m) => m.player1Id!) {
  for (let round = 0; round < 12; round++) {
    const playable = (await matchesOf(t)).filter((m) => m.status !== "completed" && m.player1Id && m.player2Id);
    if (playable.length === 0) return;
    for (const m of playable) {
      const response = await td.client.json("PATCH", `/api/matches/${m.id}`, {
        winnerId: pick(m),
        status: "completed",
      });
      expect(response.status, await response.clone().text()).toBe(200);
    }
  }
}

async function table(td: Account, name = "Table 1"): Promise<string> {
  const id = crypto.randomUUID();
  await f.sql().execute({
    sql: "insert into tables (id, organiser_id, name, access_code) values (?, ?, ?, ?)",
    args: [id, td.id, name, crypto.randomUUID().slice(0, 8).toUpperCase()],
  });
  return id;
}

test(`start: \
only the director, only when open, only with 2 paid players; the draw writes the whole bracket`, async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const [first] = await enter(t, 1);
  const tooFew = await td.client.json("POST", `/api/tournaments/${t.id}/start`);
  expect(tooFew.status).toBe(409);
  expect(((await tooFew.json()) as { message: string }).message).toBe("At least 2 paid players are needed to start");
  // An unpaid hold is not entered.
  const holder = await f.player();
  await holder.client.json("POST", "/api/tournaments/join", { tournamentId: t.id });
  await enter(t, 4);

  expect((await app.client().json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(401);
  expect((await first!.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(403);
  expect((await (await f.organiser("Other")).client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(403);

  const started = await td.client.json("POST", `/api/tournaments/${t.id}/start`);
  expect(started.status).toBe(200);
  expect(await started.json()).toMatchObject({ players: 5, matches: 7 });
  const matches = await matchesOf(t);
  expect(matches).toHaveLength(7);
  expect(matches.filter((m) => m.isBye)).toHaveLength(3);
  expect(matches.filter((m) => m.round === 1 && !m.isBye)).toHaveLength(1);
  expect(await f.count("tournament_players", "tournament_id = ? and paid = 0", [t.id])).toBe(0);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(409);
});

test("results: validation, winners move on, two results at once — one wins, the other gets 409", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { maxPlayers: 4, raceTo: 5 });
  await enter(t, 4);
  await td.client.json("POST", `/api/tournaments/${t.id}/start`);
  const [m1, m2] = (await matchesOf(t)).filter((m) => m.round === 1);
  const final = (await matchesOf(t)).find((m) => m.round === 2)!;
  const patch = (body: unknown, id = m1!.id) => td.client.json("PATCH", `/api/matches/${id}`, body);

  const bad: [unknown, number, string][] = [
    [{}, 400, "Select the winner"],
    [{ winnerId: "someone-else" }, 400, "The winner must be one of the two players"],
    [{ winnerId: m1!.player1Id, player1Score: -1 }, 400, "Scores must be whole numbers of 0 or more"],
    [{ winnerId: m1!.player1Id, player1Score: 2.5 }, 400, "Scores must be whole numbers of 0 or more"],
    [{ winnerId: m1!.player1Id, player1Score: "abc" }, 400, "Scores must be whole numbers of 0 or more"],
    [
      { winnerId: m1!.player1Id, player1Score: 2, player2Score: 5 },
      400,
      "The winner's score can't be lower than the loser's",
    ],
    [{ winnerId: m1!.player1Id, player1Score: 6, player2Score: 0 }, 400, "Scores can't be more than the race to 5"],
    [{ winnerId: m1!.player1Id, status: "pending" }, 400, "A result completes the match: status must be 'completed'"],
    [
      { winnerId: m1!.player1Id, player1Id: "swapped" },
      400,
      "The players of a match are set by the draw and cannot be changed",
    ],
  ];
  for (const [body, status, message] of bad) {
    const response = await patch(body);
    expect(response.status, JSON.stringify(body)).toBe(status);
    expect(JSON.stringify(await response.json())).toContain(message.replace(/'/g, "'"));
  }
  expect((await patch({ winnerId: final.player1Id ?? "x" }, final.id)).status).toBe(409);
  expect((await td.client.json("PATCH", "/api/matches/nope", { winnerId: "x" })).status).toBe(404);
  const stranger = await f.organiser("Stranger");
  expect((await stranger.client.json("PATCH", `/api/matches/${m1!.id}`, { winnerId: m1!.player1Id })).status).toBe(403);

  const bodies = [
    { winnerId: m1!.player1Id, player1Score: 5, player2Score: 1 },
    { winnerId: m1!.player2Id, player1Score: 2, player2Score: 5 },
  ];
  const race = await Promise.all(bodies.map((body) => patch(body)));
  const statuses = race.map((r) => r.status);
  const messages = (await Promise.all(race.map((r) => r.json()))).map((b) => (b as { message: string }).message);
  const after = await matchesOf(t);
  const recorded = after.find((m) => m.id === m1!.id)!;
  const nextFinal = after.find((m) => m.round === 2)!;
  expect(recorded.status).toBe("completed");
  const stored = {
    winnerId: recorded.winnerId,
    player1Score: recorded.player1Score,
    player2Score: recorded.player2Score,
  };
  if (statuses.includes(409)) {
    // Overlapping: one result is kept whole, the other refused.
    expect([...statuses].sort()).toEqual([200, 409]);
    expect(stored).toEqual(bodies[statuses.indexOf(200)]);
  } else {
    // One after the other: the second corrected the first, and it is the one kept.
    expect(statuses).toEqual([200, 200]);
    expect([...messages].sort()).toEqual(["Result corrected", "Result recorded"]);
    expect(stored).toEqual(bodies[messages.indexOf("Result corrected")]);
  }
  // The winner that was stored is the one in the final, not the other.
  expect([nextFinal.player1Id, nextFinal.player2Id]).toContain(recorded.winnerId);
  expect(m2).toBeDefined();
});

test("tables: assigning puts a match in progress, unassigning returns it; only your own tables", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { maxPlayers: 4 });
  await enter(t, 4);
  await td.client.json("POST", `/api/tournaments/${t.id}/start`);
  const [m1] = (await matchesOf(t)).filter((m) => m.round === 1);
  const final = (await matchesOf(t)).find((m) => m.round === 2)!;
  const mine = await table(td);
  const other = await f.organiser("Other TD");
  const theirs = await table(other, "Their Table");

  expect((await td.client.json("PATCH", `/api/matches/${m1!.id}/table`, { tableId: theirs })).status).toBe(403);
  expect((await other.client.json("PATCH", `/api/matches/${m1!.id}/table`, { tableId: theirs })).status).toBe(403);
  expect((await td.client.json("PATCH", `/api/matches/${m1!.id}/table`, { tableId: "missing" })).status).toBe(404);
  expect((await td.client.json("PATCH", `/api/matches/${final.id}/table`, { tableId: mine })).status).toBe(409);
  expect((await td.client.json("PATCH", `/api/matches/${m1!.id}/table`, { tableId: 42 })).status).toBe(400);

  expect((await td.client.json("PATCH", `/api/matches/${m1!.id}/table`, { tableId: mine })).status).toBe(200);
  let current = (await matchesOf(t)).find((m) => m.id === m1!.id)!;
  expect(current).toMatchObject({ status: "in_progress", tableId: mine });
  expect((await td.client.json("PATCH", `/api/matches/${m1!.id}/table`, { tableId: null })).status).toBe(200);
  current = (await matchesOf(t)).find((m) => m.id === m1!.id)!;
  expect(current).toMatchObject({ status: "pending", tableId: null });
  // A result can be recorded on a match at a table.
  await td.client.json("PATCH", `/api/matches/${m1!.id}/table`, { tableId: mine });
  expect((await td.client.json("PATCH", `/api/matches/${m1!.id}`, { winnerId: m1!.player1Id })).status).toBe(200);
});

test("the evening of SCENARIO.md: 14 paid of 16, winner and runner-up, payouts to the penny, once", async () => {
  const td = await f.organiser("Dave");
  const t = await f.createTournament(td, { maxPlayers: 16, payoutStructure: "winner_ru" });
  const entrants = await enter(t, 14);
  expect((await td.client.get(`/api/tournaments/${t.id}/payout-preview`)).status).toBe(409);
  await td.client.json("POST", `/api/tournaments/${t.id}/start`);
  const byes = (await matchesOf(t)).filter((m) => m.isBye);
  expect(byes).toHaveLength(2);
  expect(byes.every((m) => m.round === 1)).toBe(true);
  // Before the final: no preview, no finalize.
  expect((await td.client.get(`/api/tournaments/${t.id}/payout-preview`)).status).toBe(409);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/finalize`)).status).toBe(409);

  await playAll(td, t);
  const preview = (await (await td.client.get(`/api/tournaments/${t.id}/payout-preview`)).json()) as {
    playerId: string;
    playerName: string;
    position: string;
    amount: string;
  }[];
  expect(preview.map((r) => [r.position, r.amount])).toEqual([
    ["1st", "88.20"],
    ["2nd", "37.80"],
  ]);
  expect((await entrants[0]!.client.get(`/api/tournaments/${t.id}/payout-preview`)).status).toBe(403);

  const finals = await Promise.all([0, 1, 2].map(() => td.client.json("POST", `/api/tournaments/${t.id}/finalize`)));
  expect(finals.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/finalize`)).status).toBe(409);

  const winner = preview[0]!.playerId;
  const runnerUp = preview[1]!.playerId;
  expect(await f.balance("player", winner)).toBe(8820);
  expect(await f.balance("player", runnerUp)).toBe(3780);
  expect(await f.balance("organiser", td.id)).toBe(1400);
  expect(await f.count("payouts", "tournament_id = ? and confirmed = 1", [t.id])).toBe(2);
  expect(await f.count("transactions", "tournament_id = ? and type = 'payout'", [t.id])).toBe(2);
  expect(await f.count("transactions", "tournament_id = ? and type = 'rake'", [t.id])).toBe(1);
  expect(
    (await f.sql().execute({ sql: "select status from tournaments where id = ?", args: [t.id] })).rows[0]?.status,
  ).toBe("finished");

  const stats = await f.sql().execute({
    sql:
      "select player_id, tournaments_played, tournaments_won, matches_played, matches_won, total_earnings_pence " +
      "from player_stats where player_id in (select player_id from tournament_players where tournament_id = ?)",
    args: [t.id],
  });
  expect(stats.rows).toHaveLength(14);
  const champion = stats.rows.find((r) => r.player_id === winner)!;
  expect(champion).toMatchObject({ tournaments_played: 1, tournaments_won: 1, total_earnings_pence: 8820 });
  const played = stats.rows.reduce((sum, r) => sum + Number(r.matches_played), 0);
  const won = stats.rows.reduce((sum, r) => sum + Number(r.matches_won), 0);
  // 15 matches in a 16-bracket, 2 byes: 13 played, each by two players.
  expect(played).toBe(26);
  expect(won).toBe(13);
  // Archive/restore cannot undo it.
  expect((await td.client.json("PATCH", `/api/tournaments/${t.id}/status`, { status: "open" })).status).toBe(409);
  await f.expectLedgerTrue();
});

test("the director's forms work without JavaScript: start, record, table, finalize", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { maxPlayers: 2, payoutStructure: "winner_only" });
  await enter(t, 2);
  const page = `/tournament/${t.slug}`;
  const startDialog = await (await td.client.get(`${page}?confirm=start`)).text();
  expect(startDialog).toContain(`Start Friday 8-Ball Knockout?`);
  const started = await td.client.pagePost(page, { intent: "start" });
  expect(started.status).toBe(302);
  expect(await (await td.client.get(started.headers.get("Location")!)).text()).toContain("Tournament started");

  const [final] = await matchesOf(t);
  const tableId = await table(td);
  await td.client.pagePost(page, { intent: "assign-table", matchId: final!.id, tableId });
  expect((await matchesOf(t))[0]).toMatchObject({ status: "in_progress", tableId });
  const resultDialog = await (await td.client.get(`${page}?tab=bracket&result=${final!.id}`)).text();
  expect(resultDialog).toContain("Record result");
  // A refused result comes back to its dialog, open with the message (a flashed reply, decision 037).
  const failed = await td.client.pagePost(page, { intent: "record-result", matchId: final!.id, winnerId: "nobody" });
  expect(failed.headers.get("Location")).toBe(`${page}?tab=bracket&result=${final!.id}`);
  const refusedPage = await (await td.client.redirected(failed)).text();
  expect(refusedPage).toContain("The winner must be one of the two players");
  expect(refusedPage).toContain("Record result");
  await td.client.pagePost(page, {
    intent: "record-result",
    matchId: final!.id,
    winnerId: final!.player1Id!,
    player1Score: "3",
    player2Score: "1",
  });
  const finalizeDialog = (await (await td.client.get(`${page}?tab=bracket&confirm=finalize`)).text()).replaceAll(
    "<!-- -->",
    "",
  );
  expect(finalizeDialog).toContain("Confirm payouts");
  expect(finalizeDialog).toContain("£18.00");
  const done = await td.client.pagePost(page, { intent: "finalize" });
  expect(await (await td.client.get(done.headers.get("Location")!)).text()).toContain("Payouts confirmed");
  expect(await f.balance("player", final!.player1Id!)).toBe(1800);
  // A player posting director actions is sent away.
  const p = await f.player();
  const refused = await p.client.pagePost(page, { intent: "start" });
  expect(refused.headers.get("Location")).toBe("/player/dashboard");
  await f.expectLedgerTrue();
});

test("the bracket is public: names, TBD and labels are on the page for everyone", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { maxPlayers: 8 });
  await enter(t, 5);
  await td.client.json("POST", `/api/tournaments/${t.id}/start`);
  const html = (await (await app.client().get(`/tournament/${t.slug}?tab=bracket`)).text()).replaceAll("<!-- -->", "");
  for (const label of ["Quarter-Finals", "Semi-Finals", "Final", "TBD", "Live", "Player 1"])
    expect(html).toContain(label);
  expect(html).not.toContain("Record result");
});

test(`archive: \
refused once the final has a result — the winners are owed their prizes — and the dialog offers Finalize`, async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { maxPlayers: 4, payoutStructure: "winner_only" });
  await enter(t, 4);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  await playAll(td, t);

  const archive = await td.client.json("PATCH", `/api/tournaments/${t.id}/status`, { status: "finished" });
  expect(archive.status).toBe(409);
  expect(await archive.json()).toEqual({
    message: "The final has been played: finalize the tournament to pay the prizes",
  });
  const form = await td.client.postForm("/td/tournaments", { intent: "archive", tournamentId: t.id });
  expect(form.status).toBe(302);
  const after = await (await td.client.get(form.headers.get("Location")!)).text();
  expect(after).toContain("The final has been played: finalize the tournament to pay the prizes");
  const row = await f.sql().execute({ sql: "select status from tournaments where id = ?", args: [t.id] });
  expect(row.rows[0]?.status).toBe("in_progress");

  const dialog = await (await td.client.get(`/td/tournaments?confirm=archive:${t.id}`)).text();
  expect(dialog).toContain("The final has been played: finalize the tournament to pay the prizes.");
  expect(dialog).toContain(`href="/tournament/${t.slug}?confirm=finalize"`);

  // Before the final, archiving still works (and its dialog still confirms).
  const other = await f.createTournament(td, { maxPlayers: 4, payoutStructure: "winner_only" });
  await enter(other, 4);
  expect((await td.client.json("POST", `/api/tournaments/${other.id}/start`)).status).toBe(200);
  const early = await (await td.client.get(`/td/tournaments?confirm=archive:${other.id}`)).text();
  expect(early).toContain("no payouts are made");
  expect((await td.client.json("PATCH", `/api/tournaments/${other.id}/status`, { status: "finished" })).status).toBe(
    200,
  );
});

test("without JavaScript a director's action on a match comes back to that match's card", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { maxPlayers: 4 });
  await enter(t, 4);
  await td.client.json("POST", `/api/tournaments/${t.id}/start`);
  const [m1] = (await matchesOf(t)).filter((m) => m.round === 1);
  const page = `/tournament/${t.slug}`;
  const atMatch = `${page}?tab=bracket#match-${m1!.id}`;
  const matchId = m1!.id;
  const forms: Record<string, string>[] = [
    { intent: "assign-table", matchId, tableId: await table(td) },
    { intent: "record-result", matchId, winnerId: m1!.player1Id! },
    // A refusal that is not about the typed values (the match already has a result) lands there too.
    { intent: "record-result", matchId, winnerId: m1!.player1Id! },
    { intent: "correct-result", matchId, winnerId: m1!.player2Id! },
  ];
  for (const fields of forms) {
    const answer = await td.client.pagePost(page, fields);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(atMatch);
  }
  expect((await matchesOf(t)).find((m) => m.id === matchId)).toMatchObject({ winnerId: m1!.player2Id });
  // The card carries the id the address names.
  const html = await (await td.client.get(`${page}?tab=bracket`)).text();
  expect(html).toContain(`id="match-${m1!.id}"`);
});

test(`a correction that would move a player at a table asks first on the page; \
the API corrects at once as before`, async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { maxPlayers: 4 });
  await enter(t, 4);
  await td.client.json("POST", `/api/tournaments/${t.id}/start`);
  const [m1, m2] = (await matchesOf(t)).filter((m) => m.round === 1);
  const final = (await matchesOf(t)).find((m) => m.round === 2)!;
  await td.client.json("PATCH", `/api/matches/${m1!.id}`, { winnerId: m1!.player1Id });
  await td.client.json("PATCH", `/api/matches/${m2!.id}`, { winnerId: m2!.player1Id });
  const tableId = await table(td, "Table 1");
  expect((await td.client.json("PATCH", `/api/matches/${final.id}/table`, { tableId })).status).toBe(200);
  const page = `/tournament/${t.slug}`;
  const correction = { intent: "correct-result", matchId: m1!.id, winnerId: m1!.player2Id! };

  // First submit: the warning, nothing written.
  const asked = await td.client.pagePost(page, correction);
  expect(asked.headers.get("Location")).toBe(`${page}?tab=bracket&correct=${m1!.id}`);
  const warning = (await (await td.client.redirected(asked)).text()).replaceAll("<!-- -->", "");
  expect(warning).toContain("This correction changes a match already at a table:");
  expect(warning).toContain(`The final on Table 1: ${m1!.player1!.name} → Player`);
  expect(warning).toContain("Confirm correction");
  const key = warning.match(/name="confirmMoves" value="([^"]+)"/)?.[1]?.replaceAll("&amp;", "&");
  expect(key).toBe(`${final.id}:1:${m1!.player1Id}:${m1!.player2Id}`);
  expect((await matchesOf(t)).find((m) => m.id === m1!.id)!.winnerId).toBe(m1!.player1Id);

  // A confirmation of other moves than these (the bracket changed meanwhile) asks again.
  const stale = await td.client.pagePost(page, { ...correction, confirmMoves: `${final.id}:1:someone:else` });
  expect(await (await td.client.redirected(stale)).text()).toContain("Confirm correction");
  expect((await matchesOf(t)).find((m) => m.id === m1!.id)!.winnerId).toBe(m1!.player1Id);

  // The confirmation of exactly those moves saves it.
  const confirmed = await td.client.pagePost(page, { ...correction, confirmMoves: key! });
  expect(confirmed.status).toBe(302);
  let now = await matchesOf(t);
  expect(now.find((m) => m.id === m1!.id)!.winnerId).toBe(m1!.player2Id);
  expect(now.find((m) => m.id === final.id)).toMatchObject({
    player1Id: m1!.player2Id,
    status: "in_progress",
    tableId,
  });

  // The JSON API keeps correcting at once, table or not (other clients rely on it).
  const api = await td.client.json("PATCH", `/api/matches/${m1!.id}`, { winnerId: m1!.player1Id });
  expect(api.status).toBe(200);
  expect(await api.json()).toEqual({ message: "Result corrected" });
  now = await matchesOf(t);
  expect(now.find((m) => m.id === final.id)!.player1Id).toBe(m1!.player1Id);
});

test("the wall bracket is public, joins rounds with lines and 404s an unknown tournament", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { maxPlayers: 4 });
  const anon = app.client();
  const before = (await (await anon.get(`/tournament/${t.slug}/bracket`)).text()).replaceAll("<!-- -->", "");
  expect(before).toContain("The bracket appears here when the tournament starts.");
  await enter(t, 4);
  await td.client.json("POST", `/api/tournaments/${t.id}/start`);
  const response = await anon.get(`/tournament/${t.slug}/bracket`);
  expect(response.status).toBe(200);
  const html = (await response.text()).replaceAll("<!-- -->", "");
  for (const text of ["Semi-Finals", "Final", "Player 1", "Live", "Tournament page"]) expect(html).toContain(text);
  // Two semi-finals feed the final: one draws the top half of the line, the other the bottom; the final is fed.
  expect(html.match(/data-out="top"/g)).toHaveLength(1);
  expect(html.match(/data-out="bottom"/g)).toHaveLength(1);
  expect(html.match(/data-fed=""/g)).toHaveLength(1);
  // No director's controls on the wall, even for the director.
  expect(await (await td.client.get(`/tournament/${t.slug}/bracket`)).text()).not.toContain("Record result");
  expect((await anon.get("/tournament/no-such-tournament/bracket")).status).toBe(404);
});
