// Groups into a knockout (`round_robin_tier`): the entries are
// snake-seeded into groups, each group plays a round robin, and the best of
// each group go into a single-elimination knockout drawn when the last group
// match is decided. Pure, like bracket.ts: functions take the whole structure
// and return values or the rows to change.
import type { BracketMatch, MatchChange, Slot } from "./bracket.ts";
import { knockoutBracket, newMatch, roundLabel, seedOrder, bracketSize } from "./generate-bracket.ts";
import { places, type PlacedMatch } from "./bracket-places.ts";
import { DomainError } from "../../../domain/errors.ts";
import { MAX_GROUPS_PLAYERS } from "./group-sizes.ts";
import type { PlaceRange } from "../../money/domain/money.ts";
import { leagueStandings, roundRobinFixtures, type LeagueMatch, type LeagueRow } from "./round-robin.ts";

export type GroupOptions = { groupSize: number; advancePerGroup: number };

/** "A", "B", … "Z", then "AA", "AB", …: a group's name from its 0-based index. */
export function groupName(index: number): string {
  const letter = (i: number) => String.fromCharCode(65 + i);
  return index < 26 ? letter(index) : letter(Math.floor(index / 26) - 1) + letter(index % 26);
}

/** Groups in their order: A before B, Z before AA. */
export function compareGroups(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * How many groups `entries` make: as many as groups of at most `groupSize`
 * need, as even as can be — unless that would leave a group with no more
 * entries than go through from it (too few turned up), then fewer, larger
 * groups. 409 when even one group cannot send two on to a knockout.
 */
export function groupCount(entries: number, { groupSize, advancePerGroup }: GroupOptions): number {
  let groups = Math.max(1, Math.ceil(entries / groupSize));
  while (groups > 1 && Math.floor(entries / groups) <= advancePerGroup) groups -= 1;
  if (entries <= advancePerGroup || groups * advancePerGroup < 2) {
    throw new DomainError(
      409,
      `${entries} players are too few for groups with ${advancePerGroup} going through from each: ` +
        "more must play in a group than go through, and at least 2 must reach the knockout",
    );
  }
  return groups;
}

/**
 * The groups for entries in draw (seed) order, snake-seeded: seeds 1..G go
 * to groups A..G, the next G back from G to A, and so on, so the top seeds are
 * in different groups and the groups are as strong as each other. Each group
 * lists its entries in seed order.
 */
export function snakeGroups(playerIdsInSeedOrder: readonly string[], options: GroupOptions): string[][] {
  const count = groupCount(playerIdsInSeedOrder.length, options);
  const groups: string[][] = Array.from({ length: count }, () => []);
  playerIdsInSeedOrder.forEach((playerId, index) => {
    const row = Math.floor(index / count);
    const column = index % count;
    groups[row % 2 === 0 ? column : count - 1 - column]?.push(playerId);
  });
  return groups;
}

/** Every group match: a round robin inside each group, named "Group B · Round 2". */
export function generateGroups(
  playerIdsInSeedOrder: readonly string[],
  newId: () => string,
  options: GroupOptions,
): BracketMatch[] {
  const entries = playerIdsInSeedOrder.length;
  if (entries < 2 || entries > MAX_GROUPS_PLAYERS) {
    throw new RangeError(`Groups into a knockout take 2 to ${MAX_GROUPS_PLAYERS} entries, got ${entries}`);
  }
  if (new Set(playerIdsInSeedOrder).size !== entries) throw new RangeError("A player can be drawn only once");
  return snakeGroups(playerIdsInSeedOrder, options).flatMap((members, index) => {
    const group = groupName(index);
    return roundRobinFixtures(members).map((fixture) => ({
      ...newMatch(newId(), "group", fixture.round, fixture.matchNumber, `Group ${group} · Round ${fixture.round}`),
      group,
      player1Id: fixture.player1Id,
      player2Id: fixture.player2Id,
    }));
  });
}

/** What the groups' tables read of a match. */
export type GroupMatch = Pick<
  BracketMatch,
  "bracket" | "group" | "player1Id" | "player2Id" | "player1Score" | "player2Score" | "winnerId" | "status" | "outcome"
>;

/** What a league's standings read of a match: decided once it is completed. */
export const leagueMatch = (
  m: Pick<
    BracketMatch,
    "player1Id" | "player2Id" | "player1Score" | "player2Score" | "winnerId" | "status" | "outcome"
  >,
): LeagueMatch => ({
  player1Id: m.player1Id as string,
  player2Id: m.player2Id as string,
  player1Score: m.player1Score,
  player2Score: m.player2Score,
  winnerId: m.winnerId,
  outcome: m.status === "completed" ? m.outcome : null,
});

export type GroupTable = { group: string; rows: LeagueRow[]; decided: boolean };

/**
 * Each group's table in group order, from the results so far. Entries are
 * listed in `seedOf` order where the standings cannot separate them, so a tie
 * at the cut goes to the better seed (a tie that decides nothing shares its
 * place).
 */
export function groupTables(
  matches: readonly GroupMatch[],
  seedOf: ReadonlyMap<string, number> = new Map(),
): GroupTable[] {
  const byGroup = new Map<string, GroupMatch[]>();
  for (const m of matches) {
    if (m.bracket !== "group" || m.group === null) continue;
    byGroup.set(m.group, [...(byGroup.get(m.group) ?? []), m]);
  }
  const seed = (id: string) => seedOf.get(id) ?? Number.POSITIVE_INFINITY;
  return [...byGroup.keys()].sort(compareGroups).map((group) => {
    const own = byGroup.get(group) ?? [];
    const members = [...new Set(own.flatMap((m) => [m.player1Id, m.player2Id]).filter((p) => p !== null))].sort(
      (a, b) => seed(a) - seed(b) || (a < b ? -1 : 1),
    );
    return {
      group,
      rows: leagueStandings(members, own.map(leagueMatch)),
      decided: own.every((m) => m.status === "completed"),
    };
  });
}

/** Whether a tournament's matches are those of groups into a knockout (its groups carry names). */
export function hasGroups(matches: readonly Pick<BracketMatch, "bracket" | "group">[]): boolean {
  return matches.some((m) => m.bracket === "group" && m.group !== null);
}

/** Every group match decided, so the knockout can be drawn. */
function groupsDecided(matches: readonly Pick<BracketMatch, "bracket" | "group" | "status">[]): boolean {
  const groupMatches = matches.filter((m) => m.bracket === "group" && m.group !== null);
  return groupMatches.length > 0 && groupMatches.every((m) => m.status === "completed");
}

// The round in which the entries at 0-based bracket positions a and b would meet (1 = first round).
const meetingRound = (a: number, b: number) => Math.floor(Math.log2(a ^ b)) + 1;

/**
 * The knockout's entries in seed order: every group's winner first (in group
 * order), then the runners-up, and so on. Within each tier after the first,
 * the groups are assigned to seeds so that entries from one group meet as
 * late as possible (an assignment problem, solved exactly tier by tier): a
 * group winner meets a runner-up from another group, and two from one group
 * only in the final where the numbers allow. Null until every group is decided.
 */
function knockoutSeeds(
  matches: readonly GroupMatch[],
  seedOf: ReadonlyMap<string, number>,
  advancePerGroup: number,
): string[] | null {
  const tables = groupTables(matches, seedOf);
  if (tables.length === 0 || !tables.every((t) => t.decided)) return null;
  const tiers = Array.from({ length: advancePerGroup }, (_, tier) =>
    tables.map((t) => ({ group: t.group, playerId: t.rows[tier]?.playerId ?? null })),
  );
  const qualifiers = tiers.flat().filter((q) => q.playerId !== null).length;
  const size = bracketSize(qualifiers);
  const positionOfSeed = new Map(seedOrder(size).map((seed, position) => [seed, position]));
  const rounds = Math.log2(size);
  const seeds: { group: string; playerId: string }[] = [];
  for (const tier of tiers) {
    const entries = tier.filter((q): q is { group: string; playerId: string } => q.playerId !== null);
    const slots = entries.map((_, i) => seeds.length + i + 1);
    // Cost of a group taking a seed: for each entry of that group already placed, how early they could meet.
    const cost = entries.map((entry, g) =>
      slots.map((slot, s) => {
        const at = positionOfSeed.get(slot) ?? 0;
        let total = 0;
        for (const [index, placed] of seeds.entries()) {
          if (placed.group !== entry.group) continue;
          total += 4 ** (rounds - meetingRound(at, positionOfSeed.get(index + 1) ?? 0));
        }
        // Equal costs keep the group order.
        return total * 4096 + Math.abs(g - s);
      }),
    );
    const assignment = assign(cost);
    const bySlot: { group: string; playerId: string }[] = [];
    assignment.forEach((slot, g) => {
      bySlot[slot] = entries[g] as { group: string; playerId: string };
    });
    seeds.push(...bySlot);
  }
  return seeds.map((s) => s.playerId);
}

/**
 * The least-cost assignment of rows to columns of a square matrix (the
 * Hungarian method): result[row] = column.
 */
function assign(cost: readonly (readonly number[])[]): number[] {
  const n = cost.length;
  const u = new Array<number>(n + 1).fill(0);
  const v = new Array<number>(n + 1).fill(0);
  const rowOfColumn = new Array<number>(n + 1).fill(0);
  const way = new Array<number>(n + 1).fill(0);
  const at = (row: number, column: number) => cost[row - 1]?.[column - 1] ?? 0;
  for (let row = 1; row <= n; row++) {
    rowOfColumn[0] = row;
    let column0 = 0;
    const minimum = new Array<number>(n + 1).fill(Number.POSITIVE_INFINITY);
    const used = new Array<boolean>(n + 1).fill(false);
    do {
      used[column0] = true;
      const row0 = rowOfColumn[column0] ?? 0;
      let delta = Number.POSITIVE_INFINITY;
      let column1 = 0;
      for (let column = 1; column <= n; column++) {
        if (used[column]) continue;
        const reduced = at(row0, column) - (u[row0] ?? 0) - (v[column] ?? 0);
        if (reduced < (minimum[column] ?? 0)) {
          minimum[column] = reduced;
          way[column] = column0;
        }
        if ((minimum[column] ?? 0) < delta) {
          delta = minimum[column] ?? 0;
          column1 = column;
        }
      }
      for (let column = 0; column <= n; column++) {
        if (used[column]) {
          const r = rowOfColumn[column] ?? 0;
          u[r] = (u[r] ?? 0) + delta;
          v[column] = (v[column] ?? 0) - delta;
        } else minimum[column] = (minimum[column] ?? 0) - delta;
      }
      column0 = column1;
    } while (rowOfColumn[column0] !== 0);
    do {
      const column1 = way[column0] ?? 0;
      rowOfColumn[column0] = rowOfColumn[column1] ?? 0;
      column0 = column1;
    } while (column0 !== 0);
  }
  const result = new Array<number>(n).fill(0);
  for (let column = 1; column <= n; column++) {
    const row = rowOfColumn[column] ?? 0;
    if (row > 0) result[row - 1] = column - 1;
  }
  return result;
}

/** The knockout after the groups, for its entries in seed order: Quarter-Finals, Semi-Finals, Final. */
function generateKnockout(seeds: readonly string[], newId: () => string, now: number): BracketMatch[] {
  return knockoutBracket(seeds, newId, now, "knockout", roundLabel);
}

/**
 * What a group result (recorded or corrected) changes in the knockout: drawn
 * when the last group match is decided (`draw`: the new matches), or, once
 * drawn, the entries that a corrected group table sends elsewhere (`changes`
 * to its first-round matches and the matches their byes lead to). 409 naming
 * the knockout match in the way when one of those already has a result.
 */
export function knockoutAfterGroups(
  matches: readonly BracketMatch[],
  seedOf: ReadonlyMap<string, number>,
  advancePerGroup: number,
  newId: () => string,
  now: number,
): { draw: BracketMatch[]; changes: MatchChange[] } {
  const seeds = knockoutSeeds(matches, seedOf, advancePerGroup);
  const knockout = matches.filter((m) => m.bracket === "knockout");
  if (seeds === null) return { draw: [], changes: [] };
  if (knockout.length === 0) return { draw: generateKnockout(seeds, newId, now), changes: [] };
  // The same structure again with the same ids, so the knockout's matches keep their tables.
  const ordered = [...knockout].sort((a, b) => a.round - b.round || a.matchNumber - b.matchNumber);
  const ids = ordered.map((m) => m.id);
  let next = 0;
  const redrawn = generateKnockout(seeds, () => ids[next++] ?? newId(), now);
  if (redrawn.length !== knockout.length) throw new Error("The knockout's size changed with a group result");
  const redrawnById = new Map(redrawn.map((m) => [m.id, m]));
  const changes: MatchChange[] = [];
  for (const before of ordered) {
    const after = redrawnById.get(before.id);
    if (!after) throw new Error(`The redrawn knockout has no match ${before.id}`);
    // Only the first round's entrants and where byes carried them can differ: later slots are filled by play.
    const slots: Slot[] = [1, 2];
    const moved = slots.filter((slot) => {
      const field = slot === 1 ? "player1Id" : "player2Id";
      if (before.round > 1 && !fedByBye(ordered, before.id, slot)) return false;
      return before[field] !== after[field];
    });
    if (moved.length === 0) continue;
    if (before.status === "completed" && !before.isBye) {
      throw new DomainError(
        409,
        `${before.label} · Match ${before.matchNumber} already has a result: correct that one first`,
      );
    }
    const set: MatchChange["set"] = {};
    for (const slot of moved) {
      if (slot === 1) set.player1Id = after.player1Id;
      else set.player2Id = after.player2Id;
    }
    if (before.isBye) set.winnerId = after.winnerId;
    changes.push({ id: before.id, set });
  }
  return { draw: [], changes };
}

// Whether the entrant in this slot of a later-round match came through a first-round bye.
function fedByBye(matches: readonly BracketMatch[], matchId: string, slot: Slot): boolean {
  return matches.some((m) => m.isBye && m.nextMatchId === matchId && m.nextSlot === slot);
}

/** Who went through to the knockout: the entries of its first round (none before it is drawn). */
export function knockoutEntrants(
  matches: readonly Pick<BracketMatch, "bracket" | "round" | "player1Id" | "player2Id">[],
) {
  return new Set(
    matches
      .filter((m) => m.bracket === "knockout" && m.round === 1)
      .flatMap((m) => [m.player1Id, m.player2Id].filter((p) => p !== null)),
  );
}

/**
 * Every entry's finishing place in groups into a knockout, null while in
 * contention: the knockout places its entries as in single elimination (1, 2,
 * 3-4, 5-8, …); those the groups put out follow, by where they finished in
 * their group (every group's third share the next places, then the fourths,
 * …; a place the standings cannot break is shared). All null until the
 * knockout is drawn.
 */
export function groupsPlaces(matches: readonly (PlacedMatch & GroupMatch)[]): Map<string, PlaceRange | null> {
  const result = new Map<string, PlaceRange | null>();
  for (const m of matches) {
    for (const playerId of [m.player1Id, m.player2Id]) if (playerId !== null) result.set(playerId, null);
  }
  const knockout = matches.filter((m) => m.bracket === "knockout");
  if (knockout.length === 0 || !groupsDecided(matches)) return result;
  for (const [playerId, place] of places(knockout)) result.set(playerId, place);
  const inKnockout = knockoutEntrants(knockout);
  const tiers = new Map<number, string[]>();
  for (const table of groupTables(matches)) {
    const advancing = table.rows.filter((row) => inKnockout.has(row.playerId)).length;
    for (const row of table.rows) {
      if (inKnockout.has(row.playerId)) continue;
      const tier = Math.max(row.place, advancing + 1);
      tiers.set(tier, [...(tiers.get(tier) ?? []), row.playerId]);
    }
  }
  let from = inKnockout.size + 1;
  for (const tier of [...tiers.keys()].sort((a, b) => a - b)) {
    const out = tiers.get(tier) ?? [];
    for (const playerId of out) result.set(playerId, { from, to: from + out.length - 1 });
    from += out.length;
  }
  return result;
}
