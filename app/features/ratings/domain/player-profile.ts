// A player's profile (decision 027): the rating as the stored steps leave it, its history, recent matches with scores
// and head-to-head against another player — from the results, never an e-mail or a balance. Pure: the reads are
// features/ratings/server/ratings.server.ts's.
import { isProvisional, ratedRacks, START_RATING, type RatedResult } from "./ratings.ts";

/** A completed singles match of the player's, as read: both sides, the score, the winner, when. */
export type PlayedMatch = {
  matchId: string;
  tournamentId: string;
  at: number;
  player1Id: string;
  player2Id: string;
  player1: string;
  player2: string;
  player1Score: number;
  player2Score: number;
  winnerId: string;
  outcome: "played" | "walkover" | "double_forfeit";
};

/** The singles results that count for ratings (decision 027), as the replay takes them. */
export function ratedResults(
  rows: readonly Omit<PlayedMatch, "player1" | "player2" | "tournamentId">[],
): RatedResult[] {
  return rows
    .filter((r) => r.outcome === "played" && r.player1Id !== r.player2Id)
    .map((r) => {
      const [racks1, racks2] = ratedRacks(r.player1Score, r.player2Score, r.winnerId === r.player1Id ? 1 : 2);
      return { matchId: r.matchId, at: r.at, player1Id: r.player1Id, player2Id: r.player2Id, racks1, racks2 };
    });
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A match from one player's side: their racks first. */
function fromSide(m: PlayedMatch, playerId: string) {
  const one = m.player1Id === playerId;
  return {
    matchId: m.matchId,
    tournamentId: m.tournamentId,
    opponentId: one ? m.player2Id : m.player1Id,
    opponent: one ? m.player2 : m.player1,
    racksFor: one ? m.player1Score : m.player2Score,
    racksAgainst: one ? m.player2Score : m.player1Score,
    won: m.winnerId === playerId,
    at: iso(m.at),
  };
}

/** GET /api/players/{id}'s answer: ratings whole numbers, times ISO strings. */
export function playerProfile(
  player: { id: string; name: string },
  reads: {
    /** The stored rating (null: none yet, a new player's start). */
    standing: { rating: number; racks: number; setBy: string | null } | null;
    /** The rating after each of the player's rated results, in order. */
    history: readonly { at: number; rating: number; matchId: string }[];
    recent: readonly PlayedMatch[];
    /** The directors who set a starting rating of the player's, by id: the profile names the one that counts. */
    directors?: readonly { id: string; name: string }[];
  },
) {
  const racks = reads.standing?.racks ?? 0;
  const setBy = reads.standing?.setBy ?? null;
  return {
    id: player.id,
    name: player.name,
    rating: Math.round(reads.standing?.rating ?? START_RATING),
    provisional: isProvisional(racks),
    racksPlayed: racks,
    setBy,
    setByName: (setBy && reads.directors?.find((d) => d.id === setBy)?.name) || null,
    history: reads.history.map((h) => ({ at: iso(h.at), rating: Math.round(h.rating), matchId: h.matchId })),
    recent: reads.recent.map((m) => fromSide(m, player.id)),
  };
}

/** GET /api/players/{id}/head-to-head/{otherId}'s answer: their completed matches against each other. */
export function headToHead(playerId: string, matches: readonly PlayedMatch[]) {
  const sides = matches.map((m) => fromSide(m, playerId));
  return {
    matches: sides.length,
    wins: sides.filter((s) => s.won).length,
    losses: sides.filter((s) => !s.won).length,
    racksFor: sides.reduce((sum, s) => sum + s.racksFor, 0),
    racksAgainst: sides.reduce((sum, s) => sum + s.racksAgainst, 0),
  };
}
