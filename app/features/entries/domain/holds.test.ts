import { expect, test } from "vitest";
import {
  checkoutEntry,
  fullBadgeLabel,
  fullWhileHeldText,
  HOLD_MINUTES,
  HOLD_MS,
  heldPlacesText,
  holdCountdown,
} from "./holds.ts";

test("a hold lasts 15 minutes (DESIGN §4)", () => {
  expect(HOLD_MINUTES).toBe(15);
  expect(HOLD_MS).toBe(900_000);
});

test("held places are counted in words, singular and plural", () => {
  expect(heldPlacesText(1)).toBe("1 place is held by a player paying now");
  expect(heldPlacesText(2)).toBe("2 places are held by players paying now");
  expect(fullWhileHeldText(2)).toBe("2 places are held by players paying now — check back in 15 minutes");
  expect(fullWhileHeldText(1)).toBe("1 place is held by a player paying now — check back in 15 minutes");
  expect(fullWhileHeldText(0)).toBeNull();
});

test("a card is plain 'Full' only when paid entries fill it", () => {
  expect(fullBadgeLabel(0)).toBe("Full");
  expect(fullBadgeLabel(1)).toBe("Full (1 paying)");
  expect(fullBadgeLabel(2)).toBe("Full (2 paying)");
});

test("the checkout tells a live hold from one that ran out, tidied away or not", () => {
  const now = 1_000_000;
  const row = (paid: boolean, holdExpiresAt: number | null) => ({ paid, holdExpiresAt, paymentIntentId: "pi_1" });
  expect(checkoutEntry(null, false, now)).toEqual({ kind: "none" });
  expect(checkoutEntry(row(true, null), true, now)).toEqual({ kind: "paid" });
  expect(checkoutEntry(row(false, now + 1), true, now)).toEqual({
    kind: "held",
    holdExpiresAt: now + 1,
    paymentIntentId: "pi_1",
  });
  expect(checkoutEntry(row(false, now), true, now)).toEqual({ kind: "expired" });
  expect(checkoutEntry(row(false, null), false, now)).toEqual({ kind: "expired" });
  // The scheduler deleted the hold; the payment it started is still on record.
  expect(checkoutEntry(null, true, now)).toEqual({ kind: "expired" });
});

test("the countdown shows minutes and seconds left, rounding up, never below zero", () => {
  expect(holdCountdown(HOLD_MS)).toBe("15:00");
  expect(holdCountdown(HOLD_MS - 1)).toBe("15:00");
  expect(holdCountdown(14 * 60_000 + 32_000)).toBe("14:32");
  expect(holdCountdown(5_000)).toBe("0:05");
  expect(holdCountdown(1)).toBe("0:01");
  expect(holdCountdown(0)).toBe("0:00");
  expect(holdCountdown(-30_000)).toBe("0:00");
});
