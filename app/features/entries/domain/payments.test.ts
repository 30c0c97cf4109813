import { expect, test } from "vitest";
import {
  creditedToBalance,
  placeLost,
  placeLostReason,
  placeNotKeptFromBalance,
  placeNotKeptMessage,
  type PlaceLost,
} from "./payments.ts";

const facts = (over: Partial<Parameters<typeof placeLost>[0]> = {}) => ({
  memberTaken: null,
  nameTaken: null,
  status: "open",
  ...over,
});

test("why a paid-for hold was not kept: the start first, then a teammate, then the name, else the place", () => {
  expect(placeLost(facts({ status: "in_progress", memberTaken: "Tom" }))).toEqual({ kind: "started" });
  expect(placeLost(facts({ memberTaken: "Tom", nameTaken: "alpha" }))).toEqual({ kind: "member-taken", name: "Tom" });
  expect(placeLost(facts({ nameTaken: "alpha" }))).toEqual({ kind: "team-name-taken", name: "alpha" });
  expect(placeLost(facts())).toEqual({ kind: "full" });
  expect(placeLost(facts({ status: null }))).toEqual({ kind: "full" });
});

test("a hold turned into a cash entry says so before anything else; a changed price comes before the place", () => {
  expect(placeLost(facts({ paidBy: "cash", status: "in_progress", memberTaken: "Tom" }))).toEqual({
    kind: "paid-at-bar",
  });
  expect(placeLost(facts({ paidBy: "card" }))).toEqual({ kind: "full" });
  expect(placeLost(facts({ priceChanged: true }))).toEqual({ kind: "price-changed" });
  expect(placeLost(facts({ priceChanged: true, status: "in_progress" }))).toEqual({ kind: "started" });
  expect(placeLostReason({ kind: "paid-at-bar" })).toBe("the director entered you at the bar, paid in cash");
  expect(placeLostReason({ kind: "price-changed" })).toBe("the entry fee changed before your payment arrived");
});

test("a team's clash goes back to the balance; a place that is gone goes back to the card", () => {
  const credited: PlaceLost[] = [
    { kind: "member-taken", name: "Tom" },
    { kind: "team-name-taken", name: "alpha" },
  ];
  const refunded: PlaceLost[] = ["started", "full", "expired", "mismatch", "paid-at-bar", "price-changed"].map(
    (kind) => ({ kind }) as PlaceLost,
  );
  for (const lost of credited) expect(creditedToBalance(lost)).toBe(true);
  for (const lost of refunded) expect(creditedToBalance(lost)).toBe(false);
});

test("the messages say the place could not be kept, why, and where the money went", () => {
  const reason = placeLostReason({ kind: "member-taken", name: "Tom Teammate" });
  expect(reason).toBe("Tom Teammate is already in another team");
  expect(placeNotKeptMessage(reason, "credited", 2_200)).toBe(
    "Your place could not be kept: Tom Teammate is already in another team. £22.00 was added to your balance.",
  );
  expect(placeNotKeptMessage(placeLostReason({ kind: "full" }), "refunded", 1_100)).toBe(
    "Your place could not be kept: the tournament is full. The payment was refunded to your card.",
  );
  expect(placeNotKeptMessage(null, "refunded", null)).toBe(
    "Your place could not be kept: the entry could not be made. The payment was refunded to your card.",
  );
  expect(placeLostReason({ kind: "team-name-taken", name: "alpha" })).toBe('another team has taken the name "alpha"');
  expect(placeNotKeptFromBalance({ kind: "team-name-taken", name: "Alpha" })).toBe(
    'Your place could not be kept: another team has taken the name "Alpha". Nothing was taken from your balance.',
  );
  for (const kind of ["started", "full", "expired", "mismatch"] as const) {
    expect(placeLostReason({ kind })).toMatch(/^[a-z]/);
  }
});
