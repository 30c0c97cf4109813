// A card payment's life (DESIGN §4), the same for Stripe and the simulated
// provider: refunded is ours, for a payment that arrived too late to count.
import { formatGBP, type Pence } from "../../../domain/pence.ts";

export const paymentStatuses = ["requires_payment_method", "succeeded", "declined", "canceled", "refunded"] as const;

/**
 * What was done with a successful payment: applied to its entry, refunded to
 * the card, or credited to the payer's balance (decision 017).
 */
export const paymentOutcomes = ["applied", "refunded", "credited"] as const;

/** How an entry was paid: "cash" is handed to the director at the bar (DESIGN §10), the others go through us. */
export const paidByKinds = ["card", "balance", "cash", "free"] as const;
export type PaidBy = (typeof paidByKinds)[number];

/**
 * Why a paid-for hold could not become an entry, as the batch that tried found
 * it. A team's conflicts are credited to the captain's balance (they usually
 * re-form the team and pay again at once); a place that is gone is refunded
 * to the card.
 */
export type PlaceLost =
  | { kind: "member-taken"; name: string }
  | { kind: "team-name-taken"; name: string }
  | { kind: "started" }
  | { kind: "paid-at-bar" }
  | { kind: "price-changed" }
  | { kind: "full" }
  | { kind: "expired" }
  | { kind: "mismatch" };

/** What the batch read about a paid-for hold that was not honoured. */
export type PlaceLostFacts = {
  /** A member of the team who is in another live team of the tournament. */
  memberTaken: string | null;
  /** Another live team's name equal to this team's, case ignored. */
  nameTaken: string | null;
  status: string | null;
  /** How the registration is paid now: "cash" when the director entered the player at the bar meanwhile. */
  paidBy?: string | null;
  /** The tournament's entry fee, site fee or match type is no longer the one the payment was for. */
  priceChanged?: boolean;
};

export function placeLost(facts: PlaceLostFacts): PlaceLost {
  if (facts.paidBy === "cash") return { kind: "paid-at-bar" };
  if (facts.status !== null && facts.status !== "open") return { kind: "started" };
  if (facts.priceChanged) return { kind: "price-changed" };
  if (facts.memberTaken !== null) return { kind: "member-taken", name: facts.memberTaken };
  if (facts.nameTaken !== null) return { kind: "team-name-taken", name: facts.nameTaken };
  return { kind: "full" };
}

/** Whether the money goes back to the payer's balance (else to the card). */
export const creditedToBalance = (lost: PlaceLost): boolean =>
  lost.kind === "member-taken" || lost.kind === "team-name-taken";

/** The reason in words, to follow "Your place could not be kept: ". */
export function placeLostReason(lost: PlaceLost): string {
  switch (lost.kind) {
    case "member-taken":
      return `${lost.name} is already in another team`;
    case "team-name-taken":
      return `another team has taken the name "${lost.name}"`;
    case "started":
      return "the tournament has started";
    case "paid-at-bar":
      return "the director entered you at the bar, paid in cash";
    case "price-changed":
      return "the entry fee changed before your payment arrived";
    case "full":
      return "the tournament is full";
    case "expired":
      return "your hold on the place ran out";
    case "mismatch":
      return "the payment did not match the entry";
  }
}

const PLACE_NOT_KEPT = "Your place could not be kept";

/** "Your place could not be kept: …" and where the money went. */
export function placeNotKeptMessage(
  reason: string | null,
  outcome: "credited" | "refunded",
  amountPence: Pence | null,
): string {
  const why = `${PLACE_NOT_KEPT}: ${reason ?? "the entry could not be made"}.`;
  if (outcome === "credited") {
    return `${why} ${amountPence === null ? "The payment" : formatGBP(amountPence)} was added to your balance.`;
  }
  return `${why} The payment was refunded to your card.`;
}

/** The message when paying from the balance finds the place gone: nothing was taken from it. */
export const placeNotKeptFromBalance = (lost: PlaceLost): string =>
  `${PLACE_NOT_KEPT}: ${placeLostReason(lost)}. Nothing was taken from your balance.`;
