// A season's averages (DESIGN §11, decision 048): each registered player's singles frames played, won and lost, the
// win percentage, and the merit table they make — ranked among those who played the season's qualifying frames. Pure:
// the reads are features/leagues/server/averages.server.ts's.
import type { Side } from "./match-card.ts";

/** A player on a team's roster for the season, with their rating (whole points) as the ratings' replay left it. */
export type RegisteredPlayer = { playerId: string; name: string; teamId: string; team: string; rating: number };

/** A frame of the season's cards as stored, with its fixture's status. */
export type SeasonFrame = {
  fixtureStatus: string;
  homePlayer1: string | null;
  homePlayer2: string | null;
  awayPlayer1: string | null;
  awayPlayer2: string | null;
  winner: Side | null;
};

export type Average = RegisteredPlayer & {
  played: number;
  won: number;
  lost: number;
  /** Frames won of frames played, a percentage to one decimal (66.7); 0 with none played. */
  winPercent: number;
  /** In the merit table: at least one frame, and at least the season's qualifying frames. */
  qualified: boolean;
};

/**
 * The fixture statuses whose frames count: a card both captains confirmed, or the secretary resolved. Not `awarded`:
 * an award writes every frame to one side with the players as they were (card-disputes.server.ts), so even a frame
 * with both players named has the award's winner, not the rack's — like the ratings, and as a walkover's frames count
 * in no one's average in UK leagues, an awarded fixture counts for nobody. A `disputed` card waits for the secretary,
 * as it does for the division's table; a card still being played waits for its confirmation.
 */
const COUNTED_STATUSES: readonly string[] = ["played"];

/** A frame that is in the averages: a singles frame (one player a side, two people) of a counted card, decided. */
export function countsForAverages(frame: SeasonFrame): boolean {
  return (
    COUNTED_STATUSES.includes(frame.fixtureStatus) &&
    frame.winner !== null &&
    frame.homePlayer1 !== null &&
    frame.awayPlayer1 !== null &&
    frame.homePlayer2 === null &&
    frame.awayPlayer2 === null &&
    frame.homePlayer1 !== frame.awayPlayer1
  );
}

/** Won of played as a percentage to one decimal: 2 of 3 is 66.7; none played is 0. */
export const winPercent = (won: number, played: number) => (played === 0 ? 0 : Math.round((won * 1000) / played) / 10);

/** Each player's frames won and lost among `frames` (those that count; others ignored), by player id. */
function tally(frames: readonly SeasonFrame[]): Map<string, { won: number; lost: number }> {
  const lines = new Map<string, { won: number; lost: number }>();
  const add = (playerId: string, won: boolean) => {
    const line = lines.get(playerId) ?? { won: 0, lost: 0 };
    line[won ? "won" : "lost"] += 1;
    lines.set(playerId, line);
  };
  for (const frame of frames) {
    if (!countsForAverages(frame)) continue;
    add(frame.homePlayer1 as string, frame.winner === "home");
    add(frame.awayPlayer1 as string, frame.winner === "away");
  }
  return lines;
}

/** By name, case aside, then id: the order never depends on the input's. */
const byName = (a: Average, b: Average) => {
  const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0;
};

/**
 * The merit table's order: the win percentage, exact (not the rounded one shown: 2 of 3 is above 666 of 1000), then
 * more frames won (4 of 4 above 2 of 2), then fewer lost — which only parts players with no win (0 of 2 above 0 of 6)
 * — then name.
 */
function byMerit(a: Average, b: Average): number {
  // a.won / a.played against b.won / b.played, crossed out so no float decides; none played counts as 0%.
  const percent = b.won * Math.max(a.played, 1) - a.won * Math.max(b.played, 1);
  return percent || b.won - a.won || a.lost - b.lost || byName(a, b);
}

/**
 * The season's averages: every registered player, even with no frame, from the frames that count. The qualified first,
 * in the merit table's order (their rank is their place among them), then those not yet qualified in the same order.
 * Qualifying needs at least one frame as well as the season's minimum, so a minimum of 0 ranks no one who never played.
 */
export function seasonAverages(
  players: readonly RegisteredPlayer[],
  frames: readonly SeasonFrame[],
  meritMinFrames: number,
): Average[] {
  const lines = tally(frames);
  const averages = players.map((p): Average => ({ ...p, ...lineOf(lines, p.playerId, meritMinFrames) }));
  return averages.sort((a, b) => Number(b.qualified) - Number(a.qualified) || byMerit(a, b));
}

/** A player's line from the tally. */
function lineOf(lines: ReturnType<typeof tally>, playerId: string, meritMinFrames: number) {
  const { won, lost } = lines.get(playerId) ?? { won: 0, lost: 0 };
  const played = won + lost;
  return { played, won, lost, winPercent: winPercent(won, played), qualified: played > 0 && played >= meritMinFrames };
}

/**
 * One player's line in each season they are registered for (their profile), from their frames of those seasons (any
 * others ignored): the registrations in the order given.
 */
export function playerSeasonAverages<R extends { seasonId: string; meritMinFrames: number }>(
  playerId: string,
  registrations: readonly R[],
  frames: readonly (SeasonFrame & { seasonId: string })[],
): (R & Omit<Average, keyof RegisteredPlayer>)[] {
  return registrations.map((r) => ({
    ...r,
    ...lineOf(tally(frames.filter((f) => f.seasonId === r.seasonId)), playerId, r.meritMinFrames),
  }));
}
