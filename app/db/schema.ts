// Drizzle schema for every entity of SPEC §3 plus what DESIGN needs.
// Money is integer pence (`*_pence`), timestamps are integer milliseconds
// since the epoch, booleans are 0/1 integers.
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from "drizzle-orm/sqlite-core";
import { userTypes } from "../domain/accounts.ts";
import { bracketSides, matchStatuses } from "../features/play/domain/bracket.ts";
import { grandFinals } from "../features/play/domain/double-elimination.ts";
import { outcomes } from "../features/play/domain/outcomes.ts";
import { DEFAULT_NO_SHOW_MINUTES } from "../features/floor/domain/queue.ts";
import { payoutStructureIds, rakeTypes, transactionTypes } from "../features/money/domain/money.ts";
import { paidByKinds, paymentOutcomes, paymentStatuses } from "../features/entries/domain/payments.ts";
import { breakRules, resultsFromTablesModes } from "../features/floor/domain/table-scoring.ts";
import { handicaps, matchTypes, seedings, tournamentStatuses, tournamentTypes } from "../domain/tournaments.ts";
import { withdrawalStatuses } from "../features/money/domain/withdrawals.ts";
import { fixtureStatuses, LEGS, seasonStatuses } from "../features/leagues/domain/leagues.ts";
import { NIGHTS } from "../features/leagues/domain/season-weeks.ts";
import { SIDES } from "../features/leagues/domain/match-card.ts";

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

const createdAt = () =>
  integer("created_at", { mode: "number" }).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

const pence = (name: string) => integer(name, { mode: "number" });

const flag = (name: string) => integer(name, { mode: "boolean" });

export const players = sqliteTable(
  "players",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    balancePence: pence("balance_pence").notNull().default(0),
    passwordResetToken: text("password_reset_token"),
    passwordResetExpires: integer("password_reset_expires", { mode: "number" }),
    /** A walk-in entered by name only (DESIGN §10): no account, no balance; its id is its entry's. */
    guest: flag("guest").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [check("players_balance_non_negative", sql`${t.balancePence} >= 0`)],
);

export const organisers = sqliteTable(
  "organisers",
  {
    id: id(),
    organisationName: text("organisation_name").notNull(),
    venue: text("venue").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    balancePence: pence("balance_pence").notNull().default(0),
    passwordResetToken: text("password_reset_token"),
    passwordResetExpires: integer("password_reset_expires", { mode: "number" }),
    // "Assign tables automatically" for their next tournament: their last choice (decisions 013–015).
    autoAssignDefault: flag("auto_assign_default").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [check("organisers_balance_non_negative", sql`${t.balancePence} >= 0`)],
);

// A signed-in browser (DESIGN §6): the signed cookie names one of these, so
// logging out, a password reset or "Sign out" on another device ends it on
// the server, whatever copies of the cookie exist.
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userType: text("user_type", { enum: userTypes }).notNull(),
    userId: text("user_id").notNull(),
    /** "Chrome on Android": read from the User-Agent when signing in. */
    device: text("device").notNull(),
    createdAt: integer("created_at", { mode: "number" }).notNull(),
    lastSeenAt: integer("last_seen_at", { mode: "number" }).notNull(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userType, t.userId), index("sessions_expiry_idx").on(t.expiresAt)],
);

// A series (decision 029): a director's season of nights and its points table (JSON, features/series/domain/series.ts).
export const series = sqliteTable(
  "series",
  {
    id: id(),
    organiserId: text("organiser_id")
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    points: text("points").notNull(),
    bestOf: integer("best_of"),
    qualify: integer("qualify"),
    createdAt: createdAt(),
  },
  (t) => [index("series_organiser_idx").on(t.organiserId)],
);

export const tournaments = sqliteTable(
  "tournaments",
  {
    id: id(),
    organiserId: text("organiser_id")
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    venue: text("venue").notNull(),
    date: text("date").notNull(),
    time: text("time").notNull(),
    registrationDeadline: integer("registration_deadline", { mode: "number" }),
    rules: text("rules"),
    format: text("format"),
    maxPlayers: integer("max_players").notNull().default(16),
    tournamentType: text("tournament_type", { enum: tournamentTypes }).notNull().default("single_elimination"),
    matchType: text("match_type", { enum: matchTypes }).notNull().default("1v1"),
    // Double elimination: whether the grand final can need a second match.
    grandFinal: text("grand_final", { enum: grandFinals }).notNull().default("reset"),
    // Groups into a knockout: entries per group and how many of each go through.
    groupSize: integer("group_size"),
    advancePerGroup: integer("advance_per_group"),
    // "manual": the director orders the entries (tournament_players.seed) instead of a random draw.
    seeding: text("seeding", { enum: seedings }).notNull().default("random"),
    raceTo: integer("race_to"),
    // Ratings (decision 028): each match's races set from its players' ratings; who may enter.
    handicap: text("handicap", { enum: handicaps }).notNull().default("none"),
    maxRating: integer("max_rating"),
    entryFeePence: pence("entry_fee_pence").notNull(),
    siteFeePence: pence("site_fee_pence").notNull().default(100),
    rakeType: text("rake_type", { enum: rakeTypes }).notNull().default("fixed"),
    // Pence when fixed; hundredths of a percent when percent (1250 = 12.5%).
    rakeValue: integer("rake_value").notNull().default(0),
    payoutStructure: text("payout_structure", { enum: payoutStructureIds }).notNull(),
    status: text("status", { enum: tournamentStatuses }).notNull().default("open"),
    slug: text("slug").notNull().unique(),
    startedAt: integer("started_at", { mode: "number" }),
    // The floor (decision 013): whether a freed table takes the next ready match, and the minutes before a walkover.
    autoAssign: flag("auto_assign").notNull().default(false),
    noShowMinutes: integer("no_show_minutes").notNull().default(DEFAULT_NO_SHOW_MINUTES),
    /** Set when payouts are confirmed (finalize); archive leaves it null. */
    finishedAt: integer("finished_at", { mode: "number" }),
    /** The finalize that finished the tournament: its writes are guarded on it. */
    finalizeId: text("finalize_id"),
    // Scoring at the table (decision 012): a tablet's result recorded at once or waiting for the director; who breaks.
    resultsFromTables: text("results_from_tables", { enum: resultsFromTablesModes }).notNull().default("record"),
    breakRule: text("break_rule", { enum: breakRules }).notNull().default("winner"),
    // The series the night counts in (decision 029): joined at creation, by "Run again", or later until finalized.
    seriesId: text("series_id").references((): AnySQLiteColumn => series.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("tournaments_organiser_idx").on(t.organiserId, t.status),
    index("tournaments_series_idx").on(t.seriesId),
    index("tournaments_status_idx").on(t.status, t.date),
    check("tournaments_max_players_range", sql`${t.maxPlayers} between 2 and 512`),
    check(
      "tournaments_fees_non_negative",
      sql`${t.entryFeePence} >= 0 and ${t.siteFeePence} >= 0 and ${t.rakeValue} >= 0`,
    ),
  ],
);

// A registration: a hold (paid = false, holdExpiresAt set) until the payment
// succeeds, then a paid entry.
export const tournamentPlayers = sqliteTable(
  "tournament_players",
  {
    id: id(),
    tournamentId: text("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    playerId: text("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    paid: flag("paid").notNull().default(false),
    holdExpiresAt: integer("hold_expires_at", { mode: "number" }),
    // The director's order when seeding is "manual" (1 = top seed).
    seed: integer("seed"),
    paymentIntentId: text("payment_intent_id"),
    paidAt: integer("paid_at", { mode: "number" }),
    joinedAt: integer("joined_at", { mode: "number" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    /** When the entry said "I'm here" at the venue (decisions 013–015); a team's is its registration's. */
    checkedInAt: integer("checked_in_at", { mode: "number" }),
    /** When the director withdrew the entry during play, or the floor gave it a no-show walkover (decision 021). */
    withdrawnAt: integer("withdrawn_at", { mode: "number" }),
    /** How the entry was paid: "cash" at the bar (DESIGN §10), else by card, balance or free; null before 0016. */
    paidBy: text("paid_by", { enum: paidByKinds }),
  },
  (t) => [
    uniqueIndex("tournament_players_entry_uq").on(t.tournamentId, t.playerId),
    index("tournament_players_player_idx").on(t.playerId),
    index("tournament_players_intent_idx").on(t.paymentIntentId),
  ],
);

// A team event's entry (decision 011): the team is its captain's registration
// (same id), so the hold, the payment and the seed are the registration's;
// match slots hold the team's id. Names are unique among a tournament's live
// teams: checked by the joining batch, since an expired hold's team may linger.
export const teams = sqliteTable(
  "teams",
  {
    id: text("id")
      .primaryKey()
      .references(() => tournamentPlayers.id, { onDelete: "cascade" }),
    tournamentId: text("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** What names are compared by (`teamNameKey`): NFC, lower case in every script. */
    nameKey: text("name_key").notNull().default(""),
    captainId: text("captain_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("teams_tournament_idx").on(t.tournamentId)],
);

// Who plays for a team, the captain included (slot 0); the others in the order named.
export const teamMembers = sqliteTable(
  "team_members",
  {
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    tournamentId: text("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    playerId: text("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    slot: integer("slot").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.playerId] }),
    uniqueIndex("team_members_slot_uq").on(t.teamId, t.slot),
    index("team_members_player_idx").on(t.tournamentId, t.playerId),
    // A player's teams across events (their profile's series), read from the player.
    index("team_members_by_player_idx").on(t.playerId),
  ],
);

// The reserve list of a full tournament (decisions 013–015), first come first offered:
// in ticket order. An offer is a hold on the place (tournament_players, same
// expiry) for the reserve to pay; a reserve whose offer ran out leaves the list.
export const reserves = sqliteTable(
  "reserves",
  {
    id: text("id").primaryKey(),
    tournamentId: text("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    playerId: text("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    joinedAt: integer("joined_at", { mode: "number" }).notNull(),
    /**
     * The list's order: drawn in the joining statement, one more than the tournament's highest, so it is the
     * order the joins were written in (a request's clock, joined_at, is when it started, not when it wrote).
     */
    ticket: integer("ticket", { mode: "number" }).notNull(),
    offeredAt: integer("offered_at", { mode: "number" }),
    offerExpiresAt: integer("offer_expires_at", { mode: "number" }),
    /** The batch that made the offer: it writes the hold and reads who to e-mail by it. */
    offerBatch: text("offer_batch"),
  },
  (t) => [
    uniqueIndex("reserves_entry_uq").on(t.tournamentId, t.playerId),
    uniqueIndex("reserves_ticket_uq").on(t.tournamentId, t.ticket),
  ],
);

export const payouts = sqliteTable(
  "payouts",
  {
    id: id(),
    tournamentId: text("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    playerId: text("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    amountPence: pence("amount_pence").notNull(),
    position: text("position").notNull(),
    confirmed: flag("confirmed").notNull().default(false),
    confirmedAt: integer("confirmed_at", { mode: "number" }),
    /** A guest's prize: handed over in cash at the venue, no ledger movement (DESIGN §10). */
    paidInCash: flag("paid_in_cash").notNull().default(false),
  },
  (t) => [
    // One payout per player per tournament: a second finalize cannot pay twice.
    uniqueIndex("payouts_tournament_player_uq").on(t.tournamentId, t.playerId),
    index("payouts_player_idx").on(t.playerId),
  ],
);

export const transactions = sqliteTable(
  "transactions",
  {
    id: id(),
    userType: text("user_type", { enum: userTypes }).notNull(),
    userId: text("user_id").notNull(),
    type: text("type", { enum: transactionTypes }).notNull(),
    description: text("description").notNull(),
    // Signed: credits positive, debits negative. Balance = sum(amount_pence).
    amountPence: pence("amount_pence").notNull(),
    tournamentId: text("tournament_id").references(() => tournaments.id, {
      onDelete: "set null",
    }),
    // Makes a movement idempotent (e.g. `entry:<registrationId>:deposit`).
    idempotencyKey: text("idempotency_key").unique(),
    createdAt: createdAt(),
  },
  (t) => [index("transactions_user_idx").on(t.userType, t.userId, t.createdAt)],
);

export const tables = sqliteTable(
  "tables",
  {
    id: id(),
    organiserId: text("organiser_id")
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    accessCode: text("access_code").notNull().unique(),
    // Out of rotation the table takes only the matches pinned to it (decisions 013–015).
    inRotation: flag("in_rotation").notNull().default(true),
    // The director sent this table's tablets to another table (decision 024): they follow it at their next read.
    sentTo: text("sent_to").references((): AnySQLiteColumn => tables.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("tables_organiser_idx").on(t.organiserId)],
);

export const matches = sqliteTable(
  "matches",
  {
    id: id(),
    tournamentId: text("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    tableId: text("table_id").references(() => tables.id, { onDelete: "set null" }),
    // When the match was last assigned to its table: the table shows the most
    // recently assigned match.
    tableAssignedAt: integer("table_assigned_at", { mode: "number" }),
    // The table the director keeps this match for (the TV table): automatic assignment sends it nowhere else.
    pinnedTableId: text("pinned_table_id").references((): AnySQLiteColumn => tables.id, { onDelete: "set null" }),
    // Which bracket the match is in, its group ("A", "B", … in groups, else null), and its name as shown.
    bracket: text("bracket", { enum: bracketSides }).notNull().default("winners"),
    groupName: text("group_name"),
    label: text("label").notNull().default(""),
    round: integer("round").notNull(),
    matchNumber: integer("match_number").notNull(),
    // An entry: a player's id, or in a team event the team's (no foreign key: it names either table).
    player1Id: text("player1_id"),
    player2Id: text("player2_id"),
    player1Score: integer("player1_score").notNull().default(0),
    player2Score: integer("player2_score").notNull().default(0),
    winnerId: text("winner_id"),
    status: text("status", { enum: matchStatuses }).notNull().default("pending"),
    outcome: text("outcome", { enum: outcomes }).notNull().default("played"),
    isBye: flag("is_bye").notNull().default(false),
    // Bracket links: where the winner of this match goes (slot 1 or 2).
    nextMatchId: text("next_match_id").references((): AnySQLiteColumn => matches.id, {
      onDelete: "set null",
    }),
    nextSlot: integer("next_slot"),
    // Double elimination: where the loser goes (null when a loss puts them out).
    loserMatchId: text("loser_match_id").references((): AnySQLiteColumn => matches.id, {
      onDelete: "set null",
    }),
    loserSlot: integer("loser_slot"),
    completedAt: integer("completed_at", { mode: "number" }),
    // Scoring at the table (decision 012): the side that won the lag, and a tablet's result waiting for the director.
    lagWinner: integer("lag_winner"),
    awaitingApproval: flag("awaiting_approval").notNull().default(false),
    // A handicapped event (decision 028): each side's race, and the two players they were set for (racesKey).
    race1: integer("race1"),
    race2: integer("race2"),
    racesFor: text("races_for"),
    createdAt: createdAt(),
  },
  (t) => [
    // One match per position: a concurrent start (or a second draw of the knockout) is refused by these.
    uniqueIndex("matches_position_uq")
      .on(t.tournamentId, t.bracket, t.round, t.matchNumber)
      .where(sql`${t.groupName} is null`),
    uniqueIndex("matches_group_position_uq")
      .on(t.tournamentId, t.groupName, t.round, t.matchNumber)
      .where(sql`${t.groupName} is not null`),
    index("matches_table_idx").on(t.tableId, t.tableAssignedAt),
    // The results from a moment on (the ratings' replay from the first result a change touches), and a player's own
    // (a profile's recent matches, a head-to-head): reads that grow with what they show, not with the history.
    index("matches_completed_idx").on(t.completedAt),
    // A tournament's matches: the position indexes above are partial (by group or not), so a query by tournament alone
    // could use neither and read the whole table — every page, floor and result read, growing with the history.
    index("matches_tournament_idx").on(t.tournamentId),
    index("matches_player1_idx").on(t.player1Id, t.completedAt),
    index("matches_player2_idx").on(t.player2Id, t.completedAt),
  ],
);

// Every tap a tablet sent (decision 012), by the id the tablet gave it: a replay
// finds its tap and changes nothing. A rack is undone by an undo tap; a
// confirm locks the match until it is recorded or the table is taken off it.
// `nonce` marks the request that wrote the row, so the rest of its batch
// applies only if this very request inserted the tap.
export const tableTaps = sqliteTable(
  "table_taps",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    tapId: text("tap_id").notNull().unique(),
    matchId: text("match_id")
      .notNull()
      .references(() => matches.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["rack", "undo", "confirm", "lag", "result-undo"] }).notNull(),
    player: integer("player"),
    nonce: text("nonce").notNull(),
    undoneBy: text("undone_by"),
    createdAt: createdAt(),
  },
  (t) => [index("table_taps_match_idx").on(t.matchId, t.kind)],
);

export const playerStats = sqliteTable("player_stats", {
  id: id(),
  playerId: text("player_id")
    .notNull()
    .unique()
    .references(() => players.id, { onDelete: "cascade" }),
  tournamentsPlayed: integer("tournaments_played").notNull().default(0),
  tournamentsWon: integer("tournaments_won").notNull().default(0),
  matchesPlayed: integer("matches_played").notNull().default(0),
  matchesWon: integer("matches_won").notNull().default(0),
  // Racks won and lost over the matches played (decision 012).
  racksWon: integer("racks_won").notNull().default(0),
  racksLost: integer("racks_lost").notNull().default(0),
  totalEarningsPence: pence("total_earnings_pence").notNull().default(0),
  updatedAt: integer("updated_at", { mode: "number" }),
});

export const withdrawals = sqliteTable(
  "withdrawals",
  {
    id: id(),
    userType: text("user_type", { enum: userTypes }).notNull(),
    userId: text("user_id").notNull(),
    amountPence: pence("amount_pence").notNull(),
    feePence: pence("fee_pence").notNull(),
    netPence: pence("net_pence").notNull(),
    status: text("status", { enum: withdrawalStatuses }).notNull().default("pending"),
    createdAt: createdAt(),
    paidAt: integer("paid_at", { mode: "number" }),
    // Where the money goes (a UK account; digits only). Null for withdrawals
    // requested through the JSON API with the amount alone, as SPEC §7 sends it.
    accountName: text("account_name"),
    sortCode: text("sort_code"),
    accountNumber: text("account_number"),
  },
  (t) => [index("withdrawals_user_idx").on(t.userType, t.userId)],
);

// One row per payment intent, for both providers: the simulated provider keeps
// its intents here; with Stripe it records what we asked for and what happened.
export const payments = sqliteTable(
  "payments",
  {
    id: text("id").primaryKey(), // the provider's payment intent id
    provider: text("provider", { enum: ["stripe", "simulated"] }).notNull(),
    registrationId: text("registration_id").references(() => tournamentPlayers.id, {
      onDelete: "set null",
    }),
    // An entry's payment names its tournament and player; a top-up names the account it credits instead.
    tournamentId: text("tournament_id").references(() => tournaments.id, { onDelete: "cascade" }),
    playerId: text("player_id").references(() => players.id, { onDelete: "cascade" }),
    topUpUserType: text("top_up_user_type", { enum: userTypes }),
    topUpUserId: text("top_up_user_id"),
    amountPence: pence("amount_pence").notNull(),
    currency: text("currency").notNull().default("gbp"),
    clientSecret: text("client_secret").notNull(),
    status: text("status", { enum: paymentStatuses }).notNull().default("requires_payment_method"),
    // What we did with a success: applied to an entry, refunded to the card or credited to the balance.
    outcome: text("outcome", { enum: paymentOutcomes }),
    failureMessage: text("failure_message"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }),
  },
  (t) => [
    index("payments_registration_idx").on(t.registrationId),
    index("payments_top_up_idx").on(t.topUpUserType, t.topUpUserId),
  ],
);

// Webhook event ids already handled: a duplicated delivery changes nothing.
export const processedWebhooks = sqliteTable("processed_webhooks", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  processedAt: createdAt(),
});

// The local e-mail outbox (DESIGN §6): readable at /dev/mailbox.
export const outbox = sqliteTable(
  "outbox",
  {
    id: id(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_created_idx").on(t.createdAt)],
);

// Fixed-window rate-limit counters (login, forgot-password), keyed by action
// and client; rows expire with their window.
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowEndsAt: integer("window_ends_at", { mode: "number" }).notNull(),
});

// Web Push (decisions 013–015): a player's browsers that asked to be told when their match is called. The endpoint is
// the push service's address for one browser: one row each, the player who subscribed it last owns it.
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: id(),
    playerId: text("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    // The browser's keys for RFC 8291 (base64url): its P-256 public key and its 16-byte auth secret.
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("push_subscriptions_player_idx").on(t.playerId)],
);

// The last table each match was called to and its players told of (decisions 013–015): a second notice of the same call
// (a retried request, two announcements at once) finds it already here. Unassigning the table removes it.
export const callNotices = sqliteTable("call_notices", {
  matchId: text("match_id")
    .primaryKey()
    .references(() => matches.id, { onDelete: "cascade" }),
  tableId: text("table_id").notNull(),
  calledAt: integer("called_at", { mode: "number" }).notNull(),
});

// Ratings (decision 027): every player's rating as the replay of the results left it, for the pages to read
// (handicaps, seeding, caps). The results stay the truth: after a change the replay runs from the first event it
// touched (rating_steps, ratings_dirty) and what changed is written here, guarded by the steps' version
// (ratings_state).
export const playerRatings = sqliteTable("player_ratings", {
  playerId: text("player_id")
    .primaryKey()
    .references(() => players.id, { onDelete: "cascade" }),
  /** Exact, not rounded: the pages and the API show it whole. */
  rating: real("rating").notNull(),
  racks: integer("racks").notNull(),
  /** The director whose starting rating this one grew from, if any. */
  setBy: text("set_by"),
  /**
   * What a rating cap reads (decision 031): the replay with only the starting ratings that stand, their tournament
   * started with the player in it; null before its first replay (read as the rating).
   */
  capRating: real("cap_rating"),
  updatedAt: integer("updated_at", { mode: "number" }).notNull(),
});

/** The starting rating a director set for a provisional player entered in their open tournament (decision 027). */
export const startingRatings = sqliteTable(
  "starting_ratings",
  {
    playerId: text("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    tournamentId: text("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    organiserId: text("organiser_id").notNull(),
    rating: integer("rating").notNull(),
    at: integer("at", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.tournamentId] })],
);

/**
 * Each rated event's step for each of its players (decision 027's addendum): where they stand after it, in both
 * chains. `key` orders the events as the replay does (`eventKey`); `match_id` is null for a starting rating.
 */
export const ratingSteps = sqliteTable(
  "rating_steps",
  {
    playerId: text("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    at: integer("at", { mode: "number" }).notNull(),
    matchId: text("match_id"),
    rating: real("rating").notNull(),
    racks: integer("racks").notNull(),
    setBy: text("set_by"),
    capRating: real("cap_rating").notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.key] }), index("rating_steps_key_idx").on(t.key)],
);

/**
 * The moments from which the stored steps may no longer be the replay's: written by triggers (migration 0024) in the
 * same statement as any change to what the ratings are replayed from — a result, a starting rating, whether a start
 * stands — so no write path can forget. The replay from the earliest one takes them away.
 */
export const ratingsDirty = sqliteTable("ratings_dirty", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  fromAt: integer("from_at", { mode: "number" }).notNull(),
});

/** One row: the version of the stored steps, so of two replays racing the one that read older steps is refused. */
export const ratingsState = sqliteTable("ratings_state", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull().default(0),
});

/** A CHECK's list of allowed values: `'a', 'b'` (the values are our own constants, never input). */
const sqlList = (values: readonly (string | number)[]) =>
  sql.raw(values.map((v) => (typeof v === "number" ? String(v) : `'${v}'`)).join(", "));

// Leagues (DESIGN §11): a league belongs to its secretary, an organiser account; its seasons hold divisions, in order.
export const leagues = sqliteTable(
  "leagues",
  {
    id: id(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    organiserId: text("organiser_id")
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("leagues_organiser_idx").on(t.organiserId)],
);

export const seasons = sqliteTable(
  "seasons",
  {
    id: id(),
    slug: text("slug").notNull().unique(),
    leagueId: text("league_id")
      .notNull()
      .references(() => leagues.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    status: text("status", { enum: seasonStatuses }).notNull().default("draft"),
    /** The weeknight its fixtures are played on ("monday" … "sunday"). */
    night: text("night", { enum: NIGHTS }).notNull(),
    /** The first league night, YYYY-MM-DD, on `night`. */
    startDate: text("start_date").notNull(),
    /** How many times each pair of teams meets: 1, or 2 (home and away). */
    legs: integer("legs").notNull().default(2),
    /** The dates no fixture is played on, a JSON array of YYYY-MM-DD. */
    blackoutDates: text("blackout_dates").notNull().default("[]"),
    /** The match card's format (`MatchFormat`, JSON); null for the usual eight singles and a doubles. */
    format: text("format"),
    /** The table's points (whole, 0 or more: the API's schema checks): a match won, drawn and lost, a frame won. */
    pointsWin: integer("points_win").notNull().default(2),
    pointsDraw: integer("points_draw").notNull().default(1),
    pointsLoss: integer("points_loss").notNull().default(0),
    pointsFrame: integer("points_frame").notNull().default(0),
    /** How many singles frames a player plays to qualify for the averages' merit table. */
    meritMinFrames: integer("merit_min_frames").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("seasons_league_idx").on(t.leagueId, t.startDate),
    check("seasons_status_known", sql`${t.status} in (${sqlList(seasonStatuses)})`),
    check("seasons_night_known", sql`${t.night} in (${sqlList(NIGHTS)})`),
    check("seasons_legs_range", sql`${t.legs} in (${sqlList(LEGS)})`),
  ],
);

export const divisions = sqliteTable(
  "divisions",
  {
    id: id(),
    seasonId: text("season_id")
      .notNull()
      .references(() => seasons.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** What names are compared by (`divisionNameKey`): NFC, lower case in every script. */
    nameKey: text("name_key").notNull(),
    /** 1 for the top division, then 2, 3 … in the order they were made. */
    position: integer("position").notNull(),
    /** The team that won it, set when the season is finished: the league's roll of honour. */
    championId: text("champion_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("divisions_season_position_uq").on(t.seasonId, t.position),
    uniqueIndex("divisions_season_name_uq").on(t.seasonId, t.nameKey),
    check("divisions_position_positive", sql`${t.position} >= 1`),
  ],
);

/**
 * A season's team: a name unique in the season (by its key, as a tournament team's), a division, the home venue
 * whose tables it plays on, and a captain who is a player account (and on the roster).
 */
export const leagueTeams = sqliteTable(
  "league_teams",
  {
    id: id(),
    seasonId: text("season_id")
      .notNull()
      .references(() => seasons.id, { onDelete: "cascade" }),
    divisionId: text("division_id")
      .notNull()
      .references(() => divisions.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** What names are compared by (`teamNameKey`): NFC, lower case in every script. */
    nameKey: text("name_key").notNull(),
    venue: text("venue").notNull(),
    captainId: text("captain_id")
      .notNull()
      .references(() => players.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("league_teams_season_name_uq").on(t.seasonId, t.nameKey),
    index("league_teams_division_idx").on(t.divisionId, t.createdAt),
    index("league_teams_captain_idx").on(t.captainId),
  ],
);

/** A team's registered roster: players and guests of the league, each on at most one team a season. */
export const leagueRoster = sqliteTable(
  "league_roster",
  {
    teamId: text("team_id")
      .notNull()
      .references(() => leagueTeams.id, { onDelete: "cascade" }),
    seasonId: text("season_id")
      .notNull()
      .references(() => seasons.id, { onDelete: "cascade" }),
    playerId: text("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.playerId] }),
    uniqueIndex("league_roster_season_player_uq").on(t.seasonId, t.playerId),
    index("league_roster_player_idx").on(t.playerId),
  ],
);

/**
 * A season's fixture: two teams of a division in a week of the season, at the home team's venue. `date` is the
 * week's night unless the secretary moved it; null while postponed. The scores are frames won, once played.
 */
export const leagueFixtures = sqliteTable(
  "league_fixtures",
  {
    id: id(),
    seasonId: text("season_id")
      .notNull()
      .references(() => seasons.id, { onDelete: "cascade" }),
    divisionId: text("division_id")
      .notNull()
      .references(() => divisions.id, { onDelete: "cascade" }),
    week: integer("week").notNull(),
    date: text("date"),
    homeTeamId: text("home_team_id")
      .notNull()
      .references(() => leagueTeams.id, { onDelete: "cascade" }),
    awayTeamId: text("away_team_id")
      .notNull()
      .references(() => leagueTeams.id, { onDelete: "cascade" }),
    venue: text("venue").notNull(),
    status: text("status", { enum: fixtureStatuses }).notNull().default("scheduled"),
    homeScore: integer("home_score"),
    awayScore: integer("away_score"),
    /** Each captain's confirmation of the card (a frame changed after one clears both). */
    homeConfirmed: integer("home_confirmed", { mode: "boolean" }).notNull().default(false),
    awayConfirmed: integer("away_confirmed", { mode: "boolean" }).notNull().default(false),
    /** Why a captain put it in dispute. */
    disputeReason: text("dispute_reason"),
    /** The secretary's note on resolving or awarding it, for both captains to see. */
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("league_fixtures_season_idx").on(t.seasonId, t.week),
    index("league_fixtures_home_idx").on(t.homeTeamId, t.date),
    index("league_fixtures_away_idx").on(t.awayTeamId, t.date),
    check("league_fixtures_status_known", sql`${t.status} in (${sqlList(fixtureStatuses)})`),
    check("league_fixtures_two_teams", sql`${t.homeTeamId} != ${t.awayTeamId}`),
    check("league_fixtures_week_positive", sql`${t.week} >= 1`),
  ],
);

/** Points the secretary deducted from a team, with the reason the team's page shows. */
export const leaguePenalties = sqliteTable(
  "league_penalties",
  {
    id: id(),
    seasonId: text("season_id")
      .notNull()
      .references(() => seasons.id, { onDelete: "cascade" }),
    teamId: text("team_id")
      .notNull()
      .references(() => leagueTeams.id, { onDelete: "cascade" }),
    points: integer("points").notNull(),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("league_penalties_season_idx").on(t.seasonId, t.createdAt),
    index("league_penalties_team_idx").on(t.teamId, t.createdAt),
    check("league_penalties_points_positive", sql`${t.points} >= 1`),
  ],
);

/**
 * A frame of a fixture's card: each side's players (one for singles, two for doubles; null until named) and who won
 * it. Numbered 1 to the format's total; a row exists once anything of the frame is set.
 */
export const leagueFrames = sqliteTable(
  "league_frames",
  {
    fixtureId: text("fixture_id")
      .notNull()
      .references(() => leagueFixtures.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    homePlayer1: text("home_player1").references(() => players.id),
    homePlayer2: text("home_player2").references(() => players.id),
    awayPlayer1: text("away_player1").references(() => players.id),
    awayPlayer2: text("away_player2").references(() => players.id),
    winner: text("winner", { enum: SIDES }),
    /** When the result was recorded (ms): the frame's moment for the ratings. */
    playedAt: integer("played_at", { mode: "number" }),
  },
  (t) => [
    primaryKey({ columns: [t.fixtureId, t.number] }),
    /** The ratings' replay reads frames by their moment (migration 0028's triggers mark it). */
    index("league_frames_played_idx").on(t.playedAt),
    check("league_frames_winner_known", sql`${t.winner} is null or ${t.winner} in (${sqlList(SIDES)})`),
    check("league_frames_number_positive", sql`${t.number} >= 1`),
  ],
);
