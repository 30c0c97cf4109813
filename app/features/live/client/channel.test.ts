// The classic scripts' push channel on a fake socket and the fake clock: its address, the keep-alive, the back-off
// and the poll in its place, as decision 009 and the scripts' e2e specs rely on them.
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { followChannel } from "./channel.ts";

class FakeSocket {
  static opened: FakeSocket[] = [];
  sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.opened.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
}

const root = new Map<string, string>();
const listeners = new Map<string, () => void>();
const latest = () => FakeSocket.opened.at(-1) as FakeSocket;

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.opened = [];
  root.clear();
  listeners.clear();
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal("location", { protocol: "https:", host: "pool.example" });
  vi.stubGlobal("document", {
    documentElement: {
      setAttribute: (name: string, value: string) => root.set(name, value),
      removeAttribute: (name: string) => root.delete(name),
    },
  });
  vi.stubGlobal("window", { addEventListener: (type: string, run: () => void) => listeners.set(type, run) });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A channel whose hooks record what they were asked, each poll taking `pollMs`. */
function follow(options: { pollMs?: number; dropped?: boolean } = {}) {
  const heard: string[] = [];
  const read = (what: string) => () => {
    heard.push(what);
    return new Promise<void>((resolve) => setTimeout(resolve, options.pollMs ?? 0));
  };
  followChannel("/api/live/tables/AB%2012", {
    news: (message) => heard.push(`news ${JSON.stringify(message)}`),
    reopened: () => void heard.push("reopened"),
    poll: read("poll"),
    pollWait: (open) => (open ? 60_000 : 5_000),
    ...(options.dropped ? { dropped: () => void heard.push("dropped") } : {}),
    online: read("online"),
  });
  return heard;
}

test("it opens the channel's address on this host, and the root says so while it is open", () => {
  follow();
  expect(latest().url).toBe("wss://pool.example/api/live/tables/AB%2012");
  expect(root.get("data-live")).toBeUndefined();
  latest().onopen?.();
  expect(root.get("data-live")).toBe("open");
  latest().close();
  expect(root.has("data-live")).toBe(false);
});

test("an open socket is pinged every 25 s and closed when no pong comes within 10 s", () => {
  follow();
  const socket = latest();
  socket.onopen?.();
  vi.advanceTimersByTime(25_000);
  expect(socket.sent).toEqual(["ping"]);
  socket.onmessage?.({ data: "pong" });
  vi.advanceTimersByTime(25_000);
  expect(socket.sent).toEqual(["ping", "ping"]);
  vi.advanceTimersByTime(9_999);
  expect(socket.closed).toBe(false);
  vi.advanceTimersByTime(1);
  expect(socket.closed).toBe(true);
});

test("a channel that fails opens again after 2, 4, 8, 16 then 30 s; once open again it reads what it missed", () => {
  const heard = follow();
  const waits: number[] = [];
  for (let i = 0; i < 6; i++) {
    const count = FakeSocket.opened.length;
    latest().close();
    let waited = 0;
    while (FakeSocket.opened.length === count) {
      vi.advanceTimersByTime(1_000);
      waited += 1_000;
    }
    waits.push(waited);
  }
  expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  latest().onopen?.();
  expect(heard).toContain("reopened");
});

test("it polls at the page's pace from the end of each poll, and at once when an open channel drops", async () => {
  const heard = follow({ pollMs: 1_000 });
  await vi.advanceTimersByTimeAsync(4_999);
  expect(heard).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);
  expect(heard).toEqual(["poll"]);
  // The next one 5 s after this one has finished.
  await vi.advanceTimersByTimeAsync(5_999);
  expect(heard).toEqual(["poll"]);
  await vi.advanceTimersByTimeAsync(1);
  expect(heard).toEqual(["poll", "poll"]);

  // Open, it waits a minute; dropped, it asks at once (before the first ping is due).
  latest().onopen?.();
  await vi.advanceTimersByTimeAsync(20_000);
  expect(heard).toEqual(["poll", "poll"]);
  latest().close();
  expect(heard).toEqual(["poll", "poll", "poll"]);
});

test("a page's own read for a dropped channel, and coming back online, read at once", () => {
  const heard = follow({ dropped: true });
  latest().onopen?.();
  latest().close();
  expect(heard).toEqual(["dropped"]);
  listeners.get("online")?.();
  expect(heard).toEqual(["dropped", "online"]);
  expect(listeners.has("offline")).toBe(false);
});

test("a message is the JSON object it carries; anything else is news without one", () => {
  const heard = follow();
  const socket = latest();
  socket.onopen?.();
  socket.onmessage?.({ data: JSON.stringify({ type: "changed", what: "score", tournamentId: "t1", board: "<p>" }) });
  socket.onmessage?.({ data: "not json" });
  socket.onmessage?.({ data: "42" });
  expect(heard).toEqual([
    'news {"type":"changed","what":"score","tournamentId":"t1","board":"<p>"}',
    "news null",
    "news null",
  ]);
});
