// The tournament page's model: from what the page read in its one round trip
// and the address it was asked for, everything it shows — the tournament, the
// viewer's entry and standing, the bracket, the director's cards and which
// dialog is open. Pure: the loader reads (routes/tournament.$slug/route.tsx),
// this decides, the components draw.
import type { UserType } from "../../../domain/accounts.ts";
import { bracketTab } from "../../play/domain/bracket-tab.ts";
import {
  checkedInSplit,
  leaveText,
  reserveList,
  reservePosition,
  type CheckInRead,
  type Reserve,
} from "../../entries/domain/check-in.ts";
import { isDomainError } from "../../../domain/errors.ts";
import { payoutWording, type PayoutStructureId } from "../../money/domain/money.ts";
import type { MatchView } from "../../play/domain/play.ts";
import { payoutPreview, planPayouts, type PlanInput } from "../../play/domain/payout-plan.ts";
import type { PlayedTournament } from "../../play/domain/play-checks.ts";
import { noShowWalkover, queuePanel, type QueueState } from "../../floor/domain/queue-views.ts";
import { tournamentResults, type PaidPrize } from "../../play/domain/results.ts";
import type { BreakRule, ResultsFromTables } from "../../floor/domain/table-scoring.ts";
import type { PaidBy } from "../../entries/domain/payments.ts";
import { settle, settlementOf, type Settlement, type SettlementReads } from "../../money/domain/settlement.ts";
import { shownEntrant, type RatedEntrant } from "../../ratings/domain/starting-ratings.ts";
import { isTeamEvent, teamSize } from "../../entries/domain/teams.ts";
import { headlinePrice } from "../../money/domain/headline-price.ts";
import { dateInZone } from "../../../domain/dates.ts";
import { formatPlaces } from "./formats.ts";
import {
  DEFAULT_FORMAT,
  headline,
  registrationState,
  type Headline,
  type MatchType,
  type Handicap,
  type seedings,
  type TournamentStatus,
  type TournamentType,
} from "../../../domain/tournaments.ts";

/** The tournament as the page reads it: its row, its counts, its players (a team event's members) and teams. */
type PageTournament = Headline & {
  organiserId: string;
  status: TournamentStatus;
  registrationDeadline: number | null;
  rules: string | null;
  format: string | null;
  maxPlayers: number;
  tournamentType: TournamentType;
  matchType: MatchType;
  seeding: (typeof seedings)[number];
  advancePerGroup: number | null;
  raceTo: number | null;
  handicap: Handicap;
  maxRating: number | null;
  resultsFromTables: ResultsFromTables;
  breakRule: BreakRule;
  payoutStructure: PayoutStructureId;
  tdName: string;
  organisationName: string;
  /** Paid entries. */
  playerCount: number;
  /** Paid entries, live holds and waiting reserves: what "Full" is judged on. */
  placesTaken: number;
  /** Places held by players paying now. */
  holds: number;
  /** With its entry and, for the director, how it was paid (DESIGN §10). */
  players: { id: string; name: string; entryId?: string; paidBy?: PaidBy; account?: "player" | "invited" | "guest" }[];
  teams: {
    id: string;
    name: string;
    captainId: string;
    paidBy?: PaidBy;
    members: { id: string; name: string }[];
  }[];
};

/**
 * What the page reads, in one batch with the session's check. What belongs to one kind of viewer is read only for
 * them (the loader chooses by the signed cookie) and comes back empty for anyone else.
 */
export type TournamentPageReads = {
  tournament: PageTournament;
  /** The account the session's check confirmed; null for a visitor (or a session that is over). */
  user: { id: string; userType: UserType } | null;
  /** The whole bracket (none before the start). */
  matches: MatchView[];
  /** The prizes paid at finalize. */
  prizes: PaidPrize[];
  /** A director's tables, for putting matches on them. */
  tables: { id: string; name: string; busyWith: string | null }[];
  /** A player's registrations (paid, or held while they pay). */
  registrations: { tournamentId: string; paid: boolean }[];
  /** A director's payout plan, read only when the Finalize dialog is open. */
  plan: (PlanInput<PlayedTournament & { siteFeePence: number }> & SettlementReads) | null;
  /** A director's entries in their seed order. */
  seeds: { playerId: string; name: string; seed: number | null }[];
  /** A director's entrants with their ratings (decision 027); empty for anyone else. */
  entrantRatings?: RatedEntrant[];
  /** A director's check-in: every paid entry, and the reserve list. */
  checkIn: CheckInRead | null;
  /** The entries withdrawn during play (decision 021), as match slots name them. */
  withdrawn: ReadonlySet<string>;
  /** A player's own check-in, and the reserve list their place on it is counted from. */
  mine: { checkedInAt: number | null; reserves: Reserve[] } | null;
  /** A director's queue and tables. */
  queue: QueueState | null;
  /** The director's tables with a tablet on them now (null: not known). */
  tablets?: ReadonlySet<string> | null;
};

/** The address's part: the tab, the dialog, the QR code's `?checkin`, a payment's return; and the time. */
export type PageRequest = { search: URLSearchParams; now: number; origin: string };

export type TournamentPageModel = ReturnType<typeof tournamentPage>;

/** The toast of a player back from paying (SPEC §2: ?payment=success). */
const PAYMENT_SUCCESS = Object.freeze({
  id: "payment-success",
  type: "success" as const,
  title: "Payment Successful!",
  description: "You're in. See you at the table.",
});

export function tournamentPage(reads: TournamentPageReads, { search, now, origin }: PageRequest) {
  const { tournament: t, user } = reads;
  const isOwner = user?.userType === "organiser" && user.id === t.organiserId;
  const player = user?.userType === "player" ? user : null;
  const registered = player !== null && t.players.some((p) => p.id === player.id);
  const pending = player !== null && !registered && reads.registrations.some((r) => r.tournamentId === t.id && !r.paid);
  const payout = payoutWording(t.payoutStructure, t.tournamentType);
  const confirm = search.get("confirm");
  const director = isOwner ? directorPart(reads, user.id, now, search) : null;
  return {
    tournament: {
      ...headline(t),
      /** What an entry costs its payer, the total first (a team's, in a team event). */
      price: headlinePrice(t),
      registrationDeadline: t.registrationDeadline,
      rules: t.rules,
      format: t.format || DEFAULT_FORMAT,
      maxPlayers: t.maxPlayers,
      tournamentType: t.tournamentType,
      matchType: t.matchType,
      raceTo: t.raceTo,
      handicap: t.handicap,
      maxRating: t.maxRating,
      seeding: t.seeding,
      // Table scoring (decision 012): the director changes these in the settings dialog.
      resultsFromTables: t.resultsFromTables,
      breakRule: t.breakRule,
      payoutStructure: t.payoutStructure,
      status: t.status,
      tdName: t.tdName,
      organisationName: t.organisationName,
      playerCount: t.playerCount,
      holds: t.holds,
      // How each entry was paid is the director's to see (walkIns below).
      players: t.players.map(({ id, name }) => ({ id, name })),
      teams: t.teams.map(({ paidBy: _, ...team }) => team),
      teamSize: teamSize(t.matchType),
      /** Entries withdrawn during play: shown as such wherever they are listed. */
      withdrawn: [...reads.withdrawn],
    },
    viewer: user ? { id: user.id, userType: user.userType, isOwner } : null,
    tab: pageTab(search.get("tab"), t.status, isOwner),
    origin,
    /** When the page read what it shows (ms): news its push channel carries from before that adds nothing. */
    readAt: now,
    payoutText: `${payout.label} (${payout.description})`,
    paymentToast: search.get("payment") === "success" ? PAYMENT_SUCCESS : null,
    // A finished tournament leads with who won what.
    results: t.status === "finished" ? tournamentResults(reads.matches, reads.prizes) : null,
    entry: {
      registration: registrationState({ ...t, playerCount: t.placesTaken, registered, pending, now }),
      deadlinePassed: t.registrationDeadline !== null && t.registrationDeadline <= now,
      // the player's own check-in and place on the reserve list, before the start.
      me:
        player && t.status === "open"
          ? {
              entered: registered,
              checkedIn: reads.mine?.checkedInAt != null,
              reservePosition: reads.mine ? reservePosition(reads.mine.reserves, player.id, now) : null,
              captain: !t.teams.some(
                (team) => team.members.some((m) => m.id === player.id) && team.captainId !== player.id,
              ),
              // Paid at the bar (DESIGN §10): the director hands the cash back, so only they take the entry out.
              paidAtBar:
                (isTeamEvent(t.matchType)
                  ? t.teams.find((team) => team.members.some((m) => m.id === player.id))?.paidBy
                  : t.players.find((p) => p.id === player.id)?.paidBy) === "cash",
            }
          : null,
      leaveText: leaveText(t, teamSize(t.matchType)),
      /** Arrived by the venue's QR code: the check-in comes first. */
      checkin: search.has("checkin"),
    },
    play: bracketTab(reads, registered ? user : null),
    director,
    /**
     * The dialog the address opens: ?confirm=start|finalize|settings|leave, ?confirm=withdraw&entry= (an entry's
     * registration id), ?confirm=remove-walk-in&entry= (a cash entry), ?confirm=walkover&match=&winner= (a no-show),
     * or a match's ?result= or ?correct=.
     */
    dialog: {
      confirm,
      resultFor: search.get("result"),
      correctFor: search.get("correct"),
      /** The entry ?confirm=withdraw or ?confirm=remove-walk-in is about. */
      entryFor: search.get("entry"),
      /** ?confirm=walkover&match=…&winner=…: the floor's no-show walkover, while its match is not being played. */
      walkover:
        confirm === "walkover" && t.status === "in_progress"
          ? noShowWalkover(director?.queue ?? null, search.get("match"), search.get("winner"))
          : null,
    },
  };
}

/**
 * The tab the page opens on: Details before the start and after; during play the bracket, or for the tournament's
 * director the floor (their tables, what waits for approval, what is up next). The address may ask for
 * any tab it shows: the floor is the director's during play only.
 */
export function pageTab(asked: string | null, status: TournamentStatus, isOwner: boolean) {
  const floor = isOwner && status === "in_progress";
  if (asked === "floor" && floor) return "floor" as const;
  if (asked === "bracket") return "bracket" as const;
  if (asked === "details" || status !== "in_progress") return "details" as const;
  return floor ? ("floor" as const) : ("bracket" as const);
}

/** The director's panels before the start, each folding away on the page (its `?open=` names one). */
const directorPanels = ["walk-ins", "check-in", "ratings", "qr", "settings", "seeding"] as const;
type DirectorPanel = (typeof directorPanels)[number];

/**
 * Which of the director's panels start open before the start, so a phone's first screen shows what matters now:
 * walk-ins always (people arrive with cash), check-in on the night (at the venue, UK time); the ratings, the QR code,
 * the settings and the seeding only when asked (`?open=`, where a form of the panel comes back to without
 * JavaScript). A refused form opens its own panel on the page.
 */
function openPanels(
  t: { status: TournamentStatus; date: string },
  now: number,
  asked: string | null,
): Record<DirectorPanel, boolean> {
  const open = t.status === "open";
  const onTheNight = open && t.date <= dateInZone(now);
  const is = (panel: DirectorPanel) => open && asked === panel;
  return {
    "walk-ins": open,
    "check-in": onTheNight || is("check-in"),
    ratings: is("ratings"),
    qr: is("qr"),
    settings: is("settings"),
    seeding: is("seeding"),
  };
}

/** The director's cards and dialogs: their tables during play, check-in and seeding before it, the queue, payouts. */
function directorPart(reads: TournamentPageReads, directorId: string, now: number, search: URLSearchParams) {
  const { tournament: t, checkIn, plan } = reads;
  // The settings' panel stays open under their dialog, the link it opened from in sight.
  const panel = search.get("open") ?? (search.get("confirm") === "settings" ? "settings" : null);
  // The payouts the Finalize dialog shows (the plan is read only while it is open), or why there are none yet.
  let preview: ReturnType<typeof payoutPreview> | null = null;
  let settlement: ReturnType<typeof settlementView> | null = null;
  let previewProblem: string | null = null;
  if (plan) {
    try {
      preview = payoutPreview(plan, directorId);
      settlement = settlementView(settle(settlementOf(planPayouts(plan, directorId), plan)));
    } catch (error) {
      if (!isDomainError(error)) throw error;
      previewProblem = error.message;
    }
  }
  const teamEvent = teamSize(t.matchType) > 1;
  const absent = checkIn ? checkedInSplit(checkIn.entries).absent : [];
  const entries = isTeamEvent(t.matchType)
    ? t.teams.map((team) => ({ entryId: team.id, name: team.name, paidBy: team.paidBy, account: null }))
    : t.players.map((p) => ({
        entryId: p.entryId ?? p.id,
        name: p.name,
        paidBy: p.paidBy,
        account: p.account ?? null,
      }));
  return {
    tables: t.status === "in_progress" ? reads.tables : [],
    // The entries paid at the bar, which the director may still take out (DESIGN §10), before the start.
    walkIns:
      t.status === "open"
        ? entries.filter((e) => e.paidBy === "cash").map(({ entryId, name, account }) => ({ entryId, name, account }))
        : null,
    // who is in and the reserve list, before the start.
    checkIn:
      checkIn && t.status === "open"
        ? {
            teamEvent,
            entries: checkIn.entries,
            absent: absent.length,
            /** Who the start would drop, named in its dialog. */
            absentNames: absent.map((e) => e.name),
            reserves: reserveList(checkIn.reserves, now).map((r) => ({
              id: r.id,
              name: r.name,
              state: r.state,
              position: r.position,
              offerExpiresAt: r.offerExpiresAt,
            })),
          }
        : null,
    // The tables and queue (decisions 013–015): settings before and during play, the tables and the queue during.
    queue: reads.queue && t.status !== "finished" ? queuePanel(reads.queue, reads.matches, now, reads.tablets) : null,
    // During play: the entries still in the event, for the Withdraw action (decision 021).
    entries:
      checkIn && t.status === "in_progress" ? { teamEvent, rows: stillIn(checkIn.entries, reads.matches) } : null,
    // The entrants' ratings and the starting-ratings form: a singles tournament's, while open.
    entrantRatings:
      t.status === "open" && !teamEvent && reads.entrantRatings ? reads.entrantRatings.map(shownEntrant) : null,
    // The seeding form, while open and seeded by hand.
    seeds: t.status === "open" && t.seeding === "manual" ? reads.seeds : null,
    /** Which panels start open. */
    open: openPanels(t, now, panel),
    preview,
    settlement,
    previewProblem,
  };
}

/**
 * The entries a director may withdraw during play: neither withdrawn already nor out of contention (a knockout's
 * losers, once a loss puts them out; in a league everyone stays in until the last match).
 */
function stillIn(
  entries: NonNullable<TournamentPageReads["checkIn"]>["entries"],
  matches: readonly MatchView[],
): { registrationId: string; name: string }[] {
  const places = formatPlaces(
    matches,
    entries.map((e) => e.entryId),
  );
  return entries
    .filter((e) => e.withdrawnAt === null && (places.get(e.entryId) ?? null) === null)
    .map(({ registrationId, name }) => ({ registrationId, name }));
}

/** What the Finalize dialog says of the money paid at the bar (DESIGN §10), none when every entry paid online. */
function settlementView(s: Settlement) {
  return s.cashEntries === 0 && s.shortfallPence === 0
    ? null
    : {
        cashEntries: s.cashEntries,
        cashTakenPence: s.cashTakenPence,
        keptPence: s.keptPence,
        siteFeesChargedPence: s.siteFeesChargedPence,
        directorBalanceChangePence: s.directorBalanceChangePence,
        paidInCash: s.paidInCash.map((c) => ({ name: c.name, position: c.position, amountPence: c.amountPence })),
        shortfallPence: s.shortfallPence,
      };
}
