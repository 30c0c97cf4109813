import fc from "fast-check";
import { expect, test } from "vitest";
import { type BracketMatch, playableMatches, withChanges } from "../../play/domain/bracket.ts";
import { generateBracket } from "../../play/domain/generate-bracket.ts";
import { applyResult } from "../../play/domain/apply-result.ts";
import { champion } from "../../play/domain/bracket-places.ts";
import { generateDoubleElimination } from "../../play/domain/double-elimination.ts";
import { generateFormat } from "../../tournaments/domain/formats.ts";
import { knockoutAfterGroups } from "../../play/domain/groups.ts";
import { playerStanding, roundPhrase, type StandingMatch, standingText } from "./player-standing.ts";

const NOW = 1_700_000_000_000;
const names: Record<string, string> = { p1: "Ann", p2: "Bo", p3: "Cy", p4: "Di", p5: "Ed", p6: "Flo" };

/** Matches as the screens have them: names beside the ids, and a table where one is set. */
function shown(matches: readonly BracketMatch[], tables: Record<string, string> = {}): StandingMatch[] {
  const named = (id: string | null) => (id === null ? null : { name: names[id] ?? id });
  return matches.map((m) => ({
    ...m,
    player1: named(m.player1Id),
    player2: named(m.player2Id),
    tableName: tables[m.id] ?? null,
  }));
}

function ids(n: number) {
  return Array.from({ length: n }, (_, i) => `p${i + 1}`);
}

function single(n: number) {
  let next = 0;
  return generateBracket(ids(n), () => `m${++next}`, NOW);
}

function win(matches: BracketMatch[], label: string, matchNumber: number, winnerId: string) {
  const match = matches.find((m) => m.label === label && m.matchNumber === matchNumber);
  if (!match) throw new Error(`no ${label} ${matchNumber}`);
  return withChanges(matches, applyResult(matches, match.id, { winnerId }, { raceTo: null, now: NOW }));
}

const text = (status: "open" | "in_progress" | "finished", matches: StandingMatch[], playerId: string) =>
  standingText(playerStanding(status, matches, playerId));

test("before the draw a player is registered", () => {
  expect(text("open", [], "p1")).toBe("Registered");
  expect(playerStanding("in_progress", [], "p1")).toEqual({ kind: "registered" });
});

test("single elimination: next match and opponent, at a table, knocked out by round, runner-up, champion", () => {
  // Four players: Ann v Di and Bo v Cy in the semi-finals (standard seeding 1v4, 2v3).
  let matches = single(4);
  const semi1 = matches.find((m) => m.label === "Semi-Finals" && m.matchNumber === 1) as BracketMatch;
  expect(text("in_progress", shown(matches), "p1")).toBe("In progress — next: vs Di");
  // On a table: playing now, and where.
  const atTable = shown(withChanges(matches, [{ id: semi1.id, set: { status: "in_progress" } }]), {
    [semi1.id]: "Table 1",
  });
  expect(text("in_progress", atTable, "p4")).toBe("In progress — now: vs Ann on Table 1");
  const playing = playerStanding("in_progress", atTable, "p4");
  expect(playing).toMatchObject({ kind: "playing", opponent: "Ann", atTable: true, match: { id: semi1.id } });

  matches = win(matches, "Semi-Finals", 1, "p1");
  // The winner waits for the other semi-final: the final's opponent is not known yet.
  expect(text("in_progress", shown(matches), "p1")).toBe("In progress — next: vs TBD");
  expect(text("in_progress", shown(matches), "p4")).toBe("Knocked out in the Semi-Finals");
  expect(playerStanding("in_progress", shown(matches), "p4")).toEqual({
    kind: "out",
    round: "Semi-Finals",
    place: { from: 3, to: 4 },
  });
  matches = win(matches, "Semi-Finals", 2, "p3");
  expect(text("in_progress", shown(matches), "p1")).toBe("In progress — next: vs Cy");
  matches = win(matches, "Final", 1, "p3");
  expect(text("in_progress", shown(matches), "p3")).toBe("Champion");
  expect(text("finished", shown(matches), "p1")).toBe("Runner-up");
  expect(text("finished", shown(matches), "p2")).toBe("Knocked out in the Semi-Finals");
});

test("early rounds are named without 'the'; a bye is not a loss", () => {
  // Nine players: seeds 1 to 7 have byes, seed 8 plays seed 9 for a place against seed 1.
  let matches = single(9);
  expect(text("in_progress", shown(matches), "p1")).toBe("In progress — next: vs TBD");
  matches = win(matches, "Round 1", 2, "p8");
  expect(text("in_progress", shown(matches), "p9")).toBe("Knocked out in Round 1");
  expect(text("in_progress", shown(matches), "p1")).toBe("In progress — next: vs p8");
  expect(roundPhrase("Losers Round 2")).toBe("Losers Round 2");
  expect(roundPhrase("Quarter-Finals")).toBe("the Quarter-Finals");
});

test("double elimination: a first loss drops a player to the losers' bracket, the second puts them out", () => {
  let next = 0;
  let matches = generateDoubleElimination(ids(4), () => `d${++next}`, NOW, "reset");
  matches = win(matches, "Winners Semi-Finals", 1, "p1");
  // Di lost once: still in, next in the losers' bracket against the other semi-final's loser.
  expect(playerStanding("in_progress", shown(matches), "p4")).toMatchObject({
    kind: "playing",
    match: { label: "Losers Semi-Final" },
    opponent: null,
  });
  matches = win(matches, "Winners Semi-Finals", 2, "p2");
  expect(text("in_progress", shown(matches), "p4")).toBe("In progress — next: vs Cy");
  matches = win(matches, "Losers Semi-Final", 1, "p3");
  expect(text("in_progress", shown(matches), "p4")).toBe("Knocked out in the Losers Semi-Final");
  matches = win(matches, "Winners Final", 1, "p1");
  expect(text("in_progress", shown(matches), "p2")).toBe("In progress — next: vs Cy");
  matches = win(matches, "Losers Final", 1, "p2");
  expect(text("in_progress", shown(matches), "p3")).toBe("Knocked out in the Losers Final");
  // The losers' champion wins the grand final: a reset, both still in.
  matches = win(matches, "Grand Final", 1, "p2");
  expect(text("in_progress", shown(matches), "p1")).toBe("In progress — next: vs Bo");
  matches = win(matches, "Grand Final Reset", 1, "p2");
  expect(text("in_progress", shown(matches), "p2")).toBe("Champion");
  expect(text("in_progress", shown(matches), "p1")).toBe("Runner-up");
});

test("double elimination, eight entries: 'Knocked out in Losers Round 1' for the first to lose twice", () => {
  let next = 0;
  const start = generateDoubleElimination(ids(8), () => `e${++next}`, NOW, "single");
  // Any evening: which playable match (by remainder) and who wins it, move by move, the moves used again from the
  // first once used up (so a failure shrinks to a few).
  const moves = fc.array(fc.record({ pick: fc.nat(), player1Wins: fc.boolean() }), {
    minLength: 1,
    maxLength: start.length,
  });
  fc.assert(
    fc.property(moves, (drawn) => {
      let matches = start;
      const seen = new Set<string>();
      for (let step = 0; champion(matches) === null; step++) {
        const { pick, player1Wins } = drawn[step % drawn.length] ?? { pick: 0, player1Wins: true };
        const playable = playableMatches(matches);
        const match = playable[pick % playable.length] as BracketMatch;
        const winnerId = (player1Wins ? match.player1Id : match.player2Id) as string;
        matches = withChanges(matches, applyResult(matches, match.id, { winnerId }, { raceTo: null, now: NOW }));
        for (const p of ids(8)) seen.add(text("in_progress", shown(matches), p).replace(/vs .*/, "vs …"));
      }
      expect(seen).toContain("Knocked out in Losers Round 1");
      expect(seen).toContain("Champion");
      expect(seen).toContain("Runner-up");
      // At the end everyone has a place: nobody is still "in progress".
      for (const p of ids(8)) expect(text("finished", shown(matches), p)).not.toMatch(/^In progress|^Finished/);
    }),
    { numRuns: 5 },
  );
});

test("an archived tournament: whoever was still in is shown as finished", () => {
  const matches = win(single(4), "Semi-Finals", 1, "p1");
  expect(text("finished", shown(matches), "p1")).toBe("Finished");
  expect(text("finished", shown(matches), "p4")).toBe("Knocked out in the Semi-Finals");
});

test("a round robin: nobody is out before the last match; then the table's places, first is champion", () => {
  let next = 0;
  let matches = generateFormat("round_robin", ids(3), () => `m${++next}`, NOW, {
    grandFinal: "reset",
    groupSize: 4,
    advancePerGroup: 2,
  });
  const better = (m: BracketMatch) => ((m.player1Id ?? "") < (m.player2Id ?? "") ? m.player1Id : m.player2Id);
  const [first, ...rest] = matches;
  if (!first) throw new Error("no matches");
  matches = withChanges(
    matches,
    applyResult(matches, first.id, { winnerId: better(first) }, { raceTo: null, now: NOW }),
  );
  // A first match won decides nothing yet.
  expect(text("in_progress", shown(matches), better(first) ?? "")).toMatch(/^In progress/);
  for (const m of rest) {
    matches = withChanges(matches, applyResult(matches, m.id, { winnerId: better(m) }, { raceTo: null, now: NOW }));
  }
  expect(text("in_progress", shown(matches), "p1")).toBe("Champion");
  expect(text("in_progress", shown(matches), "p2")).toBe("Finished 2nd");
  expect(text("finished", shown(matches), "p3")).toBe("Finished 3rd");
});

test("groups into a knockout: out in the groups names the group; in the knockout as a knockout", () => {
  let next = 0;
  const options = { grandFinal: "reset", groupSize: 3, advancePerGroup: 1 } as const;
  let matches = generateFormat("round_robin_tier", ids(6), () => `m${++next}`, NOW, options);
  const seeds = new Map(ids(6).map((id, i) => [id, i + 1]));
  const better = (m: BracketMatch) => ((m.player1Id ?? "") < (m.player2Id ?? "") ? m.player1Id : m.player2Id);
  for (const m of matches.filter((g) => g.bracket === "group")) {
    matches = withChanges(matches, applyResult(matches, m.id, { winnerId: better(m) }, { raceTo: null, now: NOW }));
    matches = [...matches, ...knockoutAfterGroups(matches, seeds, 1, () => `k${++next}`, NOW).draw];
  }
  // Groups A (p1 p4 p5) and B (p2 p3 p6): p1 and p2 go through to a final.
  expect(text("in_progress", shown(matches), "p4")).toBe("Knocked out in Group A");
  expect(text("in_progress", shown(matches), "p1")).toBe("In progress — next: vs Bo");
  matches = win(matches, "Final", 1, "p2");
  expect(text("finished", shown(matches), "p2")).toBe("Champion");
  expect(text("finished", shown(matches), "p1")).toBe("Runner-up");
});

test("a withdrawn entry is never in progress: withdrawn while play goes on, its place once the night is over", () => {
  // Ann won her quarter-final, then had to leave: her semi-final waits for its other player (a walkover to come).
  let matches = single(8);
  matches = win(matches, "Quarter-Finals", 1, "p1");
  expect(text("in_progress", shown(matches), "p1")).toBe("In progress — next: vs TBD");
  const withdrawn = (status: "in_progress" | "finished", list: BracketMatch[]) =>
    playerStanding(status, shown(list), "p1", true);
  expect(withdrawn("in_progress", matches)).toEqual({ kind: "withdrawn" });
  expect(standingText(withdrawn("in_progress", matches))).toBe("Withdrawn");
  // Between matches too, and after the walkover put her out.
  const quarter2 = matches.find((m) => m.label === "Quarter-Finals" && m.matchNumber === 2) as BracketMatch;
  const other = quarter2.player1Id as string;
  const walkedOver = win(win(matches, "Quarter-Finals", 2, other), "Semi-Finals", 1, other);
  expect(standingText(withdrawn("in_progress", walkedOver))).toBe("Withdrawn");
  // Finished: the place her results gave her, as for everyone else.
  expect(standingText(withdrawn("finished", walkedOver))).toBe("Knocked out in the Semi-Finals");
});
