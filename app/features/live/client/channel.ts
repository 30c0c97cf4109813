// A push channel (decision 009) for the pages React never hydrates — the tablet's board, TV mode, the stream
// overlay — whose classic scripts are bundled from ../../*/client/ (docs/architecture.md): a WebSocket kept alive by
// pings, opened again with back-off while it fails, and a poll in its place while it is closed (and now and then
// while it is open, for a message that went missing). The page says what a message, a poll and a read do.
import { type ChannelKind, type ChannelMessages, PING, PONG } from "../domain/messages.ts";

/** A socket can die silently on pub Wi-Fi: it is pinged, and closed when no answer comes in time. */
const PING_MS = 25000;
const PONG_WAIT_MS = 10000;
/** Opening again waits 2 s, 4 s, 8 s… after each failure, 30 s at most. */
const MAX_WAIT_MS = 30000;

/** A read a hook starts; when it returns its promise, the next poll is timed from its end. */
type Read = Promise<unknown> | undefined;

type ChannelHooks<Message> = {
  /** A message (not the keep-alive's answer), or null when it is not a JSON object. */
  news: (message: Message | null) => void;
  /** The channel opened after it had been closed: whatever changed meanwhile. */
  reopened: () => void;
  /** The read in the channel's place; the next poll is timed from its end. */
  poll: () => Promise<unknown>;
  /** How long until the next poll, with the channel open or not. */
  pollWait: (open: boolean) => number;
  /** An open channel dropped, maybe with a message: a read now (the poll when not given), then the polls go on. */
  dropped?: () => Read;
  /** The device went on, or off, the network. */
  online?: () => Read;
  offline?: () => Read;
};

/**
 * Follows the channel at `path` (`/api/live/tables/{code}`, `/api/live/tournaments/{id}`, the key URI-encoded) from
 * now on; the root element carries `data-live="open"` while it is open.
 */
export function followChannel<Kind extends ChannelKind>(
  path: `/api/live/${Kind}/${string}`,
  hooks: ChannelHooks<ChannelMessages[Kind]>,
): void {
  let socket: WebSocket | null = null;
  let open = false;
  let retries = 0;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;

  const schedulePoll = () => {
    clearTimeout(pollTimer);
    pollTimer = setTimeout(() => {
      hooks.poll().then(schedulePoll);
    }, hooks.pollWait(open));
  };

  const reconnectLater = () => {
    retries += 1;
    setTimeout(connect, Math.min(1000 * 2 ** retries, MAX_WAIT_MS));
  };

  const connect = () => {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    let ws: WebSocket;
    try {
      ws = new WebSocket(`${scheme}//${location.host}${path}`);
    } catch {
      reconnectLater();
      return;
    }
    socket = ws;
    let pinger: ReturnType<typeof setInterval> | undefined;
    let pongTimer: ReturnType<typeof setTimeout> | undefined;
    ws.onopen = () => {
      open = true;
      document.documentElement.setAttribute("data-live", "open");
      if (retries > 0) hooks.reopened();
      retries = 0;
      schedulePoll();
      pinger = setInterval(() => {
        try {
          ws.send(PING);
        } catch {
          return;
        }
        clearTimeout(pongTimer);
        pongTimer = setTimeout(() => ws.close(), PONG_WAIT_MS);
      }, PING_MS);
    };
    ws.onmessage = (event) => {
      if (event.data === PONG) {
        clearTimeout(pongTimer);
        return;
      }
      hooks.news(parse(event.data));
    };
    ws.onclose = () => {
      clearInterval(pinger);
      clearTimeout(pongTimer);
      if (socket !== ws) return;
      const wasOpen = open;
      socket = null;
      open = false;
      document.documentElement.removeAttribute("data-live");
      // A channel that dropped may have dropped a message with it: read now, then poll while it is closed.
      const read = wasOpen ? (hooks.dropped ? hooks.dropped() : hooks.poll()) : undefined;
      if (read) read.then(schedulePoll);
      else schedulePoll();
      reconnectLater();
    };
  };

  const readThenPoll = (read: () => Read) => () => {
    const reading = read();
    if (reading) reading.then(schedulePoll);
  };
  if (hooks.offline) window.addEventListener("offline", readThenPoll(hooks.offline));
  if (hooks.online) window.addEventListener("online", readThenPoll(hooks.online));
  connect();
  schedulePoll();
}

function parse<Message>(data: unknown): Message | null {
  try {
    const message: unknown = JSON.parse(String(data));
    return typeof message === "object" ? (message as Message | null) : null;
  } catch {
    return null;
  }
}
