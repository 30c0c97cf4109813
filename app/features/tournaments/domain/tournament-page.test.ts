import { expect, test } from "vitest";
import { applyResult } from "../../play/domain/apply-result.ts";
import { type BracketMatch, withChanges } from "../../play/domain/bracket.ts";
import type { Reserve } from "../../entries/domain/check-in.ts";
import { generateFormat } from "./formats.ts";
import type { MatchView } from "../../play/domain/play.ts";
import type { QueueState } from "../../floor/domain/queue-views.ts";
import { hear, withNews, type HeardMatches } from "../../../domain/match-news.ts";
import { bracketTabWith } from "../../play/domain/bracket-tab.ts";
import { pageTab, tournamentPage, type TournamentPageReads } from "./tournament-page.ts";
import type { TournamentStatus, TournamentType } from "../../../domain/tournaments.ts";
import { dateInZone } from "../../../domain/dates.ts";

/** A match of an event without handicaps or ratings shown. */
const unrated = { race1: null, race2: null, player1Rating: null, player2Rating: null };

const NOW = 1_900_000_000_000;
const MINUTE = 60_000;
const names: Record<string, string> = { p1: "Ann", p2: "Bo", p3: "Cy", p4: "Di", team1: "Cue Tips", team2: "Safeties" };
const players = ["p1", "p2", "p3", "p4"].map((id) => ({ id, name: names[id] ?? id }));

// Who may be looking.
const director = { id: "td1", userType: "organiser" as const };
const otherDirector = { id: "td2", userType: "organiser" as const };
const ann = { id: "p1", userType: "player" as const };
const stranger = { id: "p9", userType: "player" as const };

type Tournament = TournamentPageReads["tournament"];

function tournament(over: Partial<Tournament> = {}): Tournament {
  return {
    id: "t1",
    slug: "friday-knockout",
    name: "Friday Knockout",
    venue: "The Red Lion",
    date: "2030-12-06",
    time: "19:30",
    entryFeePence: 1000,
    siteFeePence: 100,
    organiserId: "td1",
    status: "open",
    registrationDeadline: null,
    rules: null,
    format: null,
    maxPlayers: 8,
    handicap: "none",
    maxRating: null,
    tournamentType: "single_elimination",
    matchType: "1v1",
    seeding: "random",
    advancePerGroup: null,
    raceTo: 5,
    resultsFromTables: "record",
    breakRule: "winner",
    payoutStructure: "winner_ru",
    tdName: "Dana",
    organisationName: "Red Lion League",
    playerCount: 4,
    placesTaken: 4,
    holds: 0,
    players,
    teams: [],
    ...over,
  };
}

function reads(over: Partial<TournamentPageReads> = {}): TournamentPageReads {
  return {
    tournament: tournament(),
    user: null,
    matches: [],
    prizes: [],
    tables: [],
    registrations: [],
    plan: null,
    seeds: [],
    checkIn: null,
    mine: null,
    queue: null,
    withdrawn: new Set(),
    ...over,
  };
}

const page = (r: TournamentPageReads, address = "") =>
  tournamentPage(r, { search: new URLSearchParams(address), now: NOW, origin: "https://breakandrun.test" });

/** A format drawn for `entries` in that order. */
function drawn(type: TournamentType, entries: readonly string[]): BracketMatch[] {
  let next = 0;
  return generateFormat(type, entries, () => `m${++next}`, NOW, {
    grandFinal: "reset",
    groupSize: 4,
    advancePerGroup: 2,
  });
}

function win(matches: BracketMatch[], label: string, matchNumber: number, winnerId: string) {
  const match = matches.find((m) => m.label === label && m.matchNumber === matchNumber);
  if (!match) throw new Error(`no ${label} ${matchNumber}`);
  return withChanges(matches, applyResult(matches, match.id, { winnerId }, { raceTo: null, now: NOW }));
}

/** Matches as the page reads them: names beside the ids; `atTable` puts one in play on Table 1. */
function shown(matches: readonly BracketMatch[], atTable?: string): MatchView[] {
  const named = (id: string | null) => (id === null ? null : { name: names[id] ?? id });
  return matches.map((m) => ({
    ...m,
    player1: named(m.player1Id),
    player2: named(m.player2Id),
    ...unrated,
    ...(m.id === atTable
      ? { status: "in_progress" as const, tableId: "tb1", tableName: "Table 1", calledAt: NOW - 5 * MINUTE }
      : { tableId: null, tableName: null, calledAt: null }),
    pinnedTableId: null,
    awaitingApproval: false,
  }));
}

/** The semi-finals drawn (Ann v Di, Bo v Cy), Ann and Di called to Table 1. */
const semis = () => shown(drawn("single_elimination", ["p1", "p2", "p3", "p4"]), "m1");

const queueOf = (status: QueueState["tournament"]["status"], matches: MatchView[]): QueueState => ({
  tournament: {
    id: "t1",
    organiserId: "td1",
    status,
    startedAt: NOW - 30 * MINUTE,
    autoAssign: false,
    noShowMinutes: 10,
  },
  matches: matches.map((m) => ({ ...m, completedAt: null })),
  tables: [
    { id: "tb1", name: "Table 1", inRotation: true, busy: { calledAt: NOW - 5 * MINUTE } },
    { id: "tb2", name: "Table 2", inRotation: true, busy: null },
  ],
  averageMs: 20 * MINUTE,
});

const reserve = (id: string, playerId: string, ticket: number, over: Partial<Reserve> = {}) => ({
  id,
  playerId,
  joinedAt: NOW - ticket * MINUTE,
  ticket,
  offeredAt: null,
  offerExpiresAt: null,
  name: names[playerId] ?? playerId,
  ...over,
});

test("a visitor before the start: the details, the entry's price and state, nobody's own part", () => {
  const p = page(reads());
  expect(p.tab).toBe("details");
  expect(p.viewer).toBeNull();
  expect(p.tournament).toMatchObject({ slug: "friday-knockout", format: "8-ball knockout", teamSize: 1, players });
  expect(p.payoutText).toBe("Winner and runner-up (70% / 30%)");
  expect(p.entry).toEqual({
    registration: "open",
    deadlinePassed: false,
    me: null,
    leaveText:
      "You get £10.00 back to your balance. The £1.00 site fee is not refunded. Your place goes to the next player.",
    checkin: false,
  });
  expect(p.play).toMatchObject({
    matches: [],
    you: null,
    yourStanding: null,
    called: null,
    league: null,
    groups: null,
  });
  expect(p.director).toBeNull();
  expect(p.results).toBeNull();
  expect(p.paymentToast).toBeNull();
  expect(p.dialog).toEqual({ confirm: null, resultFor: null, correctFor: null, entryFor: null, walkover: null });
  // Arrived by the venue's QR code.
  expect(page(reads(), "checkin=1").entry.checkin).toBe(true);
});

test("entries: full on the places taken (holds and reserves count), closed once the deadline has passed", () => {
  expect(page(reads({ tournament: tournament({ playerCount: 6, placesTaken: 8 }) })).entry.registration).toBe("full");
  const late = page(reads({ tournament: tournament({ registrationDeadline: NOW - 1 }) })).entry;
  expect(late).toMatchObject({ registration: "closed", deadlinePassed: true });
});

test("a player entered before the start: registered, their check-in, may leave; the page opens on the details", () => {
  const p = page(reads({ user: ann, mine: { checkedInAt: NOW - MINUTE, reserves: [] } }), "confirm=leave");
  expect(p.viewer).toEqual({ id: "p1", userType: "player", isOwner: false });
  expect(p.entry.registration).toBe("registered");
  expect(p.entry.me).toEqual({
    entered: true,
    checkedIn: true,
    reservePosition: null,
    captain: true,
    paidAtBar: false,
  });
  expect(p.dialog.confirm).toBe("leave");
  expect(p.director).toBeNull();
  // Not checked in yet.
  expect(page(reads({ user: ann, mine: { checkedInAt: null, reserves: [] } })).entry.me?.checkedIn).toBe(false);
});

test("a player not entered: paying for a place, or waiting on a full tournament's reserve list", () => {
  const paying = page(reads({ user: stranger, registrations: [{ tournamentId: "t1", paid: false }] }));
  expect(paying.entry.registration).toBe("pending");
  expect(paying.entry.me).toEqual({
    entered: false,
    checkedIn: false,
    reservePosition: null,
    captain: true,
    paidAtBar: false,
  });
  // A hold in another tournament is not this one's.
  const elsewhere = page(reads({ user: stranger, registrations: [{ tournamentId: "t2", paid: false }] }));
  expect(elsewhere.entry.registration).toBe("open");

  const list = [reserve("r1", "p8", 1), reserve("r2", "p9", 2)];
  const full = tournament({ placesTaken: 8 });
  const waiting = page(reads({ tournament: full, user: stranger, mine: { checkedInAt: null, reserves: list } }));
  expect(waiting.entry.registration).toBe("full");
  expect(waiting.entry.me?.reservePosition).toBe(2);
});

test("the director before the start: check-in and the reserve list, seeding by hand, the queue's settings", () => {
  const checkIn = {
    entries: [
      { registrationId: "e1", entryId: "p1", name: "Ann", checkedInAt: NOW - MINUTE, withdrawnAt: null },
      { registrationId: "e2", entryId: "p2", name: "Bo", checkedInAt: null, withdrawnAt: null },
      { registrationId: "e3", entryId: "p3", name: "Cy", checkedInAt: null, withdrawnAt: null },
    ],
    reserves: [
      reserve("r1", "p8", 1, { offeredAt: NOW - MINUTE, offerExpiresAt: NOW + 14 * MINUTE }),
      reserve("r2", "p9", 2),
      // An offer that ran out: off the list.
      reserve("r3", "p7", 3, { offeredAt: NOW - 20 * MINUTE, offerExpiresAt: NOW - 5 * MINUTE }),
    ],
  };
  const seeds = players.map((p, i) => ({ playerId: p.id, name: p.name, seed: i + 1 }));
  const r = reads({
    tournament: tournament({ seeding: "manual" }),
    user: director,
    checkIn,
    seeds,
    tables: [{ id: "tb1", name: "Table 1", busyWith: null }],
    queue: queueOf("open", []),
  });
  const p = page(r, "confirm=start");
  expect(p.viewer).toEqual({ id: "td1", userType: "organiser", isOwner: true });
  expect(p.entry.me).toBeNull();
  expect(p.director?.checkIn).toEqual({
    teamEvent: false,
    entries: checkIn.entries,
    absent: 2,
    // The start's dialog names who dropping would take out.
    absentNames: ["Bo", "Cy"],
    reserves: [
      { id: "r1", name: "p8", state: "offered", position: null, offerExpiresAt: NOW + 14 * MINUTE },
      { id: "r2", name: "p9", state: "waiting", position: 1, offerExpiresAt: null },
    ],
  });
  expect(p.director?.seeds).toEqual(seeds);
  expect(p.director?.queue).toMatchObject({ status: "open", autoAssign: false, noShowMinutes: 10, queue: [] });
  // The tables are for putting matches on them, and entries are withdrawn: during play only.
  expect(p.director?.tables).toEqual([]);
  expect(p.director?.entries).toBeNull();
  const playing = page({ ...r, tournament: tournament({ status: "in_progress" }), withdrawn: new Set(["p2"]) });
  expect(playing.director?.entries).toEqual({
    teamEvent: false,
    rows: [
      { registrationId: "e1", name: "Ann" },
      { registrationId: "e2", name: "Bo" },
      { registrationId: "e3", name: "Cy" },
    ],
  });
  expect(playing.tournament.withdrawn).toEqual(["p2"]);
  expect(playing.director?.checkIn).toBeNull();
  expect(p.dialog.confirm).toBe("start");
  // Drawn at random: no seeding form.
  expect(page({ ...r, tournament: tournament() }).director?.seeds).toBeNull();
  // Another director sees the page as anyone does.
  const other = page({ ...r, user: otherDirector });
  expect(other.viewer?.isOwner).toBe(false);
  expect(other.director).toBeNull();
});

test("the withdraw list: only the entries still in the event, neither withdrawn nor knocked out", () => {
  // Bo v Cy is won by Cy: Bo is out. Di has been withdrawn; the walkover to Ann is not in yet.
  const matches = shown(win(drawn("single_elimination", ["p1", "p2", "p3", "p4"]), "Semi-Finals", 2, "p3"));
  const entry = (n: number, id: string, withdrawnAt: number | null = null) => ({
    registrationId: `e${n}`,
    entryId: id,
    name: names[id] ?? id,
    checkedInAt: null,
    withdrawnAt,
  });
  const checkIn = { entries: [entry(1, "p1"), entry(2, "p2"), entry(3, "p3"), entry(4, "p4", NOW)], reserves: [] };
  const live = tournament({ status: "in_progress" });
  const run = page(reads({ tournament: live, user: director, matches, checkIn, withdrawn: new Set(["p4"]) }));
  expect(run.director?.entries?.rows).toEqual([
    { registrationId: "e1", name: "Ann" },
    { registrationId: "e3", name: "Cy" },
  ]);
  // Asked for by the address, an entry no longer in opens no confirmation: its list is all there is.
  expect(run.director?.entries?.rows.some((e) => e.registrationId === "e2")).toBe(false);
});

test("the director's panels before the start: walk-ins open, check-in on the night, the rest when asked", () => {
  const today = dateInZone(NOW);
  const open = (over: Partial<Tournament>, address = "") =>
    page(reads({ tournament: tournament(over), user: director }), address).director?.open;
  expect(open({ date: "2030-12-06" })).toEqual({
    "walk-ins": true,
    "check-in": false,
    ratings: false,
    qr: false,
    settings: false,
    seeding: false,
  });
  expect(open({ date: today })).toMatchObject({ "walk-ins": true, "check-in": true, ratings: false, qr: false });
  // A form of a closed panel comes back to it open (?open=, the address its answer redirects to).
  expect(open({ date: "2030-12-06" }, "open=ratings")).toMatchObject({ ratings: true, "check-in": false });
  expect(open({ date: "2030-12-06" }, "open=check-in")).toMatchObject({ "check-in": true });
  expect(open({ date: "2030-12-06" }, "open=seeding")).toMatchObject({ seeding: true });
  // The settings' dialog keeps its panel open beneath it.
  expect(open({ date: "2030-12-06" }, "confirm=settings")).toMatchObject({ settings: true, ratings: false });
  // During play there is no panel to open: the floor is the director's screen.
  expect(Object.values(open({ date: today, status: "in_progress" }, "open=check-in") ?? {})).not.toContain(true);
});

test("in play: the bracket tab first; the director's tables and queue, the entrant's standing and call", () => {
  const live = tournament({ status: "in_progress" });
  const matches = semis();
  const tables = [
    { id: "tb1", name: "Table 1", busyWith: "m1" },
    { id: "tb2", name: "Table 2", busyWith: null },
  ];
  const run = page(
    reads({ tournament: live, user: director, matches, tables, queue: queueOf("in_progress", matches) }),
  );
  // The director opens on the floor; anyone else on the bracket.
  expect(run.tab).toBe("floor");
  expect(run.play.matches).toHaveLength(3);
  expect(run.play.finalPlayed).toBe(false);
  expect(run.play.you).toBeNull();
  expect(run.director?.tables).toEqual(tables);
  expect(run.director?.checkIn).toBeNull();
  expect(run.director?.seeds).toBeNull();
  expect(run.director?.queue?.tables[0]?.playing).toMatchObject({
    title: "Semi-Finals · Match 1",
    player1: { id: "p1", name: "Ann" },
    player2: { id: "p4", name: "Di" },
    noShowAt: NOW + 5 * MINUTE,
    score: [0, 0],
    awaitingApproval: false,
    walkoverAllowed: true,
    // Flagged on the floor ten minutes after the call while nobody has scored a rack.
    unscoredAt: NOW + 5 * MINUTE,
  });
  expect(run.director?.queue?.queue.map((q) => q.players)).toEqual(["Bo vs Cy"]);
  // Whether each table has a tablet: unknown unless its channel said.
  expect(run.director?.queue?.tables.map((t) => t.tablet)).toEqual([null, null]);
  const told = page(
    reads({
      tournament: live,
      user: director,
      matches,
      queue: queueOf("in_progress", matches),
      tablets: new Set(["tb2"]),
    }),
  );
  expect(told.director?.queue?.tables.map((t) => [t.name, t.tablet])).toEqual([
    ["Table 1", false],
    ["Table 2", true],
  ]);

  const annsPage = page(reads({ tournament: live, user: ann, matches }));
  expect(annsPage.tab).toBe("bracket");
  expect(annsPage.entry.registration).toBe("registered");
  // Check-in and leaving are over.
  expect(annsPage.entry.me).toBeNull();
  expect(annsPage.play.you).toBe("p1");
  expect(annsPage.play.yourStanding).toBe("In progress — now: vs Di on Table 1");
  expect(annsPage.play.called).toEqual({ table: "Table 1", opponent: "Di" });
  // Taken out of play (a no-show, or the director withdrew her): never "In progress", never called to a table.
  const withdrawnPage = page(reads({ tournament: live, user: ann, matches, withdrawn: new Set(["p1"]) }));
  expect(withdrawnPage.play.yourStanding).toBe("Withdrawn");
  expect(withdrawnPage.play.called).toBeNull();
  expect(withdrawnPage.play.withdrawn).toBe(true);
  expect(annsPage.play.withdrawn).toBe(false);
  // Redrawn from the page's matches in the browser, the same.
  expect(bracketTabWith(withdrawnPage, withdrawnPage.play.matches).yourStanding).toBe("Withdrawn");

  const visitors = page(reads({ tournament: live, matches }), "tab=details");
  expect(visitors.tab).toBe("details");
  expect(visitors.play.matches).toHaveLength(3);
  expect(visitors.play.you).toBeNull();
  expect(visitors.entry.registration).toBe("started");
});

test("the no-show walkover's confirmation: a called match nobody plays, naming who gets it and who is absent", () => {
  const live = tournament({ status: "in_progress" });
  const at = (matches: MatchView[], search: string, user: typeof director | typeof ann = director) =>
    page(reads({ tournament: live, user, matches, queue: queueOf("in_progress", matches) }), search);
  const ask = "confirm=walkover&match=m1&winner=p1";
  const run = at(semis(), ask);
  expect(run.dialog.walkover).toEqual({
    matchId: "m1",
    title: "Semi-Finals · Match 1",
    table: "Table 1",
    winner: { id: "p1", name: "Ann" },
    absent: { id: "p4", name: "Di" },
  });
  expect(at(semis(), "confirm=walkover&match=m1&winner=p4").dialog.walkover).toMatchObject({
    winner: { name: "Di" },
    absent: { name: "Ann" },
  });
  // Not a player of the match, a match not called, no winner, another dialog, or not the director: nothing.
  for (const search of [
    "confirm=walkover&match=m1&winner=p2",
    "confirm=walkover&match=m2&winner=p2",
    "confirm=walkover&match=m1",
    ask.replace("walkover", "settings"),
  ]) {
    expect(at(semis(), search).dialog.walkover).toBeNull();
  }
  expect(at(semis(), ask, ann).dialog.walkover).toBeNull();
  // Racks scored at the table, or a result there waiting for approval: the match is being played.
  const scored = semis().map((m) => (m.id === "m1" ? { ...m, player2Score: 1 } : m));
  const waiting = semis().map((m) => (m.id === "m1" ? { ...m, awaitingApproval: true } : m));
  for (const matches of [scored, waiting]) {
    const p = at(matches, ask);
    expect(p.director?.queue?.tables[0]?.playing?.walkoverAllowed).toBe(false);
    expect(p.dialog.walkover).toBeNull();
  }
});

test("the matches stay off the page until the start, and the bracket tab is asked for by the address", () => {
  const p = page(reads({ matches: semis() }), "tab=bracket");
  expect(p.tab).toBe("bracket");
  expect(p.play.matches).toEqual([]);
});

test("finalize: the payouts the dialog shows once the final is played, or why there are none", () => {
  const live = tournament({ status: "in_progress", maxPlayers: 4 });
  const planned = (bracket: BracketMatch[], cash: { guest?: string; balancePence?: number } = {}) => ({
    t: { ...live, rakeType: "fixed" as const, rakeValue: 100 },
    entries: players.map((p) => ({ playerId: p.id, name: p.name, cash: p.id === cash.guest })),
    bracket,
    guests: new Map(cash.guest ? [[cash.guest, "Gus"]] : []),
    directorBalance: { balancePence: cash.balancePence ?? 0 },
  });
  let bracket = drawn("single_elimination", ["p1", "p2", "p3", "p4"]);
  const early = page(reads({ tournament: live, user: director, plan: planned(bracket) }), "confirm=finalize");
  expect(early.director).toMatchObject({ preview: null, previewProblem: "The final has not been played yet" });

  bracket = win(win(win(bracket, "Semi-Finals", 1, "p1"), "Semi-Finals", 2, "p2"), "Final", 1, "p1");
  const ready = page(
    reads({ tournament: live, user: director, matches: shown(bracket), plan: planned(bracket) }),
    "confirm=finalize",
  );
  expect(ready.play.finalPlayed).toBe(true);
  expect(ready.director?.previewProblem).toBeNull();
  expect(ready.director?.preview?.rows.map((r) => [r.position, r.playerName])).toEqual([
    ["1st", "Ann"],
    ["2nd", "Bo"],
  ]);
  // Every entry paid online: nothing to say of cash.
  expect(ready.director?.settlement).toBeNull();

  // Ann walked in as a guest and won: her prize is handed over in cash, and the escrow keeps it for the director.
  const withGuest = page(
    reads({ tournament: live, user: director, matches: shown(bracket), plan: planned(bracket, { guest: "p1" }) }),
    "confirm=finalize",
  );
  const pool = 4 * (live.entryFeePence - 100);
  const [first] = withGuest.director?.preview?.rows ?? [];
  expect(withGuest.director?.settlement).toMatchObject({
    cashEntries: 1,
    siteFeesChargedPence: live.siteFeePence,
    paidInCash: [{ name: "Gus", position: "1st", amountPence: first?.amountPence }],
    shortfallPence: 0,
  });
  expect(first?.amountPence).toBeLessThan(pool);
});

test("finished: the results lead; the director has no queue left to run", () => {
  let bracket = drawn("single_elimination", ["p1", "p2", "p3", "p4"]);
  bracket = win(win(win(bracket, "Semi-Finals", 1, "p1"), "Semi-Finals", 2, "p2"), "Final", 1, "p1");
  const matches = shown(bracket);
  const prizes = [
    { playerId: "p1", name: "Ann", position: "1st", amountPence: 2520 },
    { playerId: "p2", name: "Bo", position: "2nd", amountPence: 1080 },
  ];
  const done = tournament({ status: "finished" });
  const p = page(reads({ tournament: done, user: director, matches, prizes, queue: queueOf("finished", matches) }));
  expect(p.tab).toBe("details");
  expect(p.results?.podium[0]).toMatchObject({ label: "Champion", players: [{ name: "Ann", prizePence: 2520 }] });
  expect(p.director?.queue).toBeNull();
  expect(page(reads({ tournament: done, user: ann, matches, prizes })).play.yourStanding).toBe("Champion");
});

test("a team event: the team's price and standing; only the captain takes the team out", () => {
  const teams = [
    { id: "team1", name: "Cue Tips", captainId: "p1", members: players.slice(0, 2) },
    { id: "team2", name: "Safeties", captainId: "p3", members: players.slice(2) },
  ];
  const doubles = tournament({ matchType: "2v2", teams, playerCount: 2, placesTaken: 2 });
  const bo = { id: "p2", userType: "player" as const };
  const before = page(reads({ tournament: doubles, user: bo, mine: { checkedInAt: null, reserves: [] } }));
  expect(before.tournament.teamSize).toBe(2);
  expect(before.entry.me).toEqual({
    entered: true,
    checkedIn: false,
    reservePosition: null,
    captain: false,
    paidAtBar: false,
  });
  expect(before.entry.leaveText).toBe(
    "You get £20.00 back to your balance. The £2.00 site fee is not refunded. Your whole team leaves with you. " +
      "Your place goes to the next player.",
  );
  expect(page(reads({ tournament: doubles, user: ann })).entry.me?.captain).toBe(true);

  const final = shown(drawn("single_elimination", ["team1", "team2"]), "m1");
  const during = page(reads({ tournament: { ...doubles, status: "in_progress" }, user: bo, matches: final }));
  expect(during.play.you).toBe("team1");
  expect(during.play.yourStanding).toBe("In progress — now: vs Safeties on Table 1");
});

test("a round robin shows its table; groups into a knockout, each group's", () => {
  const league = tournament({ status: "in_progress", tournamentType: "round_robin" });
  const fixtures = shown(drawn("round_robin", ["p1", "p2", "p3", "p4"]));
  const rows = page(reads({ tournament: league, matches: fixtures })).play.league;
  expect(rows?.map((r) => r.name).sort()).toEqual(["Ann", "Bo", "Cy", "Di"]);
  expect(page(reads({ tournament: league, matches: fixtures })).play.groups).toBeNull();

  const tier = tournament({ status: "in_progress", tournamentType: "round_robin_tier", advancePerGroup: 2 });
  const groups = shown(drawn("round_robin_tier", ["p1", "p2", "p3", "p4"]));
  const p = page(reads({ tournament: tier, matches: groups }));
  expect(p.play.league).toBeNull();
  expect(p.play.groups?.map((g) => g.group)).toEqual(["A"]);
  expect(p.play.advancePerGroup).toBe(2);
});

test("the address: a card payment's return toast, and the match a result or correction dialog is for", () => {
  expect(page(reads({ user: ann }), "payment=success").paymentToast).toMatchObject({
    id: "payment-success",
    title: "Payment Successful!",
  });
  expect(page(reads(), "result=m1").dialog).toEqual({
    confirm: null,
    resultFor: "m1",
    correctFor: null,
    entryFor: null,
    walkover: null,
  });
  expect(page(reads(), "confirm=withdraw&entry=e2").dialog).toMatchObject({ confirm: "withdraw", entryFor: "e2" });
  expect(page(reads(), "correct=m2").dialog.correctFor).toBe("m2");
  expect(page(reads(), "confirm=remove-walk-in&entry=e1").dialog).toMatchObject({
    confirm: "remove-walk-in",
    entryFor: "e1",
  });
});

test("news of the matches a result changed, laid over a page's read, draws the tab as a read afterwards would", () => {
  for (const type of ["single_elimination", "double_elimination", "round_robin"] as const) {
    const t = tournament({ status: "in_progress", tournamentType: type });
    let bracket = drawn(type, ["p1", "p2", "p3", "p4"]);
    const firstRead = shown(bracket);
    for (const user of [null, ann]) {
      const before = page(reads({ tournament: t, user, matches: firstRead }));
      let heard: HeardMatches = { readAt: NOW, news: new Map() };
      let played = bracket;
      for (let step = 1; ; step++) {
        const next = played.find((m) => m.status !== "completed" && m.player1Id && m.player2Id && !m.isBye);
        if (!next?.player1Id) break;
        const changes = applyResult(played, next.id, { winnerId: next.player1Id }, { raceTo: null, now: NOW });
        played = withChanges(played, changes);
        // The message: the changed matches as the write left them, heard in turn.
        const after = shown(played);
        heard = hear(
          heard,
          NOW + step,
          after.filter((m) => changes.some((c) => c.id === m.id)),
        );
        const matches = withNews(firstRead, heard);
        expect(matches, `${type}: a result changes only matches the page has`).not.toBeNull();
        const redrawn = bracketTabWith(before, matches ?? []);
        expect(redrawn, `${type}, step ${step}, ${user ? "Ann" : "a visitor"}`).toEqual(
          page(reads({ tournament: t, user, matches: after })).play,
        );
      }
      // Played to the end, every result redrawn.
      expect(played.filter((m) => m.status === "completed" && !m.isBye).length).toBeGreaterThanOrEqual(3);
      bracket = drawn(type, ["p1", "p2", "p3", "p4"]);
    }
  }
});

test("news from before the page's read adds nothing; a match the page has not read asks for a read", () => {
  const read = semis();
  const heard: HeardMatches = { readAt: NOW, news: new Map() };
  expect(hear(heard, NOW - 1, [{ id: "m1", player1Score: 3 }])).toBe(heard);
  const later = hear(hear(heard, NOW + 2, [{ id: "m1", player1Score: 3 }]), NOW + 1, [{ id: "m1", player1Score: 1 }]);
  expect(withNews(read, later)?.find((m) => m.id === "m1")?.player1Score).toBe(3);
  expect(withNews(read, hear(heard, NOW + 1, [{ id: "m99", player1Score: 1 }]))).toBeNull();
});

test("the tab: the floor is the director's first screen during play, and theirs only", () => {
  const cases: [string | null, TournamentStatus, boolean, string][] = [
    [null, "in_progress", true, "floor"],
    [null, "in_progress", false, "bracket"],
    ["floor", "in_progress", false, "bracket"],
    ["floor", "open", true, "details"],
    ["floor", "finished", true, "details"],
    ["bracket", "in_progress", true, "bracket"],
    ["bracket", "open", false, "bracket"],
    ["details", "in_progress", true, "details"],
    [null, "open", true, "details"],
    [null, "finished", false, "details"],
    ["nonsense", "in_progress", true, "floor"],
  ];
  for (const [asked, status, isOwner, tab] of cases) {
    expect(pageTab(asked, status, isOwner), `${asked} ${status} ${isOwner}`).toBe(tab);
  }
});

test("the floor's table shows the live rack score and a result waiting for approval", () => {
  const live = tournament({ status: "in_progress" });
  const scored = semis().map((m) => (m.id === "m1" ? { ...m, player1Score: 2, player2Score: 1 } : m));
  const waiting = scored.map((m) => (m.id === "m1" ? { ...m, awaitingApproval: true } : m));
  const at = (matches: MatchView[]) =>
    page(reads({ tournament: live, user: director, matches, queue: queueOf("in_progress", matches) })).director?.queue
      ?.tables[0]?.playing;
  expect(at(scored)).toMatchObject({
    score: [2, 1],
    awaitingApproval: false,
    walkoverAllowed: false,
    unscoredAt: null,
  });
  expect(at(waiting)).toMatchObject({
    score: [2, 1],
    awaitingApproval: true,
    walkoverAllowed: false,
    unscoredAt: null,
  });
});
