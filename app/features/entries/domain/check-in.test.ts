import { describe, expect, test } from "vitest";
import {
  checkedInSplit,
  checkedInText,
  leaveRefund,
  leaveText,
  placesToOffer,
  refundKey,
  reserveList,
  reserveOrder,
  reservePosition,
  reservePositionText,
  reserveState,
  type Reserve,
} from "./check-in.ts";

/** A reserve holding `ticket` (its place in the list's order), who joined a moment before it was written. */
const r = (id: string, ticket: number, offer: [number, number] | null = null): Reserve => ({
  id,
  playerId: `p-${id}`,
  joinedAt: 1_000 + ticket,
  ticket,
  offeredAt: offer?.[0] ?? null,
  offerExpiresAt: offer?.[1] ?? null,
});

describe("leaving", () => {
  test("the entry fee comes back, the site fee is kept; a team's for every member", () => {
    expect(leaveRefund({ entryFeePence: 1000, siteFeePence: 100 })).toEqual({ refundPence: 1000, keptPence: 100 });
    expect(leaveRefund({ entryFeePence: 1000, siteFeePence: 100 }, 2)).toEqual({ refundPence: 2000, keptPence: 200 });
    expect(leaveRefund({ entryFeePence: 0, siteFeePence: 0 })).toEqual({ refundPence: 0, keptPence: 0 });
  });
  test("said plainly before confirming", () => {
    expect(leaveText({ entryFeePence: 1000, siteFeePence: 100 })).toBe(
      "You get £10.00 back to your balance. The £1.00 site fee is not refunded. Your place goes to the next player.",
    );
    expect(leaveText({ entryFeePence: 1000, siteFeePence: 0 }, 2)).toBe(
      "You get £20.00 back to your balance. Your whole team leaves with you. Your place goes to the next player.",
    );
    expect(leaveText({ entryFeePence: 0, siteFeePence: 0 })).toBe(
      "There was no entry fee to give back. Your place goes to the next player.",
    );
  });
  test("one refund key per registration, whoever gives it", () => {
    expect(refundKey("reg-1")).toBe("refund:reg-1:entry_fee");
    expect(refundKey("reg-1")).not.toBe(refundKey("reg-2"));
  });
});

describe("the reserve list", () => {
  const now = 10_000;
  test("a reserve waits, holds an offer until it runs out, then is off the list", () => {
    expect(reserveState(r("a", 1), now)).toBe("waiting");
    expect(reserveState(r("a", 1, [9_000, 10_001]), now)).toBe("offered");
    expect(reserveState(r("a", 1, [9_000, 10_000]), now)).toBe("lapsed");
  });
  test("first come, first offered: by ticket, the order the joins were written in, not the requests' clocks", () => {
    expect(reserveOrder([r("c", 5), r("b", 3), r("a", 4)]).map((x) => x.id)).toEqual(["b", "a", "c"]);
    // A request that started first but was written second is second.
    const early = { ...r("early", 2), joinedAt: 10 };
    const late = { ...r("late", 1), joinedAt: 20 };
    expect(reserveOrder([early, late]).map((x) => x.id)).toEqual(["late", "early"]);
    expect(reservePosition([early, late], "p-early", 30)).toBe(2);
  });
  test("the director's list: offers first, the waiting numbered, lapsed offers left off", () => {
    const list = reserveList([r("w2", 4), r("lapsed", 1, [2, 3]), r("offered", 2, [9_000, 20_000]), r("w1", 3)], now);
    expect(list.map((x) => [x.id, x.state, x.position])).toEqual([
      ["offered", "offered", null],
      ["w1", "waiting", 1],
      ["w2", "waiting", 2],
    ]);
    expect(reservePosition([r("w2", 4), r("w1", 3)], "p-w2", now)).toBe(2);
    expect(reservePosition([r("o", 1, [9_000, 20_000])], "p-o", now)).toBeNull();
    expect(reservePosition([], "p-x", now)).toBeNull();
  });
  test("a freed place goes to at most as many reserves as there are free places", () => {
    expect(placesToOffer(8, 7, 3)).toBe(1);
    expect(placesToOffer(8, 5, 2)).toBe(2);
    expect(placesToOffer(8, 8, 2)).toBe(0);
    expect(placesToOffer(8, 9, 2)).toBe(0);
    expect(placesToOffer(8, 6, 0)).toBe(0);
  });
  test("what a waiting reserve is told", () => {
    expect(reservePositionText(1)).toBe("You're first on the reserve list: you'll get an e-mail when a place frees.");
    expect(reservePositionText(3)).toContain("You're number 3 on the reserve list");
  });
});

describe("check-in", () => {
  test("the entries split into present and absent for the start", () => {
    const split = checkedInSplit([
      { id: "a", checkedInAt: 5 },
      { id: "b", checkedInAt: null },
      { id: "c", checkedInAt: 0 },
    ]);
    expect(split.present.map((e) => e.id)).toEqual(["a", "c"]);
    expect(split.absent.map((e) => e.id)).toEqual(["b"]);
    expect(checkedInText(2, 3)).toBe("2 of 3 checked in");
  });
});
