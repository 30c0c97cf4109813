// Pages that follow the evening (the tournament page with the director's
// controls, the wall bracket, a player's pages) reload their data the moment
// a tournament's push channel says something changed (decision 009). While a
// channel cannot open they poll instead, backing off; without JavaScript the
// pages that refresh themselves keep their timed refresh.
import { useEffect, useRef } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";

const POLL_MS = 10_000;
const MAX_RETRY_MS = 30_000;
/** Keeps proxies from closing a quiet socket; the Durable Object answers it without waking. */
const PING_MS = 30_000;
/** With every channel open, a slow read still catches a message that was lost (or sent before it opened). */
const SAFETY_MS = 60_000;
/** A player in several tournaments at once follows at most this many. */
const MAX_CHANNELS = 4;

/** The address of a tournament's push channel (a WebSocket). */
function channelUrl(tournamentId: string): string {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${window.location.host}/api/live/tournaments/${encodeURIComponent(tournamentId)}`;
}

/**
 * Revalidates the page's loaders as soon as one of `tournamentIds`' channels
 * says something changed. `poll`: while a channel is not open, revalidate
 * every 10 s (longer after each failed attempt) instead.
 */
export function useLiveRevalidation(tournamentIds: readonly string[], poll: boolean): void {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
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
    const read = () => {
      if (busyNow.current) missed.current = true;
      else void latest.current.revalidate();
    };
    const revalidate = () => {
      lastRead = Date.now();
      if (document.visibilityState === "visible") read();
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
      if (poll && due && latest.current.state === "idle") revalidate();
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
        read();
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
  }, [key, poll]);
}
