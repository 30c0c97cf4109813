// The Thursday benchmark's people (bench/thursday.ts): a tablet at every table tapping racks at a pace, the table's
// other screens, and phones and TVs on the tournaments' pages. Each does what its page's script does with a push
// message (app/features/floor/client/board.ts, the tournament page's revalidation): draw the board or the matches
// the message carries, else read the page again. The latencies are timed from the tap or the result being sent.
import { randomBytes } from "node:crypto";
import { type BoardState, boardState, loopbackAddress, rackDelayMs, raceWon } from "../scripts/lib/load-shape.ts";
import { ask, channel, countError } from "./devices.ts";
import type { Venue } from "./venues.ts";

/** What the people measured: every latency in ms, by mode, and the taps and results sent. */
export type Tally = {
  tapToBoard: number[];
  resultToPage: number[];
  resultToNext: number[];
  tapsSent: number;
  rackTaps: number;
  resultsSent: number;
  tapsAnswered: number;
};

export const newTally = (): Tally => ({
  tapToBoard: [],
  resultToPage: [],
  resultToNext: [],
  tapsSent: 0,
  rackTaps: 0,
  resultsSent: 0,
  tapsAnswered: 0,
});

let device = 0;
const nextAddress = () => loopbackAddress(device++);

/** Tap ids start with the run's own prefix, so the database can say how many of them it recorded. */
const tapId = (prefix: string) => `${prefix}${randomBytes(12).toString("hex")}`;

type Read = { pending: Promise<void> | null; again: boolean };

/** One read at a time, and one more after it if news came meanwhile (table-reads.ts's `refresh`). */
function singleFlight(read: Read, run: () => Promise<void>): void {
  if (read.pending) {
    read.again = true;
    return;
  }
  read.pending = run().finally(() => {
    read.pending = null;
    if (read.again) {
      read.again = false;
      singleFlight(read, run);
    }
  });
}

type Message = { board?: string; matches?: { id: string; status: string }[] };
const parse = (text: string): Message | null => {
  if (text === "pong") return null;
  try {
    return JSON.parse(text) as Message;
  } catch {
    return null;
  }
};

export type Floor = {
  tables: Table[];
  pages: number;
  tvs: number;
  /** Tapping from now on at `pace` (0 stops), counted in `tally`. */
  play(pace: number, tally: Tally): void;
  stop(): void;
  /** The TVs stop turning their pages. */
  close(): void;
};

/** A TV turns to its next page after the page's own seconds; its script's fallback is 20 s (screens/client/tv.ts). */
const TV_TURN_MS = 20_000;

export type Table = {
  code: string;
  venue: Venue;
  tablet: string;
  board: BoardState | null;
  busy: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** The last tap: the racks the table's other screens should show, and when it was sent. */
  tap: { matchId: string; racks: string; at: number; heard: Set<number> } | null;
  /** The last result: its match and when it was sent. */
  result: { matchId: string; at: number; heard: Set<number> } | null;
};

/**
 * Opens every table's tablet and `screens` other screens on its push channel (the table's board), and `pages`
 * tournament pages spread over the venues' tournaments, `tvShare` of them TVs (TV mode: on any news the page shown is
 * read again, and a page turned every 20 s); reads each table's board as its page loads.
 */
export async function openFloor(
  base: string,
  venues: readonly Venue[],
  screens: number,
  pages: number,
  tvShare = 0,
): Promise<Floor> {
  const turning = new Set<ReturnType<typeof setInterval>>();
  const tvEvery = tvShare > 0 ? Math.max(1, Math.round(1 / tvShare)) : 0;
  let tvs = 0;
  const tables: Table[] = [];
  let tally = newTally();
  let pace = 0;
  const resultsAt = new Map<string, number>();
  const heardResult = new Set<string>();

  const readBoard = async (table: Table, address: string) => {
    const page = await ask(base, address, "GET", `/scoreboard/${table.code}`, { accept: "text/html" });
    return page.status === 200 ? boardState(page.body) : null;
  };

  /** What a screen of the table sees: times the tap and the next match it was waiting for. */
  const seen = (table: Table, screen: number, board: BoardState | null) => {
    if (!board) return;
    const now = performance.now();
    const { tap, result } = table;
    if (tap && !tap.heard.has(screen) && board.matchId === tap.matchId && board.racks === tap.racks) {
      tap.heard.add(screen);
      tally.tapToBoard.push(now - tap.at);
    }
    if (result && !result.heard.has(screen) && board.matchId !== result.matchId && board.open) {
      result.heard.add(screen);
      tally.resultToNext.push(now - result.at);
    }
  };

  const batch = async <T>(items: readonly T[], size: number, run: (item: T) => Promise<void>) => {
    for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
  };

  const all = venues.flatMap((venue) => venue.tables.map((t) => ({ venue, code: t.code })));
  await batch(all, 40, async ({ venue, code }) => {
    const table: Table = {
      code,
      venue,
      tablet: nextAddress(),
      board: null,
      busy: false,
      timer: undefined,
      tap: null,
      result: null,
    };
    tables.push(table);
    const own: Read = { pending: null, again: false };
    await channel(base, table.tablet, `/api/live/tables/${code}`, (text) => {
      const news = parse(text);
      if (!news) return;
      if (news.board) table.board = boardState(news.board) ?? table.board;
      else
        singleFlight(own, async () => {
          table.board = (await readBoard(table, table.tablet)) ?? table.board;
        });
    });
    table.board = await readBoard(table, table.tablet);
    for (let s = 0; s < screens; s++) {
      const address = nextAddress();
      const read: Read = { pending: null, again: false };
      await channel(base, address, `/api/live/tables/${code}`, (text) => {
        const news = parse(text);
        if (!news) return;
        if (news.board) seen(table, s, boardState(news.board));
        else singleFlight(read, async () => seen(table, s, await readBoard(table, address)));
      });
    }
  });

  const nights = venues.flatMap((venue) => venue.tournaments);
  await batch(
    Array.from({ length: pages }, (_, i) => i),
    40,
    async (i) => {
      const night = nights[i % nights.length];
      if (!night) return;
      const address = nextAddress();
      const read: Read = { pending: null, again: false };
      if (tvEvery > 0 && i % tvEvery === 0) {
        tvs += 1;
        const again = () =>
          singleFlight(read, async () => {
            await ask(base, address, "GET", `/tournament/${night.slug}/tv`, { accept: "text/html" });
          });
        await channel(base, address, `/api/live/tournaments/${night.id}`, (text) => {
          if (parse(text)) again();
        });
        // Each TV turns on its own clock: switched on at some moment, not all in the same second.
        const first = setTimeout(() => {
          again();
          turning.add(setInterval(again, TV_TURN_MS));
        }, Math.random() * TV_TURN_MS);
        turning.add(first);
        return;
      }
      await channel(base, address, `/api/live/tournaments/${night.id}`, (text) => {
        const news = parse(text);
        if (!news) return;
        if (news.matches?.length) {
          const now = performance.now();
          for (const m of news.matches) {
            const at = resultsAt.get(m.id);
            const key = `${i}:${m.id}`;
            if (at !== undefined && m.status === "completed" && !heardResult.has(key)) {
              heardResult.add(key);
              tally.resultToPage.push(now - at);
            }
          }
          return;
        }
        // React Router's revalidation: the page's data read again.
        singleFlight(read, async () => {
          await ask(base, address, "GET", `/tournament/${night.slug}.data`, { accept: "*/*" });
        });
      });
    },
  );

  const schedule = (table: Table, ms: number) => {
    clearTimeout(table.timer);
    if (pace > 0) table.timer = setTimeout(() => void turn(table), ms);
  };

  const tap = async (table: Table, kind: "racks" | "confirm", body: Record<string, string | number>) => {
    tally.tapsSent += 1;
    const answer = await ask(base, table.tablet, "POST", `/api/tables/by-code/${table.code}/${kind}`, {
      body,
      expect: [201],
    });
    if (answer.status === 201) tally.tapsAnswered += 1;
    return answer;
  };

  /** The table's next move: a rack, or the result once a side has reached the race. */
  const turn = async (table: Table): Promise<void> => {
    const board = table.board;
    if (table.busy || !board || !board.open) {
      schedule(table, rackDelayMs(Math.random(), pace || 1));
      return;
    }
    table.busy = true;
    try {
      if (raceWon(board)) {
        const at = performance.now();
        table.result = { matchId: board.matchId, at, heard: new Set() };
        resultsAt.set(board.matchId, at);
        tally.resultsSent += 1;
        await tap(table, "confirm", { tapId: tapId("thu"), matchId: board.matchId });
        // Closed until the next match's board comes (unless it came already).
        if (table.board?.matchId === board.matchId) table.board = { ...table.board, open: false };
        schedule(table, rackDelayMs(Math.random(), pace || 1));
        return;
      }
      const side = Math.random() < 0.5 ? 1 : 2;
      const racks = board.racks + side;
      table.tap = { matchId: board.matchId, racks, at: performance.now(), heard: new Set() };
      tally.rackTaps += 1;
      const answer = await tap(table, "racks", { tapId: tapId("thu"), player: side, matchId: board.matchId });
      if (answer.status === 201) {
        const { racks: now } = JSON.parse(answer.body) as { racks: string };
        if (table.board?.matchId === board.matchId) table.board = { ...table.board, racks: now };
      }
      // The players confirm as soon as the race is won; otherwise the next rack in 2–4 minutes at the pace.
      const won = table.board && raceWon(table.board);
      schedule(table, won ? 2000 / Math.max(1, pace) : rackDelayMs(Math.random(), pace || 1));
    } catch (error) {
      countError(`table ${table.code}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      table.busy = false;
    }
  };

  return {
    tables,
    pages,
    tvs,
    close() {
      for (const timer of turning) {
        clearTimeout(timer);
        clearInterval(timer);
      }
      turning.clear();
    },
    play(newPace, newTally) {
      tally = newTally;
      pace = newPace;
      // Every table's next rack at the new pace, at a random point of its first wait (the tables are not in step).
      for (const table of tables) schedule(table, Math.random() * rackDelayMs(Math.random(), pace));
    },
    stop() {
      pace = 0;
      for (const table of tables) clearTimeout(table.timer);
    },
  };
}
