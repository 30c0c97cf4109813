// The wall's lines: which matches feed which, so the wall view can
// join each match to the next with lines drawn in CSS (app.css, .bracket-joined).
import type { BracketMatchView, Join } from "~/components/bracket-view.tsx";
import { unreachable } from "~/features/play/domain/bracket-rounds.ts";

/** For each match of one bracket, how it joins the next: the pairs that feed a match draw its bracket line. */
export function joinsOf(matches: readonly BracketMatchView[]): (match: BracketMatchView) => Join {
  const here = new Set(matches.map((m) => m.id));
  const feeders = new Map<string, BracketMatchView[]>();
  for (const m of matches) {
    if (m.nextMatchId === null || !here.has(m.nextMatchId)) continue;
    feeders.set(m.nextMatchId, [...(feeders.get(m.nextMatchId) ?? []), m]);
  }
  return (match) => {
    const siblings = (match.nextMatchId === null ? undefined : feeders.get(match.nextMatchId)) ?? [];
    const first = [...siblings].sort((a, b) => a.matchNumber - b.matchNumber)[0];
    const out =
      siblings.length === 0 || unreachable(match)
        ? null
        : siblings.length === 1
          ? "straight"
          : first === match
            ? "top"
            : "bottom";
    return { out, fed: (feeders.get(match.id) ?? []).some((f) => !unreachable(f)) };
  };
}
