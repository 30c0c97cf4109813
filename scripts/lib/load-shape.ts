// The pure parts of the Thursday benchmark (bench/thursday.ts): percentiles, the pace of the racks, the ramp of paces
// and how the simulated devices are spread over loopback addresses. No I/O, so the fast tests hold them.

/** The p-th percentile (nearest rank) of `values`; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
}

/** One mode's latencies as the results table shows them (whole milliseconds). */
export function latencyRow(mode: string, values: readonly number[]) {
  const at = (p: number) => (values.length ? Math.round(percentile(values, p)) : null);
  return { mode, samples: values.length, "p50 ms": at(50), "p95 ms": at(95), "max ms": at(100) };
}

/** A rack at a pub table takes 2 to 4 minutes of real time. */
const RACK_SECONDS = { min: 120, max: 240 } as const;

/**
 * The wait before a table's next rack at `pace` times real time: uniform between 2 and 4 minutes, divided by the
 * pace. `random` is in [0, 1).
 */
export function rackDelayMs(random: number, pace: number): number {
  if (!(pace > 0)) throw new Error(`pace must be above 0, not ${pace}`);
  const seconds = RACK_SECONDS.min + random * (RACK_SECONDS.max - RACK_SECONDS.min);
  return (seconds * 1000) / pace;
}

/** Racks a second that `tables` tables play at `pace` (the mean of the 2–4 minutes: 3). */
export const racksPerSecond = (tables: number, pace: number) =>
  (tables * pace) / ((RACK_SECONDS.min + RACK_SECONDS.max) / 2);

/** The ramp's paces: `from`, doubled each step, up to `to` (both included when `to` is on the doubling). */
export function paceSteps(from: number, to: number): number[] {
  if (!(from > 0) || to < from) throw new Error(`a ramp from ${from} to ${to}`);
  const steps: number[] = [];
  for (let pace = from; pace <= to; pace *= 2) steps.push(pace);
  return steps;
}

/**
 * The highest pace whose p95 stayed within `limitMs`, the ramp's steps in order: the last before the first that
 * passed it (a step with no samples says nothing and is skipped); null when the first step already passed.
 */
export function highestHeld(steps: readonly { pace: number; p95: number | null }[], limitMs: number): number | null {
  let held: number | null = null;
  for (const step of steps) {
    if (step.p95 === null) continue;
    if (step.p95 > limitMs) return held;
    held = step.pace;
  }
  return held;
}

/** The client addresses: 127.0.0.2 to 127.0.0.254 (127.0.0.1 stays the address of everything else on the machine). */
export const LOOPBACK_CLIENTS = 253;

/** The source address of device `n` (0, 1, 2…): round the 253 loopback addresses, so neighbours differ. */
export function loopbackAddress(n: number): string {
  if (!Number.isInteger(n) || n < 0) throw new Error(`device ${n}`);
  return `127.0.0.${2 + (n % LOOPBACK_CLIENTS)}`;
}

/** How many of `devices` devices the busiest address holds: what the per-address limits see. */
export const mostPerAddress = (devices: number) => Math.ceil(devices / LOOPBACK_CLIENTS);

/** A table's board as a message carries it: the match, the racks in order ("1211"), its race, whether it is open. */
export type BoardState = { matchId: string; racks: string; raceTo: number; open: boolean };

/** Reads the board's attributes from the HTML of a table's live region (the page's or a message's); null for none. */
export function boardState(html: string): BoardState | null {
  const section = /<section\b[^>]*\bdata-match="([^"]*)"[^>]*>/.exec(html);
  if (!section) return null;
  const tag = section[0];
  const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
  return {
    matchId: section[1] as string,
    racks: attribute("data-racks") ?? "",
    raceTo: Number(attribute("data-race-to")) || 0,
    open: /\bdata-open(?:=""|\s|>)/.test(tag),
  };
}

/** The side that has reached the race, or null. */
export function raceWon(board: Pick<BoardState, "racks" | "raceTo">): 1 | 2 | null {
  if (board.raceTo <= 0) return null;
  let one = 0;
  let two = 0;
  for (const side of board.racks) {
    if (side === "1") one += 1;
    else if (side === "2") two += 1;
  }
  return one >= board.raceTo ? 1 : two >= board.raceTo ? 2 : null;
}
