// The round-trip budget (docs/decisions/006): every read page and JSON GET
// one database round trip, every write at most two, plus the payment
// provider's call — counted by the database server itself for an evening's
// requests (bench/round-trips.ts, the same list `npm run bench` prints).
import { expect, test } from "vitest";
import { measureRoundTrips, roundTripBudget } from "../bench/round-trips.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();

test("every measured page and call stays within its round-trip budget", { timeout: 120_000 }, async () => {
  const rows = await measureRoundTrips(app.stack);
  expect(rows.length).toBeGreaterThanOrEqual(30);
  const over = rows.filter((row) => row.pipelines > roundTripBudget(row));
  expect(over, JSON.stringify(over)).toEqual([]);
  // Nothing measured failed on our side, and each measured something.
  for (const row of rows) {
    expect(row.status, row.request).toBeLessThan(500);
    if (row.request !== "GET / (landing)") expect(row.pipelines, row.request).toBeGreaterThan(0);
  }
  const byRequest = new Map(rows.map((row) => [row.request, row]));
  // The pages of an evening: exactly one round trip each (the session's check rides with the data).
  for (const page of [
    "GET /player/dashboard",
    "GET /td/dashboard",
    "GET /tournament/{slug} (player)",
    "GET /scoreboard/{code}",
  ]) {
    expect(byRequest.get(page)?.pipelines, page).toBe(1);
  }
  expect(byRequest.get("GET / (landing)")?.pipelines).toBe(0);
});
