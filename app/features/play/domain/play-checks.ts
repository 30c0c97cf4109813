// The checks before a director's write, pure: the services read the rows, ask these, and write. Whose tournament it
// is, whether it may start, whether a match may change now, and where it may go.
import { DomainError, tournamentNotFound } from "../../../domain/errors.ts";
import type { PayoutStructureId, RakeType } from "../../money/domain/money.ts";
import type { Pence } from "../../../domain/pence.ts";
import type { MatchType, TournamentStatus } from "../../../domain/tournaments.ts";
import type { MatchStatus } from "./bracket.ts";

/** What the decisions need of a tournament row. */
export type PlayedTournament = {
  organiserId: string;
  status: TournamentStatus;
  maxPlayers: number;
  raceTo: number | null;
  entryFeePence: Pence;
  rakeType: RakeType;
  rakeValue: number;
  payoutStructure: PayoutStructureId;
  /** Teams of 2-4 in a team event: the pool and rake count every player, prizes are shared. */
  matchType?: MatchType;
};

/** The tournament, when it is this director's. */
export function ownTournament<T extends Pick<PlayedTournament, "organiserId">>(t: T | null, organiserId: string): T {
  if (!t) throw tournamentNotFound();
  if (t.organiserId !== organiserId) throw new DomainError(403, "Only the tournament's director can do that");
  return t;
}

/** Whether the director may start this tournament with these paid entries. */
export function checkStart(t: Pick<PlayedTournament, "status" | "maxPlayers">, paidEntries: number): void {
  if (t.status !== "open") throw new DomainError(409, "Only an open tournament can be started");
  if (paidEntries < 2) throw new DomainError(409, "At least 2 paid players are needed to start");
  if (paidEntries > t.maxPlayers) throw new DomainError(409, "More paid entries than places: check the entries");
}

/** The match and its tournament, when this director may change it now. */
export function matchInPlay<M, T extends Pick<PlayedTournament, "organiserId" | "status">>(
  found: { row: M; t: T } | null,
  organiserId: string,
): { row: M; t: T } {
  if (!found) throw new DomainError(404, "Match not found");
  const { row, t } = found;
  if (t.organiserId !== organiserId) throw new DomainError(403, "Only the tournament's director can do that");
  if (t.status !== "in_progress")
    throw new DomainError(409, "Results can only be recorded while the tournament is in progress");
  return { row, t };
}

type DrawnPlayers = { player1Id: string | null; player2Id: string | null };

/** A result names the winner and scores; the players are the draw's and cannot be changed with it. */
export function checkSamePlayers(row: DrawnPlayers, claimed: Partial<DrawnPlayers>): void {
  const changed = (slot: keyof DrawnPlayers) => claimed[slot] !== undefined && claimed[slot] !== row[slot];
  if (changed("player1Id") || changed("player2Id")) {
    throw new DomainError(400, "The players of a match are set by the draw and cannot be changed");
  }
}

/** Where a match may go: a table of this director's, once both players are known and it has no result. */
export function checkTableAssignment(
  row: DrawnPlayers & { status: MatchStatus },
  table: { organiserId: string } | null | "none",
  organiserId: string,
): void {
  if (row.status === "completed") throw new DomainError(409, "This match already has a result");
  if (table === "none") return;
  if (!row.player1Id || !row.player2Id) {
    throw new DomainError(409, "Both players must be known before the match goes on a table");
  }
  if (!table) throw new DomainError(404, "Table not found");
  if (table.organiserId !== organiserId) throw new DomainError(403, "You can only use your own tables");
}
