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
    "GET /league/{slug}",
    "GET /league/{slug}/tv",
    "GET /league/{slug}/teams/{id}",
    "GET /league/{slug}/honours",
    "GET /td/leagues/{slug}/seasons/{slug}",
    "GET /player/dashboard (a league's captain)",
    "GET /league/{slug}/fixtures/{id}/print",
    "GET /league/{slug}/fixtures/{id}",
    "GET /league/{slug}/fixtures/{id} (a captain)",
    "GET /api/seasons/{slug}/players",
    "GET /players/{id} (a league's captain)",
  ]) {
    expect(byRequest.get(page)?.pipelines, page).toBe(1);
  }
  expect(byRequest.get("GET / (landing)")?.pipelines).toBe(0);
  // The hot writes: two round trips for the request itself (one for a join's card once its webhook has
  // applied it), plus the provider's call where there is one.
  for (const [request, pipelines] of [
    ["POST /api/tables/by-code/{code}/racks", 2],
    ["POST /tournament/{slug}/checkout (paid from the balance)", 2],
    ["POST /api/tournaments/join", 2 + 1],
    ["POST /api/tournaments/verify-payment (applies the payment)", 2 + 1],
    ["POST /api/tournaments/verify-payment", 1 + 1],
    ["POST /api/tournaments/{id}/finalize", 2],
  ] as const) {
    expect(byRequest.get(request)?.pipelines, request).toBe(pipelines);
  }
  // A result, the director's or confirmed at the table: two, and the ratings' replay after the response as its note
  // counts it (the budget's share for it).
  for (const request of [
    "POST /api/tables/by-code/{code}/confirm (recorded at once)",
    "PATCH /api/matches/{id} (result)",
  ]) {
    const row = byRequest.get(request);
    expect(row?.pipelines, request).toBe(row && roundTripBudget(row));
  }
});
