// A league card's outbox on a fake network, storage and clock: taps shown at once and sent in order, kept through a
// dropped connection (and a reload), sent again when it is back, and a refused tap dropped with the server's message.
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { framesShown, frameOutbox, NO_TAPS, type OutboxState } from "./frame-outbox.ts";

const stored = new Map<string, string>();
const listeners = new Map<string, () => void>();
/** What the server was sent, in order: `frame:winner`. */
let posted: string[] = [];
/** How the network answers the next request: reached with a status and body, or not. */
let answer: () => Response | null = () => Response.json({ ok: true });

beforeEach(() => {
  vi.useFakeTimers();
  stored.clear();
  listeners.clear();
  posted = [];
  answer = () => Response.json({});
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
  });
  vi.stubGlobal("window", {
    addEventListener: (type: string, run: () => void) => listeners.set(type, run),
    removeEventListener: (type: string) => listeners.delete(type),
  });
  vi.stubGlobal("fetch", async (url: string, init: { body: string }) => {
    const response = answer();
    if (!response) throw new TypeError("Failed to fetch");
    posted.push(`${url.split("/").at(-1)}:${(JSON.parse(init.body) as { winner: string }).winner}`);
    return response;
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function outbox(fixtureId = "fx1") {
  const states: OutboxState[] = [];
  let reads = 0;
  const box = frameOutbox(fixtureId, {
    changed: (state) => states.push(state),
    reread: async () => {
      reads++;
    },
  });
  return { box, last: () => states.at(-1) as OutboxState, reads: () => reads };
}

const frames = [1, 2, 3].map((number) => ({ number, winner: null as "home" | "away" | null }));

test("a tap is shown over the frames read at once, the score with it, and marked waiting until answered", () => {
  const shown = framesShown(frames, {
    ...NO_TAPS,
    sent: [{ number: 1, winner: "home" }],
    waiting: [
      { number: 2, winner: "home" },
      { number: 2, winner: "away" },
    ],
  });
  expect(shown.frames.map((f) => [f.winner, f.waiting])).toEqual([
    ["home", false],
    ["away", true],
    [null, false],
  ]);
  expect([shown.home, shown.away]).toEqual([1, 1]);
});

test("taps made offline wait, in order, and go in that order once the connection is back", async () => {
  answer = () => null;
  const { box, last, reads } = outbox();
  box.tap(1, "home");
  box.tap(2, "away");
  await vi.advanceTimersByTimeAsync(0);
  box.tap(3, "home");
  await vi.advanceTimersByTimeAsync(0);
  expect(last().held).toBe(true);
  expect(last().waiting.map((t) => t.number)).toEqual([1, 2, 3]);
  expect(posted).toEqual([]);

  answer = () => Response.json({});
  listeners.get("online")?.();
  await vi.advanceTimersByTimeAsync(0);
  expect(posted).toEqual(["1:home", "2:away", "3:home"]);
  expect(last()).toMatchObject({ held: false, waiting: [], sent: [] });
  expect(reads()).toBe(1);
  box.stop();
});

test("without an online event the timer sends them; a reload finds the taps kept and sends them", async () => {
  answer = () => new Response("", { status: 503 });
  const first = outbox();
  first.box.tap(4, "away");
  await vi.advanceTimersByTimeAsync(0);
  expect(first.last().held).toBe(true);
  first.box.stop();

  // The page loaded again, still offline: the tap is there, shown as waiting.
  answer = () => null;
  const again = outbox();
  expect(again.last().waiting).toEqual([{ number: 4, winner: "away" }]);
  await again.box.flush();
  expect(again.last().held).toBe(true);
  answer = () => Response.json({});
  await vi.advanceTimersByTimeAsync(30_000);
  // Once answered 503, then sent again and answered.
  expect(posted).toEqual(["4:away", "4:away"]);
  expect(again.last().waiting).toEqual([]);
  // Another fixture's queue is its own.
  expect(outbox("fx2").last().waiting).toEqual([]);
  again.box.stop();
});

test("a tap the server refuses is dropped with its message by its frame, the next still sent", async () => {
  const { box, last, reads } = outbox();
  answer = () => Response.json({ message: "Set both players for frame 5 first" }, { status: 409 });
  box.tap(5, "home");
  await vi.advanceTimersByTimeAsync(0);
  expect(last().refused).toEqual({ 5: "Set both players for frame 5 first" });
  expect(last().waiting).toEqual([]);
  expect(reads()).toBe(1);

  answer = () => Response.json({});
  box.tap(6, "home");
  await vi.advanceTimersByTimeAsync(0);
  expect(posted.at(-1)).toBe("6:home");
  expect(last().refused).toEqual({ 5: "Set both players for frame 5 first" });
  // Tapped again, the frame's message goes.
  box.tap(5, "away");
  expect(last().refused).toEqual({});
  await vi.advanceTimersByTimeAsync(0);
  box.stop();
});
