// The Durable Object that pushes "something changed" to open pages and tablets
// (decision 009). One instance per tournament and one per director's tables; the
// Worker authorises a subscription before it reaches here. Sockets use the
// WebSocket Hibernation API: an idle evening costs no duration, and the
// object wakes only to fan a change out. Nothing here is the truth — a client
// that misses a message reads the database on its next poll.
//
// One client address holds at most 20 sockets here and 100 in all
// (docs/decisions/009): each socket is tagged with its address, and what the
// address holds here is reported to its LiveClient (workers/live-client.ts),
// which keeps the count across channels.
import { DurableObject } from "cloudflare:workers";
import { type ClosingNews, PING, PONG } from "../app/features/live/domain/messages.ts";

/** The close code a tablet gets when its table's access code stops working: replaced, or the table deleted. */
const CODE_REFUSED = 4404;
/** Why a table's tablets are closed ("code" or "deleted"): the message they get first, and the close's reason. */
const closingFor = (why: string | null): ClosingNews & { reason: string } =>
  why === "deleted" ? { type: "deleted", reason: "Table deleted" } : { type: "code", reason: "Invalid access code" };

/** Sockets one address may hold on one channel. */
const SOCKETS_PER_CHANNEL = 20;
/** Sockets free up only as they close: a refused client is told to wait this long. */
const RETRY_AFTER_SECONDS = 30;
const ADDRESS_TAG = "address:";
/** A tablet's socket is tagged with its table (live.server.ts's tableSocketTag). */
const TABLE_TAG = "table:";
/**
 * A tablet whose script runs pings every 30 s (app/components/live.ts): a socket not heard from for longer than
 * this is a tablet switched off or asleep without closing. A tablet without a script reloads its board every 5 s
 * (its page tells this channel, `seen`): one not seen for this long is gone too.
 */
const TABLET_QUIET_MS = 75_000;
const SEEN_MS = 20_000;
const SEEN_KEY = "seen:";

const tooMany = (message: string) =>
  Response.json({ message }, { status: 429, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } });

export class LiveHub extends DurableObject<Env> {
  /** Per address, its accept or report under way: one at a time, so its reports arrive in order. */
  private readonly turns = new Map<string, Promise<unknown>>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
  }

  /** The sockets `address` holds here: open ones (a closing socket no longer counts). */
  held(address: string): number {
    const tagged = this.ctx.getWebSockets(ADDRESS_TAG + address);
    return tagged.filter((socket) => socket.readyState === WebSocket.OPEN).length;
  }

  /**
   * The tables with a tablet on them now: an open socket heard from lately (its pings, or accepted lately), or a
   * board read lately by a tablet without a script.
   */
  private tablets(now = Date.now()): string[] {
    const on = new Set<string>();
    for (const socket of this.ctx.getWebSockets()) {
      if (socket.readyState !== WebSocket.OPEN) continue;
      const table = this.ctx.getTags(socket).find((tag) => tag.startsWith(TABLE_TAG));
      if (!table) continue;
      const since = (socket.deserializeAttachment() as { since?: number } | null)?.since ?? 0;
      const pinged = this.ctx.getWebSocketAutoResponseTimestamp(socket)?.getTime() ?? 0;
      if (now - Math.max(since, pinged) <= TABLET_QUIET_MS) on.add(table.slice(TABLE_TAG.length));
    }
    for (const [key, at] of [...this.ctx.storage.kv.list<number>({ prefix: SEEN_KEY })]) {
      if (now - at <= SEEN_MS) on.add(key.slice(SEEN_KEY.length + TABLE_TAG.length));
      else this.ctx.storage.kv.delete(key);
    }
    return [...on];
  }

  /** A tablet without a script read its table's board (`tag`, the table's socket tag) just now. */
  private seen(tag: string, now = Date.now()): void {
    if (tag.startsWith(TABLE_TAG)) this.ctx.storage.kv.put(SEEN_KEY + tag.slice(0, 64), now);
  }

  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/subscribe" && request.headers.get("Upgrade")?.toLowerCase() === "websocket") {
      return this.subscribe(url.searchParams.get("tag"), (url.searchParams.get("address") || "local").slice(0, 64));
    }
    if (url.pathname === "/changed" && request.method === "POST") {
      // The message for everyone, and for the sockets of some tags (a table's tablets) one of their own: the news
      // with their table's board, so they redraw without reading. No message for everyone (null): only those tags'.
      const { message, boards = {} } = (await request.json()) as {
        message: string | null;
        boards?: Record<string, string>;
      };
      let sent = 0;
      for (const socket of this.ctx.getWebSockets()) {
        const own = this.ctx.getTags(socket).find((tag) => boards[tag] !== undefined);
        if (own === undefined && message === null) continue;
        try {
          socket.send(own === undefined ? (message as string) : (boards[own] as string));
          sent += 1;
        } catch {
          // Closing already: it reads the database when it reconnects.
        }
      }
      return Response.json({ sent });
    }
    // Which tables have a tablet on them now (the floor, the tables API); a tablet without a script says it is there.
    if (url.pathname === "/tablets" && request.method === "GET") return Response.json({ tables: this.tablets() });
    if (url.pathname === "/seen" && request.method === "POST") {
      this.seen(url.searchParams.get("tag") ?? "");
      return new Response(null, { status: 204 });
    }
    // A table's code was replaced (decision 012) or the table deleted: its tablets are told, and their sockets close
    // with the refusal they will get next.
    if (url.pathname === "/close" && request.method === "POST") {
      const tag = url.searchParams.get("tag") ?? "";
      const closing = closingFor(url.searchParams.get("why"));
      const sockets = tag ? this.ctx.getWebSockets(tag) : [];
      for (const socket of sockets) {
        try {
          socket.send(JSON.stringify({ type: closing.type } satisfies ClosingNews));
          socket.close(CODE_REFUSED, closing.reason);
        } catch {
          // Closing already.
        }
      }
      await Promise.all([...new Set(sockets.map((socket) => this.addressOf(socket)))].map((a) => this.report(a)));
      return Response.json({ closed: sockets.length });
    }
    return new Response("Not found", { status: 404 });
  }

  override async webSocketMessage(): Promise<void> {
    // Clients only ping (answered by the auto-response); anything else is ignored.
  }

  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    try {
      socket.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // Already closed (the runtime may answer the close itself).
    }
    await this.report(this.addressOf(socket));
  }

  override async webSocketError(socket: WebSocket): Promise<void> {
    await this.report(this.addressOf(socket));
  }

  /**
   * A socket for `address`, once it holds fewer than its share here and, as its LiveClient says, in all; the
   * socket is tagged with its address (and with `tag`, a tablet's table, for closing it when the code is replaced).
   */
  private subscribe(tag: string | null, address: string): Promise<Response> {
    return this.inTurn(address, async () => {
      const held = this.held(address);
      if (held >= SOCKETS_PER_CHANNEL) return tooMany("Too many live connections to this channel from your address");
      if (!(await this.admitted(address, held + 1))) return tooMany("Too many live connections from your address");
      const pair = new WebSocketPair();
      this.ctx.acceptWebSocket(pair[1], [...(tag ? [tag.slice(0, 64)] : []), ADDRESS_TAG + address]);
      pair[1].serializeAttachment({ since: Date.now() });
      return new Response(null, { status: 101, webSocket: pair[0] });
    });
  }

  private addressOf(socket: WebSocket): string {
    const tag = this.ctx.getTags(socket).find((t) => t.startsWith(ADDRESS_TAG));
    return tag ? tag.slice(ADDRESS_TAG.length) : "local";
  }

  private clientOf(address: string) {
    return this.env.LIVE_CLIENTS.get(this.env.LIVE_CLIENTS.idFromName(address));
  }

  private async admitted(address: string, count: number): Promise<boolean> {
    try {
      return await this.clientOf(address).admit(address, this.ctx.id.toString(), count);
    } catch {
      // The count in all cannot be asked: this channel's own cap still holds.
      return true;
    }
  }

  /** Tells the address's LiveClient what it holds here now. */
  private report(address: string): Promise<void> {
    return this.inTurn(address, async () => {
      try {
        await this.clientOf(address).report(this.ctx.id.toString(), this.held(address));
      } catch {
        // Its next accept or close here reports again; a refusal there asks this channel first.
      }
    });
  }

  /** Runs `task` after what is under way for `address`. */
  private inTurn<T>(address: string, task: () => Promise<T>): Promise<T> {
    const turn = (this.turns.get(address) ?? Promise.resolve()).then(task);
    const settled = turn.catch(() => undefined);
    this.turns.set(address, settled);
    void settled.then(() => {
      if (this.turns.get(address) === settled) this.turns.delete(address);
    });
    return turn;
  }
}
