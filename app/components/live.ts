// Pages that follow the evening (the tournament page with the director's
// controls, the wall bracket, a player's pages) reload their data the moment
// a tournament's push channel says something changed (decision 009). While a
// channel cannot open they poll instead, backing off; without JavaScript the
// pages that refresh themselves keep their timed refresh.
import { useCallback, useEffect, useRef, useState } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";

const POLL_MS = 10_000;
const MAX_RETRY_MS = 30_000;
/** Keeps proxies from closing a quiet socket; the Durable Object answers it without waking. */
const PING_MS = 30_000;
/** With every channel open, a slow read still catches a message that was lost (or sent before it opened). */
const SAFETY_MS = 60_000;
/** A player in several tournaments at once follows at most this many. */
const MAX_CHANNELS = 4;

/** The address of a push channel (a WebSocket): a tournament's by its id, a league card's or season's as below. */
function channelUrl(channel: string): string {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  const [kind, id] = channel.includes("/") ? channel.split("/", 2) : ["tournaments", channel];
  return `${scheme}//${window.location.host}/api/live/${kind}/${encodeURIComponent(id ?? "")}`;
}

/** A league card's push channel, or a season's (DESIGN §11), as `useLiveRevalidation` takes them beside tournaments. */
export const leagueChannel = (kind: "fixtures" | "seasons", id: string) => `${kind}/${id}`;

/**
 * Revalidates the page's loaders as soon as one of `tournamentIds`' channels
 * says something changed. `poll`: while a channel is not open, revalidate
 * every 10 s instead. `drawn`: a page that can redraw from what a message
 * carries (the matches it changed) says so by answering true, and is not read.
 */
export function useLiveRevalidation(
  tournamentIds: readonly string[],
  poll: boolean,
  drawn?: (news: unknown) => boolean,
): void {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const draw = useRef(drawn);
  draw.current = drawn;
  const key = tournamentIds.slice(0, MAX_CHANNELS).join(" ");
  // A read while the page is navigating or submitting would interrupt that navigation's own loaders, and with
  // them the toast its redirect carries (the director's "Payouts confirmed"): wait until it is done, then read.
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const busyNow = useRef(busy);
  busyNow.current = busy;
  const missed = useRef(false);
  useEffect(() => {
    if (busy || !missed.current) return;
    missed.current = false;
    void latest.current.revalidate();
  }, [busy]);

  useEffect(() => {
    const ids = key ? key.split(" ") : [];
    if (ids.length === 0) return;
    return followChannels(ids, poll, {
      read: () => {
        if (busyNow.current) missed.current = true;
        else void latest.current.revalidate();
      },
      idle: () => latest.current.state === "idle",
      drawn: (news) => Boolean(draw.current?.(news)),
    });
  }, [key, poll]);
}

/**
 * What following the channels asks of the page: a read (now, or once it is idle), whether no read is under way, and
 * whether it redrew from what a message carries.
 */
type Page = { read: () => void; idle: () => boolean; drawn: (news: unknown) => boolean };

/** Opens a push channel per tournament and reads the page when one says something changed; returns how to stop. */
function followChannels(ids: readonly string[], poll: boolean, page: Page): () => void {
  let stopped = false;
  let open = 0;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const sockets = new Set<WebSocket>();
  const later = (run: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) run();
    }, ms);
    timers.add(timer);
  };
  let lastRead = Date.now();
  const revalidate = () => {
    lastRead = Date.now();
    if (document.visibilityState === "visible") page.read();
  };
  // Whether every channel is open, also on the document for anyone who needs to know (the end-to-end tests).
  const showOpen = () => {
    if (open >= ids.length) document.documentElement.setAttribute("data-live", "open");
    else document.documentElement.removeAttribute("data-live");
  };

  // The fallback: while some channel is closed, poll every 10 s — however often the channel fails to open: a
  // push channel that keeps failing (a Durable Object restarting, a proxy without WebSockets) must not slow the
  // reads, which is what kept a wall screen ~31 s behind (the sum of the reconnection's back-off); while all are
  // open, read once a minute in case a message went missing. A read that fails is retried by the data reads.
  const pollLoop = () => {
    const due = open < ids.length || Date.now() - lastRead >= SAFETY_MS;
    if (poll && due && page.idle()) revalidate();
    later(pollLoop, POLL_MS);
  };

  const connect = (id: string, retry: number) => {
    let socket: WebSocket;
    try {
      socket = new WebSocket(channelUrl(id));
    } catch {
      later(() => connect(id, retry + 1), Math.min(1000 * 2 ** retry, MAX_RETRY_MS));
      return;
    }
    sockets.add(socket);
    let ping: ReturnType<typeof setInterval> | undefined;
    socket.onopen = () => {
      open += 1;
      showOpen();
      ping = setInterval(() => socket.readyState === WebSocket.OPEN && socket.send("ping"), PING_MS);
      // Whatever changed while this channel was closed.
      if (retry > 0) revalidate();
      retry = 0;
    };
    socket.onmessage = (event) => {
      if (event.data === "pong") return;
      lastRead = Date.now();
      if (page.drawn(parse(event.data))) return;
      page.read();
    };
    socket.onclose = () => {
      sockets.delete(socket);
      clearInterval(ping);
      // A channel that was open and dropped may have dropped a message with it: read now, not at the next poll.
      if (ping !== undefined) {
        open -= 1;
        if (poll) revalidate();
      }
      showOpen();
      if (!stopped) later(() => connect(id, retry + 1), Math.min(1000 * 2 ** retry, MAX_RETRY_MS));
    };
  };

  for (const id of ids) connect(id, 0);
  later(pollLoop, POLL_MS);
  // Back to a tab that was hidden: catch up once.
  const onVisible = () => document.visibilityState === "visible" && revalidate();
  document.addEventListener("visibilitychange", onVisible);
  return () => {
    stopped = true;
    document.documentElement.removeAttribute("data-live");
    document.removeEventListener("visibilitychange", onVisible);
    for (const timer of timers) clearTimeout(timer);
    for (const socket of sockets) socket.close(1000);
  };
}

/** A message's news, or null when it is not JSON. */
function parse(data: unknown): unknown {
  try {
    return JSON.parse(String(data));
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------
// Redrawn from the message (decision 018): a result, a rack or a call carries the matches it changed, and a page
// that shows the bracket draws them over what it read instead of reading again. Only the bookkeeping is here; how a
// page redraws is fetched with the first message that needs it, so a page that never does loads nothing for it.

/** A message that carries matches: the news `redraw` gets, each with when it was sent. */
type MatchesNews = { tournamentId: string; at: number; matches: unknown[] };

/** How a page redraws: from what it read and the news heard since, what it shows; null when only a read will do. */
export type Redraw<Read, Shown> = (read: Read, news: readonly MatchesNews[]) => Shown | null;

const carriesMatches = (value: unknown, tournamentId: string): value is MatchesNews => {
  const news = value as Partial<MatchesNews> | null;
  return news?.tournamentId === tournamentId && typeof news.at === "number" && Array.isArray(news.matches);
};

/**
 * `read` (what the loader answered at `readAt`) redrawn from the tournament's news heard since (null: nothing heard
 * since, show the read), and the channel's `drawn` for `useLiveRevalidation`. `active` false: every message is read.
 */
export function useRedrawn<Read, Shown>(
  tournamentId: string,
  active: boolean,
  read: Read,
  readAt: number,
  redraw: () => Promise<Redraw<Read, Shown>>,
): { shown: Shown | null; drawn: ((news: unknown) => boolean) | undefined } {
  const [shown, setShown] = useState<{ for: Read; shown: Shown } | null>(null);
  const revalidator = useRevalidator();
  const latest = useRef({ read, redraw, revalidator, heard: [] as MatchesNews[] });
  Object.assign(latest.current, { read, redraw, revalidator });

  const apply = useCallback(() => {
    const now = latest.current;
    now
      .redraw()
      .then((draw) => {
        const next = draw(now.read, now.heard);
        if (next !== null) return setShown({ for: now.read, shown: next });
        // The news names a match this page has not read (a knockout just drawn): read it.
        now.heard = [];
        void now.revalidator.revalidate();
      })
      .catch(() => void now.revalidator.revalidate());
  }, []);

  // A new read has what was heard before it.
  useEffect(() => {
    const now = latest.current;
    now.heard = now.heard.filter((news) => news.at >= readAt);
    if (now.heard.length > 0) apply();
  }, [readAt, apply]);

  const drawn = useCallback(
    (news: unknown): boolean => {
      if (!carriesMatches(news, tournamentId)) return false;
      latest.current.heard.push(news);
      apply();
      return true;
    },
    [tournamentId, apply],
  );
  return {
    shown: shown?.for === read ? shown.shown : null,
    drawn: active ? drawn : undefined,
  };
}
