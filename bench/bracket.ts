// Bracket module timings at 512 players: draw, generate, play to the end, standings.
import { playableMatches } from "../app/features/play/domain/bracket.ts";
import { drawOrder, generateBracket } from "../app/features/play/domain/generate-bracket.ts";
import { applyResult } from "../app/features/play/domain/apply-result.ts";
import { places } from "../app/features/play/domain/bracket-places.ts";

export function bracketTimings(players = 512, runs = 5) {
  const ids = Array.from({ length: players }, (_, i) => `p${i + 1}`);
  const times = { generateMs: 0, playAllMs: 0, standingsMs: 0 };
  for (let r = 0; r < runs; r++) {
    let t = performance.now();
    let matches = generateBracket(
      drawOrder(ids),
      (() => {
        let n = 0;
        return () => `m${++n}`;
      })(),
      Date.now(),
    );
    times.generateMs += performance.now() - t;
    t = performance.now();
    for (;;) {
      const next = playableMatches(matches)[0];
      if (!next) break;
      const changes = applyResult(matches, next.id, { winnerId: next.player1Id! }, { raceTo: null, now: Date.now() });
      const byId = new Map(changes.map((c) => [c.id, c.set]));
      matches = matches.map((m) => (byId.has(m.id) ? { ...m, ...byId.get(m.id) } : m));
    }
    times.playAllMs += performance.now() - t;
    t = performance.now();
    places(matches);
    times.standingsMs += performance.now() - t;
  }
  const round = (ms: number) => Math.round((ms / runs) * 100) / 100;
  return {
    players,
    generateMs: round(times.generateMs),
    playAllMs: round(times.playAllMs),
    standingsMs: round(times.standingsMs),
  };
}
