// Forms and API bodies for match play (SPEC §5): one schema each, shared by
// the browser, the form actions and the JSON API.
import { z } from "zod";
import { formatPlaces, winnersOf } from "../../tournaments/domain/formats.ts";
import { matchStatuses, type BracketMatch, type BracketSide, type MatchStatus } from "./bracket.ts";
import { matchStats, type MatchRecord } from "./bracket-places.ts";
import { DomainError, tournamentNotFound } from "../../../domain/errors.ts";
import { FloorSettingsFormSchema } from "../../floor/domain/queue-schema.ts";
import { breakRules, resultsFromTablesModes } from "../../floor/domain/table-scoring.ts";
import { poolPerEntry, rakePerEntry, type PayoutStructureId, type RakeType } from "../../money/domain/money.ts";
import { splitPoolByPlace, type PlacePayout } from "../../money/domain/payout-split.ts";
import type { Pence } from "../../../domain/pence.ts";
import { outcomes, type Outcome } from "./outcomes.ts";
import { splitAmongMembers, teamSize } from "../../entries/domain/teams.ts";
import type { MatchType, TournamentStatus } from "../../../domain/tournaments.ts";

/** A match as the screens show it: SPEC's match shape with names and the table. */
export type MatchView = {
  id: string;
  bracket: BracketSide;
  group: string | null;
  label: string;
  outcome: Outcome;
  round: number;
  matchNumber: number;
  player1Id: string | null;
  player2Id: string | null;
  player1: { name: string } | null;
  player2: { name: string } | null;
  /** A team event's members of each side (the captain first); empty for players. */
  player1Members?: { id: string; name: string }[];
  player2Members?: { id: string; name: string }[];
  player1Score: number;
  player2Score: number;
  winnerId: string | null;
  status: MatchStatus;
  isBye: boolean;
  tableId: string | null;
  tableName: string | null;
  /** When the match was given its table (ms), kept after its result; null before. */
  calledAt: number | null;
  /** The table the director keeps it for (decisions 013–015), if any. */
  pinnedTableId: string | null;
  /** A tablet confirmed this result and it waits for the director's approval (decision 012). */
  awaitingApproval: boolean;
  nextMatchId: string | null;
  loserMatchId: string | null;
  /** Each side's race (decision 028): a handicapped match's own, else the event's race-to; null: no race. */
  race1: number | null;
  race2: number | null;
  /** A singles player's rating as shown (decision 027); null for a team or an empty slot. */
  player1Rating: number | null;
  player2Rating: number | null;
};

const score = z.preprocess(
  (value) => (value === "" || value === null ? undefined : typeof value === "string" ? value.trim() : value),
  z
    .union([z.number(), z.string().regex(/^\d+$/, "Scores must be whole numbers of 0 or more").transform(Number)], {
      error: "Scores must be whole numbers of 0 or more",
    })
    .pipe(
      z
        .number()
        .int("Scores must be whole numbers of 0 or more")
        .min(0, "Scores must be whole numbers of 0 or more")
        .max(999, "Scores must be whole numbers of 0 or more"),
    )
    .optional(),
);

const id = (message: string) => z.string({ error: message }).trim().min(1, message).max(64, message);

const MatchResultSchema = z
  .object({
    outcome: z
      .enum(outcomes, { error: "Outcome must be played, walkover or double_forfeit" })
      .optional()
      .transform((value) => value ?? "played"),
    winnerId: id("Select the winner").optional(),
    player1Score: score,
    player2Score: score,
  })
  // A double forfeit has no winner and no racks; everything else needs the winner.
  .superRefine((input, ctx) => {
    if (input.outcome !== "double_forfeit" && input.winnerId === undefined) {
      ctx.addIssue({ code: "custom", path: ["winnerId"], message: "Select the winner" });
    }
    if (input.outcome === "double_forfeit" && input.winnerId !== undefined) {
      ctx.addIssue({ code: "custom", path: ["winnerId"], message: "A double forfeit has no winner" });
    }
  });

/** PATCH /api/matches/{id}: SPEC §5's match update. */
export const MatchUpdateSchema = MatchResultSchema.extend({
  /** A walkover for a no-show (decision 021): the entry that did not turn up is withdrawn, never called again. */
  noShow: z.boolean({ error: "noShow must be true or false" }).optional(),
  status: z.enum(matchStatuses, { error: "Status must be pending, in_progress or completed" }).optional(),
  player1Id: z.string().max(64).optional(),
  player2Id: z.string().max(64).optional(),
});

export const AssignTableSchema = z.object({
  tableId: z
    .union([z.string().trim().max(64), z.null()], { error: "tableId must be a table id or null" })
    .transform((v) => (v ? v : null)),
});

// A table picked in a form: "" (none, or any) is null.
const formTableId = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((v) => (v ? v : null));

/** The tournament page's director actions, by hidden `intent`. */
export const DirectorActionSchema = z.discriminatedUnion(
  "intent",
  [
    // "yes" drops the entries not checked in (their entry fees back); anything else starts with everyone.
    z.object({
      intent: z.literal("start"),
      dropAbsent: z
        .string()
        .max(8)
        .optional()
        .transform((v) => v === "yes"),
    }),
    z.object({ intent: z.literal("finalize") }),
    MatchResultSchema.extend({
      intent: z.literal("record-result"),
      matchId: id("Match not found"),
      // The floor's no-show walkover (decision 021): the entry that did not turn up is withdrawn.
      noShow: z
        .string()
        .max(8)
        .optional()
        .transform((v) => v === "true"),
    }),
    MatchResultSchema.extend({
      intent: z.literal("correct-result"),
      matchId: id("Match not found"),
      /** The moves of players at tables the director was shown and confirms (corrections.ts movesKey). */
      confirmMoves: z.string().max(2000).optional(),
    }),
    // A result confirmed at the table, approved as it is; table scoring's settings (decision 012).
    z.object({ intent: z.literal("approve-result"), matchId: id("Match not found") }),
    z.object({
      intent: z.literal("assign-table"),
      matchId: id("Match not found"),
      tableId: formTableId,
    }),
    // The floor (decisions 013–015): its settings, a match kept for one table, a table in or out of rotation.
    // The tournament's settings (the settings dialog): the floor's, and table scoring's (decision 012).
    FloorSettingsFormSchema.extend({
      intent: z.literal("settings"),
      resultsFromTables: z.enum(resultsFromTablesModes, { error: "Choose how results from tables are recorded" }),
      breakRule: z.enum(breakRules, { error: "Choose a break rule" }),
    }),
    z.object({
      intent: z.literal("pin-table"),
      matchId: id("Match not found"),
      tableId: formTableId,
    }),
    z.object({
      intent: z.literal("table-rotation"),
      tableId: id("Table not found"),
      inRotation: z
        .enum(["true", "false"], { error: "inRotation must be true or false" })
        .transform((v) => v === "true"),
    }),
    // The director's tick beside a name before the start, and withdrawing an entry during play (decision 021).
    z.object({
      intent: z.literal("check-in-entry"),
      registrationId: id("Entry not found"),
      checkedIn: z.enum(["true", "false"], { error: "checkedIn must be true or false" }).transform((v) => v === "true"),
    }),
    z.object({ intent: z.literal("withdraw-entry"), registrationId: id("Entry not found") }),
    // The seeding form: one number per entry, in fields named "seed:<playerId>".
    z.looseObject({ intent: z.literal("seeds") }),
  ],
  { error: "Unknown action" },
);

/**
 * The order a seeding form asks for: entries by the numbers typed (1 first),
 * ties and blanks keeping the order the form listed them in.
 */
export function orderFromSeedForm(form: Record<string, unknown>): string[] {
  const rows = Object.entries(form)
    .filter(([key]) => key.startsWith("seed:"))
    .map(([key, value], listed) => {
      const typed =
        typeof value === "string" && /^\d{1,3}$/.test(value.trim()) ? Number(value) : Number.POSITIVE_INFINITY;
      return { playerId: key.slice("seed:".length), typed, listed };
    });
  return rows.sort((a, b) => a.typed - b.typed || a.listed - b.listed).map((row) => row.playerId);
}
export type DirectorAction = z.infer<typeof DirectorActionSchema>;

// ---------------------------------------------------------------------------
// Decisions of the evening: who may do what to a tournament or a match, and
// what the payouts are. Pure: the services read the rows and write the result.

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

export type PlanInput<T> = {
  t: T | null;
  /** The paid entries: players, or in a team event teams (playerId is then the team's id). */
  entries: { playerId: string; name: string }[];
  bracket: BracketMatch[];
  /** A team event's members by team id, the captain first. */
  members?: Map<string, string[]>;
};

/** What a player is paid and credited with at finalize: their entry's result, and their share of its prize. */
type PlayerCredit = { playerId: string; entryId: string; position: string | null; amountPence: Pence };

export type PayoutPlan<T> = {
  t: T;
  paidEntries: string[];
  poolPence: Pence;
  rakePence: Pence;
  /** Per entry (a team's whole prize): what the preview shows. */
  payouts: PlacePayout[];
  /** Per player, every entrant (a team's members each): what is counted in statistics. */
  credits: PlayerCredit[];
  /** Per account: what is paid (one row and one ledger movement each). */
  accounts: AccountCredit[];
  names: Map<string, string>;
  stats: Map<string, MatchRecord>;
  /** The champion (everyone sharing first place in a league). */
  winners: string[];
  finalMatchId: string | null;
};

/** The payouts of a finished bracket: pool from the paid entries, split by the tournament's structure. */
export function planPayouts<T extends PlayedTournament>(input: PlanInput<T>, organiserId: string): PayoutPlan<T> {
  const t = ownTournament(input.t, organiserId);
  const { entries, bracket } = input;
  if (t.status !== "in_progress") {
    throw new DomainError(409, "Payouts can only be previewed and confirmed while the tournament is in progress");
  }
  const playerIds = entries.map((e) => e.playerId);
  const winners = winnersOf(bracket, playerIds);
  if (winners.length === 0) throw new DomainError(409, "The final has not been played yet");
  const placings = [...formatPlaces(bracket, playerIds)].flatMap(([playerId, place]) =>
    place ? [{ playerId, place }] : [],
  );
  // Rake and pool are per player (decision 011): a team of two pays two entries into the pool.
  const players = entries.length * teamSize(t.matchType ?? "1v1");
  const rake = rakePerEntry(t.entryFeePence, t.rakeType, t.rakeValue);
  const poolPence = poolPerEntry(t.entryFeePence, rake) * players;
  const payouts = splitPoolByPlace(t.payoutStructure, poolPence, placings);
  const credits = creditsOf(entries, payouts, input.members);
  checkPaysThePool({ players, entryFeePence: t.entryFeePence, rakePence: rake * players, credits });
  return {
    t,
    paidEntries: entries.map((e) => e.playerId),
    poolPence,
    rakePence: rake * players,
    payouts,
    credits,
    accounts: accountCredits(credits),
    names: new Map(entries.map((e) => [e.playerId, e.name])),
    stats: matchStats(bracket),
    winners,
    // Where there are groups, any group result still counts for places: finalize guards them all.
    finalMatchId: bracket.some((m) => m.bracket === "group")
      ? null
      : (bracket.find((m) => m.nextMatchId === null)?.id ?? null),
  };
}

/** Every entrant's credit: a player's own prize, or their equal share of their team's (captain first). */
function creditsOf(
  entries: readonly { playerId: string }[],
  payouts: readonly PlacePayout[],
  members: Map<string, string[]> | undefined,
): PlayerCredit[] {
  const prizes = new Map(payouts.map((p) => [p.playerId, p]));
  return entries.flatMap(({ playerId: entryId }) => {
    const prize = prizes.get(entryId);
    const team = members?.get(entryId) ?? [entryId];
    return splitAmongMembers(prize?.amountPence ?? 0, team).map((share) => ({
      playerId: share.playerId,
      entryId,
      position: prize?.position ?? null,
      amountPence: share.amountPence,
    }));
  });
}

/** What one account is paid at finalize, and the place it is paid for. */
export type AccountCredit = { playerId: string; position: string | null; amountPence: Pence };

/**
 * The credits summed per account. An account holds one entry, so this is the
 * credits themselves; should a defect ever put one player in two entries,
 * both prizes reach them (under the better-paid place) instead of one
 * colliding with the other on its key and vanishing.
 */
export function accountCredits(credits: readonly PlayerCredit[]): AccountCredit[] {
  const byAccount = new Map<string, AccountCredit & { best: Pence }>();
  for (const c of credits) {
    const seen = byAccount.get(c.playerId);
    if (!seen) {
      byAccount.set(c.playerId, { ...c, best: c.position === null ? -1 : c.amountPence });
      continue;
    }
    seen.amountPence += c.amountPence;
    if (c.position !== null && c.amountPence > seen.best) {
      seen.position = c.position;
      seen.best = c.amountPence;
    }
  }
  return [...byAccount.values()].map(({ playerId, position, amountPence }) => ({ playerId, position, amountPence }));
}

export const PAYOUTS_OFF_THE_POOL = "The prizes and the rake do not add up to the entry fees: nothing was paid";

/**
 * Finalize pays out exactly what came in: the prizes plus the rake equal the
 * entry fees of every player entered, to the penny — refused otherwise (the
 * batch asserts the same of the rows it writes).
 */
export function checkPaysThePool({
  players,
  entryFeePence,
  rakePence,
  credits,
}: {
  players: number;
  entryFeePence: Pence;
  rakePence: Pence;
  credits: readonly { amountPence: Pence }[];
}): void {
  const paid = credits.reduce((sum, c) => sum + c.amountPence, 0);
  const negative = credits.some((c) => !Number.isSafeInteger(c.amountPence) || c.amountPence < 0);
  if (negative || rakePence < 0 || paid + rakePence !== players * entryFeePence) {
    throw new DomainError(409, PAYOUTS_OFF_THE_POOL);
  }
}

/** The confirm dialog's rows: player, position, amount (pence). */
export function payoutPreview<T extends PlayedTournament>(input: PlanInput<T>, organiserId: string) {
  const plan = planPayouts(input, organiserId);
  return {
    poolPence: plan.poolPence,
    rakePence: plan.rakePence,
    rows: plan.payouts.map((p) => ({
      playerId: p.playerId,
      playerName: plan.names.get(p.playerId) ?? "Unknown player",
      position: p.position,
      amountPence: p.amountPence,
    })),
  };
}
