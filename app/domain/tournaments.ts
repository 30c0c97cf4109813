// Tournaments: the types SPEC lists and which of them can be played, their
// labels and registration states. Every page loads this module (decision
// 016): the creation schema is in tournament-schema.ts, so that pages showing
// tournaments carry no Zod, and the create form's defaults and its own choices
// in creation-form.ts (decision 009).

export const tournamentStatuses = ["open", "in_progress", "finished"] as const;
export type TournamentStatus = (typeof tournamentStatuses)[number];

export const tournamentTypes = ["single_elimination", "double_elimination", "round_robin", "round_robin_tier"] as const;
export type TournamentType = (typeof tournamentTypes)[number];

/** How the entries are placed: a random draw, the director's order, or by rating (decision 027, singles). */
export const seedings = ["random", "manual", "rating"] as const;
export type Seeding = (typeof seedings)[number];

/** Whether each match's races are set from its players' ratings (decision 028). */
export const handicaps = ["none", "race"] as const;
export type Handicap = (typeof handicaps)[number];

export const matchTypes = ["1v1", "2v2", "3v3", "4v4"] as const;
export type MatchType = (typeof matchTypes)[number];

/** Every SPEC type is listed; those not yet playable say why (DESIGN §5). */
export const tournamentTypeOptions: { value: TournamentType; label: string; unavailable?: string }[] = [
  { value: "single_elimination", label: "Single elimination" },
  { value: "double_elimination", label: "Double elimination" },
  { value: "round_robin", label: "Round robin" },
  { value: "round_robin_tier", label: "Round-robin groups, then knockout" },
];

export const matchTypeOptions: { value: MatchType; label: string; unavailable?: string }[] = [
  { value: "1v1", label: "Singles (1v1)" },
  { value: "2v2", label: "Doubles (2v2)" },
  { value: "3v3", label: "Teams of 3 (3v3)" },
  { value: "4v4", label: "Teams of 4 (4v4)" },
];

export const statusLabels: Record<TournamentStatus, string> = {
  open: "Open",
  in_progress: "In Progress",
  finished: "Finished",
};

export const DEFAULT_FORMAT = "8-ball knockout";
export const LIST_FORMAT_LABEL = "Pool Tournament";

/** Readable slug from the name plus a short random part: "friday-8-ball-k3x9qa". */
export function makeSlug(name: string, random: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/g, "");
  return base ? `${base}-${random}` : random;
}

/** Registration rules of SPEC §4 and DESIGN §4, for badges and the join button. */
export type RegistrationState = "registered" | "pending" | "full" | "closed" | "started" | "open";

export function registrationState(t: {
  status: TournamentStatus;
  registrationDeadline: number | null;
  playerCount: number;
  maxPlayers: number;
  registered: boolean;
  pending?: boolean;
  now: number;
}): RegistrationState {
  if (t.registered) return "registered";
  if (t.status !== "open") return "started";
  if (t.registrationDeadline !== null && t.registrationDeadline <= t.now) return "closed";
  if (t.pending) return "pending";
  if (t.playerCount >= t.maxPlayers) return "full";
  return "open";
}

export type Headline = {
  id: string;
  slug: string;
  name: string;
  venue: string;
  date: string;
  time: string;
  entryFeePence: number;
  siteFeePence: number;
  /** What an entry is, one player or a team: its price is per entry. */
  matchType: MatchType;
};

/** What every screen about one tournament shows of it: which, where, when and what it costs. */
export function headline(t: Headline): Headline {
  const { id, slug, name, venue, date, time, entryFeePence, siteFeePence, matchType } = t;
  return { id, slug, name, venue, date, time, entryFeePence, siteFeePence, matchType };
}

/** Why a join was refused, in words a player understands. */
export const joinRefusals: Record<RegistrationState, string> = {
  registered: "You are already registered for this tournament",
  started: "Registration has closed: the tournament has started",
  closed: "Registration Closed: the deadline has passed",
  full: "This tournament is full",
  pending: "Your payment is still pending",
  open: "Could not reserve a place, please try again",
};

/** Archive and restore from the director's list (SPEC §4, DESIGN §5). */
export const FINAL_PLAYED = "The final has been played: finalize the tournament to pay the prizes";

/**
 * Whether a tournament may move from `from` to `to`. Archiving stops an
 * evening without payouts, so once the final has a result it is refused:
 * the winners are owed their prizes, and finalize pays them.
 */
export function statusChangeError(
  from: TournamentStatus,
  to: TournamentStatus,
  { finalized, finalPlayed }: { finalized: boolean; finalPlayed: boolean },
): string | null {
  if (to === "finished") {
    if (from !== "in_progress") return "Only a tournament in progress can be archived";
    return finalPlayed ? FINAL_PLAYED : null;
  }
  if (to === "open") {
    if (from !== "finished") return "Only an archived tournament can be restored";
    return finalized ? "A finalized tournament has paid out and cannot be restored" : null;
  }
  return "Start a tournament from its page";
}
