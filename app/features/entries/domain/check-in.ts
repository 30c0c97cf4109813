// Before the break-off (decisions 013–015): checking in at the venue, leaving before
// the start with the entry fee back, and the reserve list of a full
// tournament. Pure rules; the services read the rows and write the result.
import { formatGBP, type Pence } from "../../../domain/pence.ts";
import { HOLD_MS } from "./holds.ts";

/** A reserve offered a freed place holds it this long to pay: an ordinary hold. */
export const OFFER_MS = HOLD_MS;

export const checkInMessages = {
  notFound: "Tournament not found",
  notEntered: "Only a player entered in this tournament can do that",
  checkInStarted: "Check-in is over: the tournament has started",
  leaveStarted: "You can only leave before the tournament starts",
  reserveTeams: "The reserve list is for singles tournaments: a team can join when a place frees",
  reserveClosed: "The reserve list is closed: the tournament no longer takes entries",
  alreadyIn: "You are already registered for this tournament",
  alreadyLeft: "You have already left this tournament",
  captainLeaves: "Only the team's captain can take the team out; you can leave the team itself",
  tooFewHere: "At least 2 checked-in players are needed to start without the others",
  placeFree: "There is a place free: join the tournament instead",
  noSuchEntry: "No paid entry of that player or team in this tournament",
  directorChecksIn: "Only the tournament's director can check someone else in",
} as const;

/** What leaving gives back: the entry fee (a team's, for every member), never the site fee. */
export function leaveRefund(t: { entryFeePence: Pence; siteFeePence: Pence }, teamSize = 1) {
  const size = Math.max(1, Math.trunc(teamSize));
  return { refundPence: t.entryFeePence * size, keptPence: t.siteFeePence * size };
}

/** One refund per registration, whoever gives it (the player leaving, or the director dropping them). */
export const refundKey = (registrationId: string) => `refund:${registrationId}:entry_fee`;

/**
 * What leaving means, said plainly before the player confirms:
 * "You get £10.00 back to your balance. The £1.00 site fee is not refunded."
 */
export function leaveText(t: { entryFeePence: Pence; siteFeePence: Pence }, teamSize = 1): string {
  const { refundPence, keptPence } = leaveRefund(t, teamSize);
  const back =
    refundPence > 0
      ? `You get ${formatGBP(refundPence)} back to your balance.`
      : "There was no entry fee to give back.";
  const kept = keptPence > 0 ? ` The ${formatGBP(keptPence)} site fee is not refunded.` : "";
  const whole = teamSize > 1 ? " Your whole team leaves with you." : "";
  return `${back}${kept}${whole} Your place goes to the next player.`;
}

/** A reserve list entry as read. */
export type Reserve = {
  id: string;
  playerId: string;
  joinedAt: number;
  /** The list's order: drawn when the join was written (the database's order, not the request's clock). */
  ticket: number;
  offeredAt: number | null;
  offerExpiresAt: number | null;
};

export type ReserveState = "waiting" | "offered" | "lapsed";

/** Waiting to be offered, holding an offer now, or an offer that ran out (off the list). */
export function reserveState(r: Pick<Reserve, "offeredAt" | "offerExpiresAt">, now: number): ReserveState {
  if (r.offeredAt === null) return "waiting";
  return r.offerExpiresAt !== null && r.offerExpiresAt > now ? "offered" : "lapsed";
}

/** First come, first offered: by ticket, the order the joins were written in (no two alike in a tournament). */
export function reserveOrder<R extends Pick<Reserve, "ticket">>(list: readonly R[]): R[] {
  return [...list].sort((a, b) => a.ticket - b.ticket);
}

/** The list as the director sees it: offers first, then the waiting in order, numbered; lapsed offers left off. */
export function reserveList<R extends Reserve>(list: readonly R[], now: number) {
  const live = reserveOrder(list).filter((r) => reserveState(r, now) !== "lapsed");
  const offered = live.filter((r) => reserveState(r, now) === "offered");
  const waiting = live.filter((r) => reserveState(r, now) === "waiting");
  return [
    ...offered.map((r) => ({ ...r, state: "offered" as const, position: null })),
    ...waiting.map((r, i) => ({ ...r, state: "waiting" as const, position: i + 1 })),
  ];
}

/** A waiting reserve's place in the queue (1 = offered the next place), or null when not waiting. */
export function reservePosition(list: readonly Reserve[], playerId: string, now: number): number | null {
  return reserveList(list, now).find((r) => r.playerId === playerId && r.state === "waiting")?.position ?? null;
}

/** How many waiting reserves a freed place (or several) goes to: never more than the free places. */
export function placesToOffer(maxPlayers: number, placesTaken: number, waiting: number): number {
  return Math.max(0, Math.min(maxPlayers - placesTaken, waiting));
}

/** "You're number 2 on the reserve list": what a waiting reserve is told. */
export function reservePositionText(position: number): string {
  return position === 1
    ? "You're first on the reserve list: you'll get an e-mail when a place frees."
    : `You're number ${position} on the reserve list: you'll get an e-mail when a place frees.`;
}

/** The entries split for the start: who checked in, and who the director may drop. */
export function checkedInSplit<E extends { checkedInAt: number | null }>(entries: readonly E[]) {
  return {
    present: entries.filter((e) => e.checkedInAt !== null),
    absent: entries.filter((e) => e.checkedInAt === null),
  };
}

/** "3 of 8 checked in". */
export function checkedInText(present: number, total: number): string {
  return `${present} of ${total} checked in`;
}

/** The director's view of check-in as read: every paid entry with its check-in, and the reserve list. */
export type CheckInRead = {
  entries: {
    registrationId: string;
    /** The entry as match slots name it: its team's id in a team event, else its player's. */
    entryId: string;
    name: string;
    checkedInAt: number | null;
    withdrawnAt: number | null;
  }[];
  reserves: (Reserve & { name: string })[];
};
