// The JSON contract of checking in and withdrawing (decision 021) through the real Worker: the director's check-in and
// withdrawing an entry during play — who may, the body's checks, the answers, a no-show sent as JSON, and the page's
// forms. The refusals (an unknown entry, too early, too late), twice, the money untouched and the walkovers in every
// format are app/features/entries/server/withdraw.server.test.ts's and app/features/entries/domain/withdrawn.test.ts's.
import { expect, test } from "vitest";
import { checkInMessages } from "../app/features/entries/domain/check-in.ts";
import { type Account, type TournamentJson, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Match = { id: string; player1Id: string | null; player2Id: string | null; status: string; outcome: string };

const post = (who: Account, path: string, body?: unknown) => who.client.json("POST", path, body);
const checkIn = (who: Account, t: TournamentJson, body?: unknown) =>
  post(who, `/api/tournaments/${t.id}/checkin`, body);
const withdraw = (who: Account, t: TournamentJson, entryId: string) =>
  post(who, `/api/tournaments/${t.id}/entries/${entryId}/withdraw`);
const body = async (r: Response) => (await r.json()) as Record<string, unknown>;

async function registrationOf(t: TournamentJson, who: Account): Promise<string> {
  const found = await f.sql().execute({
    sql: "select id from tournament_players where tournament_id = ? and player_id = ?",
    args: [t.id, who.id],
  });
  return String(found.rows[0]?.id);
}

test("check-in: the director ticks an entry in and takes it back; players only their own", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { maxPlayers: 8 });
  const [ann, bo] = await f.enter(t, 2);
  if (!ann || !bo) throw new Error("two entrants");

  const ticked = await checkIn(td, t, { playerId: ann.id });
  expect(ticked.status, await ticked.clone().text()).toBe(200);
  expect(await body(ticked)).toMatchObject({ checkedIn: true, entryId: await registrationOf(t, ann) });
  const undone = await checkIn(td, t, { playerId: await registrationOf(t, ann), checkedIn: false });
  expect(await body(undone)).toEqual({ checkedIn: false, checkedInAt: null, entryId: await registrationOf(t, ann) });

  // The director must name the entry; a wrong type is a 400.
  const unnamed = await checkIn(td, t);
  expect(unnamed.status).toBe(400);
  expect(await body(unnamed)).toMatchObject({ message: "Name the entry to check in (playerId)" });
  expect((await checkIn(td, t, { playerId: 42 })).status).toBe(400);
  const other = await f.organiser("Other");
  expect((await checkIn(other, t, { playerId: ann.id })).status).toBe(403);

  // A player checks in only themselves: their own id is fine, someone else's or an undo is not.
  expect((await checkIn(bo, t, { playerId: bo.id })).status).toBe(200);
  const forAnn = await checkIn(bo, t, { playerId: ann.id });
  expect(forAnn.status).toBe(403);
  expect(await body(forAnn)).toMatchObject({ message: checkInMessages.directorChecksIn });
  expect((await checkIn(bo, t, { checkedIn: false })).status).toBe(403);
  expect((await app.client().json("POST", `/api/tournaments/${t.id}/checkin`, { playerId: ann.id })).status).toBe(401);
});

test("withdraw: the director alone, by POST; the answer; a no-show sent as JSON withdraws the absent", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { maxPlayers: 8, entryFee: "10.00", siteFee: "1.00" });
  const players = await f.enter(t, 4);
  const sam = players[0] as Account;
  const samEntry = await registrationOf(t, sam);
  expect((await post(td, `/api/tournaments/${t.id}/start`)).status).toBe(200);

  expect((await app.client().json("POST", `/api/tournaments/${t.id}/entries/${samEntry}/withdraw`)).status).toBe(401);
  expect((await withdraw(sam, t, samEntry)).status).toBe(403);
  expect((await withdraw(await f.organiser("Other"), t, samEntry)).status).toBe(403);
  expect((await td.client.get(`/api/tournaments/${t.id}/entries/${samEntry}/withdraw`)).status).toBe(405);

  const done = await withdraw(td, t, samEntry);
  expect(done.status, await done.clone().text()).toBe(200);
  expect(await body(done)).toEqual({ withdrawn: true, walkovers: 1 });
  const matches = await f.matchesOf<Match>(t);

  // A no-show through the JSON API: the walkover withdraws the one who did not turn up.
  const next = matches.find((m) => m.status !== "completed" && m.player1Id && m.player2Id) as Match;
  const noShow = await td.client.json("PATCH", `/api/matches/${next.id}`, {
    outcome: "walkover",
    winnerId: next.player1Id,
    noShow: true,
  });
  expect(noShow.status, await noShow.clone().text()).toBe(200);
  expect(
    await f.count("tournament_players", "tournament_id = ? and player_id = ? and withdrawn_at is not null", [
      t.id,
      String(next.player2Id),
    ]),
  ).toBe(1);
});

test("the page's forms: a tick without JavaScript, and a withdrawal with a toast", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { maxPlayers: 8 });
  const [ann] = await f.enter(t, 2);
  if (!ann) throw new Error("entrants");
  const entry = await registrationOf(t, ann);
  const form = (fields: Record<string, string>) => td.client.pagePost(`/tournament/${String(t.slug)}`, fields);
  const ticked = await form({ intent: "check-in-entry", registrationId: entry, checkedIn: "true" });
  expect(ticked.status).toBe(302);
  expect(await f.count("tournament_players", "id = ? and checked_in_at is not null", [entry])).toBe(1);
  const bad = await form({ intent: "check-in-entry", registrationId: entry, checkedIn: "maybe" });
  expect(bad.status).toBe(302);
  expect(await f.count("tournament_players", "id = ? and checked_in_at is not null", [entry])).toBe(1);

  expect((await post(td, `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const withdrawn = await form({ intent: "withdraw-entry", registrationId: entry });
  expect(withdrawn.status).toBe(302);
  expect(await f.count("tournament_players", "id = ? and withdrawn_at is not null", [entry])).toBe(1);
});

test("a withdrawn player's dashboard and list say Withdrawn while play goes on, never In progress", async () => {
  const td = await f.organiser();
  // Double elimination: after the walkover Sam's losers' match still waits, so he was shown "In progress".
  const t = await f.createTournament(td, { maxPlayers: 8, tournamentType: "double_elimination" });
  const sam = (await f.enter(t, 4))[0] as Account;
  expect((await post(td, `/api/tournaments/${t.id}/start`)).status).toBe(200);
  expect((await withdraw(td, t, await registrationOf(t, sam))).status).toBe(200);

  const text = async (path: string) => (await (await sam.client.get(path)).text()).replaceAll("<!-- -->", "");
  const dashboard = await text("/player/dashboard");
  const from = dashboard.indexOf('aria-labelledby="playing-title"');
  const playing = dashboard.slice(from, dashboard.indexOf("</section>", from));
  expect(playing).toContain(t.name);
  expect(playing).toContain("Withdrawn");
  expect(playing).not.toContain("In progress");
  const list = await text("/player/tournaments?tab=registered");
  expect(list).toContain("Withdrawn");
  expect(list).not.toContain("In progress");
  const page = await text(`/tournament/${t.slug}?tab=bracket`);
  expect(page).toContain("You: Withdrawn");
  expect(page).toContain("You were withdrawn from play: your matches left go to your opponents.");
  expect(page).not.toContain("See you at the table!");
});
