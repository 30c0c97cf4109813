import fc from "fast-check";
import { expect, test } from "vitest";
import { BOOKING_FEE, headlinePrice } from "./headline-price.ts";
import { MAX_PENCE } from "../../../domain/pence.ts";
import { matchTypes } from "../../../domain/tournaments.ts";
import { teamEntryTotalPence } from "../../entries/domain/teams.ts";

test("the total comes first, the entry and booking fee beside it", () => {
  expect(headlinePrice({ entryFeePence: 1000, siteFeePence: 100, matchType: "1v1" })).toEqual({
    totalPence: 1100,
    total: "£11.00",
    per: null,
    split: "£10.00 entry + £1.00 booking fee",
    text: "£11.00 — £10.00 entry + £1.00 booking fee",
  });
  expect(headlinePrice({ entryFeePence: 250_000, siteFeePence: 150, matchType: "1v1" }).text).toBe(
    "£2,501.50 — £2,500.00 entry + £1.50 booking fee",
  );
  expect(headlinePrice({ entryFeePence: 5, siteFeePence: 50, matchType: "1v1" }).text).toBe(
    "£0.55 — £0.05 entry + £0.50 booking fee",
  );
});

test("no booking fee: the total alone, never '+ £0.00'", () => {
  expect(headlinePrice({ entryFeePence: 750, siteFeePence: 0, matchType: "1v1" })).toEqual({
    totalPence: 750,
    total: "£7.50",
    per: null,
    split: null,
    text: "£7.50",
  });
});

test("free entry with a booking fee says so", () => {
  expect(headlinePrice({ entryFeePence: 0, siteFeePence: 100, matchType: "1v1" }).text).toBe(
    "£1.00 — free entry + £1.00 booking fee",
  );
});

test("nothing to pay is Free, in singles and teams alike", () => {
  for (const matchType of matchTypes) {
    expect(headlinePrice({ entryFeePence: 0, siteFeePence: 0, matchType })).toEqual({
      totalPence: 0,
      total: "Free",
      per: null,
      split: null,
      text: "Free",
    });
  }
});

test("a team event's price is the team's: what its captain pays", () => {
  expect(headlinePrice({ entryFeePence: 1000, siteFeePence: 100, matchType: "2v2" })).toEqual({
    totalPence: 2200,
    total: "£22.00",
    per: "per team of 2",
    split: "£20.00 entry + £2.00 booking fee",
    text: "£22.00 per team of 2 — £20.00 entry + £2.00 booking fee",
  });
  expect(headlinePrice({ entryFeePence: 500, siteFeePence: 50, matchType: "4v4" }).text).toBe(
    "£22.00 per team of 4 — £20.00 entry + £2.00 booking fee",
  );
  expect(headlinePrice({ entryFeePence: 500, siteFeePence: 0, matchType: "3v3" }).text).toBe("£15.00 per team of 3");
  expect(headlinePrice({ entryFeePence: 0, siteFeePence: 100, matchType: "2v2" }).text).toBe(
    "£2.00 per team of 2 — free entry + £2.00 booking fee",
  );
});

test("amounts that are not whole pence are refused", () => {
  expect(() => headlinePrice({ entryFeePence: -1, siteFeePence: 0, matchType: "1v1" })).toThrow(RangeError);
  expect(() => headlinePrice({ entryFeePence: 0, siteFeePence: 0.5, matchType: "1v1" })).toThrow(RangeError);
  expect(() => headlinePrice({ entryFeePence: Number.NaN, siteFeePence: 0, matchType: "1v1" })).toThrow(RangeError);
});

test("the headline total is what is charged, and the split adds up to it", () => {
  const pounds = (text: string) => Number(text.replace(/[£,]/g, "")) * 100;
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: Math.floor(MAX_PENCE / 4) }),
      fc.integer({ min: 0, max: 10_000 }),
      fc.constantFrom(...matchTypes),
      (entryFeePence, siteFeePence, matchType) => {
        const t = { entryFeePence, siteFeePence, matchType };
        const price = headlinePrice(t);
        expect(price.totalPence).toBe(teamEntryTotalPence(t));
        expect(price.text.startsWith(price.total)).toBe(true);
        if (price.totalPence === 0) {
          expect(price.text).toBe("Free");
          return;
        }
        expect(Math.round(pounds(price.total))).toBe(price.totalPence);
        if (siteFeePence === 0) {
          expect(price.split).toBeNull();
          return;
        }
        const [entry = "", fee = ""] = (price.split ?? "").split(" + ");
        const entryPence = entry === "free entry" ? 0 : Math.round(pounds(entry.replace(" entry", "")));
        const feePence = Math.round(pounds(fee.replace(` ${BOOKING_FEE}`, "")));
        expect(entryPence + feePence).toBe(price.totalPence);
        expect(price.text).toBe(`${price.per ? `${price.total} ${price.per}` : price.total} — ${price.split}`);
      },
    ),
  );
});
