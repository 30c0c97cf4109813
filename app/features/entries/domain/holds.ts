// Holds (DESIGN §4): a place kept unpaid for a few minutes while its player
// pays. What a hold means for "Full", for the director and at checkout.

/** How long a place is held while its player pays. */
export const HOLD_MINUTES = 15;
export const HOLD_MS = HOLD_MINUTES * 60_000;

const places = (held: number) => (held === 1 ? "1 place is held by a player" : `${held} places are held by players`);

/** "2 places are held by players paying now": what the director sees beside the paid entries. */
export function heldPlacesText(held: number): string {
  return `${places(held)} paying now`;
}

/**
 * Why a tournament reads as full when holds fill it: "2 places are held by
 * players paying now — check back in 15 minutes" (a hold lasts at most that
 * long); null when paid entries alone fill it or nothing is held.
 */
export function fullWhileHeldText(held: number): string | null {
  return held > 0 ? `${heldPlacesText(held)} — check back in ${HOLD_MINUTES} minutes` : null;
}

/** The badge of a full tournament on a card: "Full", or "Full (2 paying)" while holds make it so. */
export function fullBadgeLabel(held: number): string {
  return held > 0 ? `Full (${held} paying)` : "Full";
}

/** The player's entry in one tournament as the checkout sees it. */
export type CheckoutEntry =
  | { kind: "none" }
  | { kind: "paid" }
  | { kind: "held"; holdExpiresAt: number; paymentIntentId: string | null }
  | { kind: "expired" };

/**
 * From the player's row in the tournament (if any) and whether they ever
 * started a payment for it: a hold that ran out is "expired" whether the
 * row is still there or was already tidied away (its payment record stays).
 */
export function checkoutEntry(
  row: { paid: boolean; holdExpiresAt: number | null; paymentIntentId: string | null } | null,
  startedPaying: boolean,
  now: number,
): CheckoutEntry {
  if (row?.paid) return { kind: "paid" };
  if (row && row.holdExpiresAt !== null && row.holdExpiresAt > now) {
    return { kind: "held", holdExpiresAt: row.holdExpiresAt, paymentIntentId: row.paymentIntentId };
  }
  if (row || startedPaying) return { kind: "expired" };
  return { kind: "none" };
}

export const HOLD_EXPIRED = "Your hold has expired — join again";

/** What is left of a hold, counted down on the checkout: "14:59", "0:05", "0:00" once it is over. */
export function holdCountdown(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
