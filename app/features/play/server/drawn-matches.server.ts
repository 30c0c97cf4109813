// A drawn bracket written: its matches inserted so that every match's next match already exists. The start writes
// the whole format this way, the last group result the knockout after the groups.
import { matches } from "~/db/schema.ts";
import { build } from "~/db/batch.server.ts";
import type { BracketMatch } from "~/features/play/domain/bracket.ts";
import type { SetRaces } from "~/features/ratings/domain/handicap.ts";

/** The matches ordered so that every match comes after the ones its links point at. */
function linkOrder(bracket: readonly BracketMatch[]): BracketMatch[] {
  const byId = new Map(bracket.map((m) => [m.id, m]));
  const placed = new Set<string>();
  const ordered: BracketMatch[] = [];
  const visit = (match: BracketMatch) => {
    if (placed.has(match.id)) return;
    placed.add(match.id);
    for (const id of [match.nextMatchId, match.loserMatchId]) {
      const linked = id === null ? undefined : byId.get(id);
      if (linked) visit(linked);
    }
    ordered.push(match);
  };
  for (const match of bracket) visit(match);
  return ordered;
}

/** Inserts for drawn matches: those a link points at first, so every match's next match already exists. */
export function insertMatches(
  tournamentId: string,
  drawn: readonly BracketMatch[],
  now: number,
  races: readonly SetRaces[] = [],
) {
  const raced = new Map(races.map(({ id, ...r }) => [id, r]));
  const rows = linkOrder(drawn).map(({ group, ...m }) => ({
    ...m,
    ...raced.get(m.id),
    groupName: group,
    tournamentId,
    createdAt: now,
  }));
  const chunks: (typeof rows)[] = [];
  for (let i = 0; i < rows.length; i += 64) chunks.push(rows.slice(i, i + 64));
  return chunks.map((chunk) => build.insert(matches).values(chunk));
}
