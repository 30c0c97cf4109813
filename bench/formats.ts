// Formats: a 512-entry double elimination generated and played to
// the end by our bracket module and, in the same run, by brackets-manager
// (in-memory storage, same results policy: player 1 of each ready match wins);
// a 32-entry round robin's fixtures and standings; 128 entries in groups of
// four into a knockout, drawn and played to the end as the service does (each
// group result asks whether the knockout is due).
import { BracketsManager } from "brackets-manager";
import { InMemoryDatabase } from "brackets-memory-db";
import { playableMatches, withChanges } from "../app/features/play/domain/bracket.ts";
import { applyResult } from "../app/features/play/domain/apply-result.ts";
import { champion } from "../app/features/play/domain/bracket-places.ts";
import { generateDoubleElimination } from "../app/features/play/domain/double-elimination.ts";
import { generateFormat } from "../app/features/tournaments/domain/formats.ts";
import { knockoutAfterGroups } from "../app/features/play/domain/groups.ts";
import { leagueStandings, roundRobinFixtures } from "../app/features/play/domain/round-robin.ts";

const READY = 2; // brackets-model's Status.Ready: both participants known, no result.

function ours(players: string[]) {
  let n = 0;
  let t = performance.now();
  let matches = generateDoubleElimination(players, () => `m${++n}`, Date.now(), "reset");
  const generateMs = performance.now() - t;
  t = performance.now();
  while (champion(matches) === null) {
    const next = playableMatches(matches)[0];
    if (!next) throw new Error("nothing playable before a champion");
    const changes = applyResult(matches, next.id, { winnerId: next.player1Id as string }, { raceTo: null, now: 0 });
    matches = withChanges(matches, changes);
  }
  return { generateMs, playMs: performance.now() - t, matches: matches.length };
}

async function theirs(players: string[]) {
  const storage = new InMemoryDatabase();
  const manager = new BracketsManager(storage);
  let t = performance.now();
  const stage = await manager.create.stage({
    tournamentId: 0,
    name: "bench",
    type: "double_elimination",
    seeding: players,
    settings: { grandFinal: "double", seedOrdering: ["inner_outer"] },
  });
  const generateMs = performance.now() - t;
  t = performance.now();
  for (;;) {
    const ready = (await manager.get.stageData(stage.id)).match.find((m) => m.status === READY);
    if (!ready) break;
    await manager.update.match({ id: ready.id, opponent1: { result: "win" } });
  }
  return { generateMs, playMs: performance.now() - t };
}

export async function formatTimings(entries = 512, runs = 3) {
  const players = Array.from({ length: entries }, (_, i) => `p${i + 1}`);
  const sum = { oursGenerate: 0, oursPlay: 0, theirsGenerate: 0, theirsPlay: 0 };
  for (let r = 0; r < runs; r++) {
    const a = ours(players);
    const b = await theirs(players);
    sum.oursGenerate += a.generateMs;
    sum.oursPlay += a.playMs;
    sum.theirsGenerate += b.generateMs;
    sum.theirsPlay += b.playMs;
  }
  const avg = (ms: number) => Math.round((ms / runs) * 10) / 10;
  const oursTotal = avg(sum.oursGenerate + sum.oursPlay);
  const theirsTotal = avg(sum.theirsGenerate + sum.theirsPlay);
  const doubleElimination = {
    entries,
    "ours: generate ms": avg(sum.oursGenerate),
    "ours: play all ms": avg(sum.oursPlay),
    "brackets-manager: generate ms": avg(sum.theirsGenerate),
    "brackets-manager: play all ms": avg(sum.theirsPlay),
    "times faster": Math.round((theirsTotal / oursTotal) * 10) / 10,
  };

  const league = Array.from({ length: 32 }, (_, i) => `p${i + 1}`);
  let t = performance.now();
  const fixtures = roundRobinFixtures(league);
  const fixturesMs = performance.now() - t;
  t = performance.now();
  const played = fixtures.map((f, i) => ({
    ...f,
    player1Score: i % 5,
    player2Score: 5,
    winnerId: f.player2Id,
    outcome: "played" as const,
  }));
  leagueStandings(league, played);
  const roundRobin = {
    entries: 32,
    matches: fixtures.length,
    "fixtures ms": Math.round(fixturesMs * 100) / 100,
    "standings ms": Math.round((performance.now() - t) * 100) / 100,
  };
  return { doubleElimination, roundRobin, groups: groupsTimings(128) };
}

function groupsTimings(entries: number) {
  const players = Array.from({ length: entries }, (_, i) => `p${i + 1}`);
  const seeds = new Map(players.map((id, i) => [id, i + 1]));
  let n = 0;
  const newId = () => `m${++n}`;
  let t = performance.now();
  let matches = generateFormat("round_robin_tier", players, newId, 0, {
    grandFinal: "reset",
    groupSize: 4,
    advancePerGroup: 2,
  });
  const generateMs = performance.now() - t;
  t = performance.now();
  let drawMs = 0;
  for (const match of matches.filter((m) => m.bracket === "group")) {
    const changes = applyResult(matches, match.id, { winnerId: match.player1Id }, { raceTo: null, now: 0 });
    matches = withChanges(matches, changes);
    const asked = performance.now();
    const { draw } = knockoutAfterGroups(matches, seeds, 2, newId, 0);
    if (draw.length > 0) drawMs = performance.now() - asked;
    matches = [...matches, ...draw];
  }
  const groupsMs = performance.now() - t;
  t = performance.now();
  for (;;) {
    const next = playableMatches(matches)[0];
    if (!next) break;
    matches = withChanges(
      matches,
      applyResult(matches, next.id, { winnerId: next.player1Id }, { raceTo: null, now: 0 }),
    );
  }
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    entries,
    matches: matches.length,
    "generate ms": round(generateMs),
    "play the groups ms": round(groupsMs),
    "draw the knockout ms": round(drawMs),
    "play the knockout ms": round(performance.now() - t),
  };
}
