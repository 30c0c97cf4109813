// A league card's frame buttons with JavaScript (the scorer at the table, on pub Wi-Fi): each tap is kept in the
// fixture's queue of taps (tap-queue.ts, as a table's tablet keeps its own, decision 012) and sent to the JSON API
// in order (`POST /api/fixtures/{id}/frames/{number}`), once the server can be reached: at once, on `online`, and on
// a timer that backs off. The same winner twice changes nothing, so a tap sent again is harmless. A tap the server
// refuses (a 4xx: the card was confirmed meanwhile, the players changed) is dropped, with its message by its frame.
// Until the page's data is read again, the card shows the taps over it.
import { newTapId, saveTaps, storedTaps, type Tap } from "../../floor/client/tap-queue.ts";
import type { Side } from "../domain/match-card.ts";

/** A wait of 5 s after the first failure, twice as long after each, 30 s at most. */
const RETRY_MS = 5000;
const MAX_RETRY_MS = 30000;
/** A request that hangs (Wi-Fi up, the pub's line down) is given up after this, and the tap tried again later. */
const GIVE_UP_MS = 20000;

type FrameTap = { number: number; winner: Side };

export type OutboxState = {
  /** Taps not yet answered, oldest first. */
  waiting: readonly FrameTap[];
  /** Taps answered, until the page's data has been read again. */
  sent: readonly FrameTap[];
  /** The last try could not reach the server: the waiting taps go when it can. */
  held: boolean;
  /** The server's message for each frame whose tap it refused. */
  refused: Readonly<Record<number, string>>;
};

export const NO_TAPS: OutboxState = { waiting: [], sent: [], held: false, refused: {} };

export type FrameOutbox = {
  tap: (number: number, winner: Side) => void;
  /** Sends the waiting taps (the page calls it once it has started). */
  flush: () => Promise<void>;
  stop: () => void;
};

const queueOf = (fixtureId: string) => `fixture:${fixtureId}`;

const frameTapOf = (tap: Tap): FrameTap | null => {
  const number = Number(tap?.kind);
  const winner = tap?.body?.winner;
  return Number.isInteger(number) && number > 0 && (winner === "home" || winner === "away") ? { number, winner } : null;
};

/** The frames as shown: the loaded ones with each tap's winner over them, in order, and which still wait. */
export function framesShown<F extends { number: number; winner: Side | null }>(
  frames: readonly F[],
  state: OutboxState,
): { frames: (F & { waiting: boolean })[]; home: number; away: number } {
  const shown = frames.map((frame) => ({ ...frame, waiting: false }));
  for (const [taps, waiting] of [
    [state.sent, false],
    [state.waiting, true],
  ] as const) {
    for (const tap of taps) {
      const frame = shown.find((f) => f.number === tap.number);
      if (frame) Object.assign(frame, { winner: tap.winner, waiting: frame.waiting || waiting });
    }
  }
  const home = shown.filter((f) => f.winner === "home").length;
  const away = shown.filter((f) => f.winner === "away").length;
  return { frames: shown, home, away };
}

/** What the server says when it refuses: its `{ message }`, else a plain line. */
async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === "string" && body.message) return body.message;
  } catch {
    // no JSON: the plain line
  }
  return "That frame could not be recorded";
}

/**
 * The outbox of fixture `fixtureId`'s frame buttons. `changed` gets each new state; `reread` reads the page's data
 * again (resolving once read), after taps were answered.
 */
export function frameOutbox(
  fixtureId: string,
  page: { changed: (state: OutboxState) => void; reread: () => Promise<void> },
): FrameOutbox {
  const name = queueOf(fixtureId);
  let queue: Tap[] = storedTaps(name).filter((tap) => frameTapOf(tap) !== null);
  let state: OutboxState = { ...NO_TAPS, waiting: queue.map((tap) => frameTapOf(tap) as FrameTap) };
  let sending = false;
  let stopped = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const set = (next: Partial<OutboxState>) => {
    state = { ...state, ...next, waiting: queue.map((tap) => frameTapOf(tap) as FrameTap) };
    if (!stopped) page.changed(state);
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), Math.min(RETRY_MS * 2 ** failures, MAX_RETRY_MS));
    failures++;
  };

  async function flush(): Promise<void> {
    if (sending || stopped || !queue.length) return;
    sending = true;
    clearTimeout(timer);
    let answered = 0;
    while (queue.length && !stopped) {
      const tap = queue[0] as Tap;
      let response: Response | null;
      const abort = new AbortController();
      const hung = setTimeout(() => abort.abort(), GIVE_UP_MS);
      try {
        response = await fetch(`/api/fixtures/${encodeURIComponent(fixtureId)}/frames/${tap.kind}`, {
          method: "POST",
          credentials: "same-origin",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ winner: tap.body.winner }),
          signal: abort.signal,
        });
      } catch {
        response = null;
      } finally {
        clearTimeout(hung);
      }
      if (!response || response.status === 429 || response.status >= 500) {
        set({ held: true });
        later();
        break;
      }
      const refusal = response.ok ? null : await messageOf(response);
      const frame = frameTapOf(tap) as FrameTap;
      queue = queue.filter((t) => t !== tap);
      saveTaps(name, queue);
      failures = 0;
      answered++;
      const refused = { ...state.refused };
      if (refusal) refused[frame.number] = refusal;
      else delete refused[frame.number];
      set({ held: false, refused, sent: refusal ? state.sent : [...state.sent, frame] });
    }
    sending = false;
    if (!answered || stopped) return;
    // The card as the server has it now: the taps answered so far stop standing over it once it is read — these taps
    // themselves, not a count of them, as another flush's read may have taken earlier ones off meanwhile.
    const read = new Set(state.sent);
    // A read that fails leaves the page as it was: the taps answered stop standing over it all the same.
    await page.reread().catch(() => undefined);
    set({ sent: state.sent.filter((frame) => !read.has(frame)) });
  }

  const online = () => {
    failures = 0;
    void flush();
  };
  window.addEventListener("online", online);
  set({});
  return {
    tap(number, winner) {
      queue = [...queue, { kind: String(number), body: { tapId: newTapId(), winner } }];
      saveTaps(name, queue);
      const refused = { ...state.refused };
      delete refused[number];
      set({ refused });
      // A fresh tap tries at once, and waits the shortest time if it cannot go.
      failures = 0;
      void flush();
    },
    flush,
    stop() {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener("online", online);
    },
  };
}
