// Starting ratings belong to real entries (decision 031), in-process against a migrated database: a start set for a
// walk-in or a player who joined is taken back with their entry (removed, left, dropped at the start), the stored
// rating replayed at once; a start that has not stood yet keeps nobody out of another director's capped event (nor
// lets a sandbag in); once the tournament starts with the player in it, it counts everywhere. The HTTP contract is
// tests/starting-ratings.test.ts's.
import { expect, test } from "vitest";
import { type Account, answered, useServiceDb } from "../../../../test-support/services.ts";
import { checkCashEntry } from "~/features/entries/domain/cash-entry.ts";
import { ratingCapMessage } from "~/features/ratings/domain/handicap.ts";
import { addCashEntry, removeCashEntry } from "~/features/entries/server/cash-entries.server.ts";
import { leaveTournament } from "~/features/entries/server/leaving.server.ts";
import { setStartingRatings } from "./starting-ratings.server.ts";
import { startTournament } from "~/features/play/server/start.server.ts";

const s = useServiceDb();

/** The director enters an existing player as a walk-in paid at the bar, by their e-mail; answers the entry's id. */
async function walkIn(director: Account, t: { id: string }, p: Account): Promise<string> {
  const added = await addCashEntry(s.sender, {
    organiserId: director.id,
    tournament: { id: t.id },
    check: (size) => checkCashEntry({ name: p.name, email: p.email, paidBy: "cash" }, size),
  });
  return added.entry.id;
}

const setStart = (director: Account, t: { id: string }, p: Account, rating: number) =>
  setStartingRatings(s.sender, { organiserId: director.id, tournament: { id: t.id }, ratings: { [p.id]: rating } });

/** What is stored of a player's rating (none: a new player's). */
async function stored(p: Account) {
  const [row] = await s.rows<{ rating: number; set_by: string | null; cap_rating: number | null }>(
    "select rating, set_by, cap_rating from player_ratings where player_id = ?",
    [p.id],
  );
  return row ? { rating: row.rating, setBy: row.set_by, capRating: row.cap_rating } : null;
}

const starts = (p: Account) => s.count("starting_ratings", "player_id = ?", [p.id]);

/** Whether another director's event capped at `maxRating` takes the player (a place held while paying). */
async function capAnswer(p: Account, maxRating: number) {
  const other = await s.organiser("Capped Director");
  const capped = await s.tournament(other, { maxPlayers: 8, maxRating });
  return answered(s.join(p, capped));
}

test("a walk-in's start of 1000: no cap elsewhere reads it; removed, the entry takes it back", async () => {
  const td = await s.organiser("Wally Walk-in");
  const t = await s.tournament(td, { maxPlayers: 8 });
  const pat = await s.player("Pat Walk-in");
  const entryId = await walkIn(td, t, pat);
  expect(await capAnswer(pat, 550)).toEqual({ status: 200, message: null });

  const saved = await setStart(td, t, pat, 1000);
  expect(saved.ratings).toEqual([
    {
      playerId: pat.id,
      name: "Pat Walk-in",
      rating: 1000,
      provisional: true,
      setBy: td.id,
      setByName: "Wally Walk-in",
    },
  ]);
  // Shown at once, as before; but it has not stood: another director's capped event still takes Pat.
  expect(await stored(pat)).toEqual({ rating: 1000, setBy: td.id, capRating: 500 });
  expect(await capAnswer(pat, 550)).toEqual({ status: 200, message: null });

  await removeCashEntry(s.sender, { organiserId: td.id, tournament: { id: t.id }, entryId });
  expect(await starts(pat)).toBe(0);
  // Back to before: no rating of their own (a new player's 500), nobody named as having set it.
  expect(await stored(pat)).toBeNull();
  expect(await capAnswer(pat, 550)).toEqual({ status: 200, message: null });

  // Entered again, nothing comes back with them.
  await walkIn(td, t, pat);
  const [again] = (await setStart(td, t, pat, 640)).ratings;
  expect(again?.rating).toBe(640);
  expect(await starts(pat)).toBe(1);
});

test("a sandbag to 100 lets nobody into a lower cap before the start stands", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { maxPlayers: 8 });
  const sam = await s.player("Sam Sandbag");
  const entryId = await walkIn(td, t, sam);
  await setStart(td, t, sam, 100);
  expect(await stored(sam)).toMatchObject({ rating: 100, capRating: 500 });
  expect(await capAnswer(sam, 300)).toEqual({ status: 403, message: ratingCapMessage(300) });
  await removeCashEntry(s.sender, { organiserId: td.id, tournament: { id: t.id }, entryId });
  expect(await stored(sam)).toBeNull();
});

test("a player who leaves before the start takes their start with them", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { maxPlayers: 8 });
  const [lee] = await s.enter(t, 1, () => "Lee Leaver");
  if (!lee) throw new Error("an entrant");
  await setStart(td, t, lee, 1000);
  expect(await stored(lee)).toMatchObject({ rating: 1000, setBy: td.id });

  const left = await leaveTournament(s.sender, { playerId: lee.id, tournament: { id: t.id } });
  expect(left.left).toBe("entry");
  expect(await starts(lee)).toBe(0);
  expect(await stored(lee)).toBeNull();
  expect(await capAnswer(lee, 550)).toEqual({ status: 200, message: null });
});

test("the tournament starts with the player in it: the start stands, and counts against caps", async () => {
  const td = await s.organiser("Stella Stands");
  const t = await s.tournament(td, { maxPlayers: 8 });
  const [mo] = await s.enter(t, 2, (i) => `Mo ${i}`);
  if (!mo) throw new Error("two entrants");
  await setStart(td, t, mo, 1000);
  expect(await capAnswer(mo, 550)).toEqual({ status: 200, message: null });

  await s.start(td, t);
  expect(await starts(mo)).toBe(1);
  expect(await stored(mo)).toEqual({ rating: 1000, setBy: td.id, capRating: 1000 });
  expect(await capAnswer(mo, 550)).toEqual({ status: 403, message: ratingCapMessage(550) });
  // Too late to take back: the leave is refused, and the start stays.
  expect((await answered(leaveTournament(s.sender, { playerId: mo.id, tournament: { id: t.id } }))).status).toBe(409);
  expect(await stored(mo)).toMatchObject({ rating: 1000, capRating: 1000 });
});

test("dropped at the start for not checking in: their start goes; those in the draw keep theirs", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { maxPlayers: 8 });
  const [here, there, absent] = await s.enter(t, 3, (i) => ["Hana Here", "Theo There", "Abe Absent"][i] ?? "");
  if (!here || !there || !absent) throw new Error("three entrants");
  await setStartingRatings(s.sender, {
    organiserId: td.id,
    tournament: { id: t.id },
    ratings: { [here.id]: 700, [absent.id]: 900 },
  });
  await s.rows("update tournament_players set checked_in_at = 1 where tournament_id = ? and player_id in (?, ?)", [
    t.id,
    here.id,
    there.id,
  ]);
  expect((await s.start(td, t, { dropAbsent: true })).dropped).toBe(1);
  expect(await starts(absent)).toBe(0);
  expect(await stored(absent)).toBeNull();
  expect(await stored(here)).toEqual({ rating: 700, setBy: td.id, capRating: 700 });
});

test("a removal racing the start: the start stands exactly when the player is in the draw", async () => {
  for (let i = 0; i < 4; i++) {
    const td = await s.organiser();
    const t = await s.tournament(td, { maxPlayers: 8 });
    await s.enter(t, 2);
    const rae = await s.player(`Rae Race ${i}`);
    const entryId = await walkIn(td, t, rae);
    await setStart(td, t, rae, 1000);
    const [removed, started] = await Promise.all([
      answered(removeCashEntry(s.sender, { organiserId: td.id, tournament: { id: t.id }, entryId })),
      answered(startTournament(s.sender, { organiserId: td.id, tournament: { id: t.id } })),
    ]);
    // One of them wins; a start refused by the removal meanwhile is the director's to run again.
    expect([removed.status, started.status]).toContain(200);
    const inDraw = await s.count("matches", "tournament_id = ? and (player1_id = ? or player2_id = ?)", [
      t.id,
      rae.id,
      rae.id,
    ]);
    if (removed.status === 200) {
      expect(inDraw).toBe(0);
      expect(await starts(rae)).toBe(0);
      expect(await stored(rae)).toBeNull();
    } else {
      expect(inDraw).toBeGreaterThan(0);
      expect(await stored(rae)).toEqual({ rating: 1000, setBy: td.id, capRating: 1000 });
    }
  }
});

test("a director's own capped event reads their start before it stands; another's does not", async () => {
  const td = await s.organiser("Owen Own");
  const open = await s.tournament(td, { maxPlayers: 8 });
  const [kit] = await s.enter(open, 1, () => "Kit Known");
  if (!kit) throw new Error("an entrant");
  await setStart(td, open, kit, 620);
  const theirs = await s.tournament(td, { maxPlayers: 8, maxRating: 550 });
  expect(await answered(s.join(kit, theirs))).toEqual({ status: 403, message: ratingCapMessage(550) });
  expect(await capAnswer(kit, 550)).toEqual({ status: 200, message: null });
});
