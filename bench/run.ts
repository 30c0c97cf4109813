// `npm run bench`: prints each figure and writes bench/results.json.
import { writeFileSync } from "node:fs";
import { benchStack, table } from "./lib.ts";
import { measureRoundTrips } from "./round-trips.ts";

const stack = await benchStack();
const results: Record<string, unknown> = { date: new Date().toISOString() };
try {
  const roundTrips = await measureRoundTrips(stack);
  results.roundTrips = roundTrips;
  console.log("\nDatabase round trips per request (local libSQL server counters)\n");
  console.log(table(roundTrips));
} finally {
  await stack.stop();
}
writeFileSync(new URL("./results.json", import.meta.url), JSON.stringify(results, null, 2) + "\n");
console.log("\nWrote bench/results.json");
