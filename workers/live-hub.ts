// The Durable Object that pushes "something changed" to open pages and tablets
// (issue 17). One instance per tournament and one per director's tables; the
// Worker authorises a subscription before it reaches here. Sockets use the
// WebSocket Hibernation API: an idle evening costs no duration, and the
// object wakes only to fan a change out. Nothing here is the truth — a client
// that misses a message reads the database on its next poll.
import { DurableObject } from "cloudflare:workers";

/** What a client may send: a keep-alive, answered without waking the object. */
const PING = "ping";
const PONG = "pong";
/** The close code a tablet gets when its table's access code was replaced. */
const CODE_REPLACED = 4404;

export class LiveHub extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
  }

  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/subscribe" && request.headers.get("Upgrade")?.toLowerCase() === "websocket") {
      const pair = new WebSocketPair();
      const tag = url.searchParams.get("tag");
      this.ctx.acceptWebSocket(pair[1], tag ? [tag.slice(0, 64)] : []);
      return new Response(null, { status: 101, webSocket: pair[0] });
    }
    if (url.pathname === "/changed" && request.method === "POST") {
      const message = await request.text();
      let sent = 0;
      for (const socket of this.ctx.getWebSockets()) {
        try {
          socket.send(message);
          sent += 1;
        } catch {
          // Closing already: it reads the database when it reconnects.
        }
      }
      return Response.json({ sent });
    }
    // A table's code was replaced (issue 18): its tablets' sockets close with the refusal they will get next.
    if (url.pathname === "/close" && request.method === "POST") {
      const tag = url.searchParams.get("tag") ?? "";
      const sockets = tag ? this.ctx.getWebSockets(tag) : [];
      for (const socket of sockets) {
        try {
          socket.send(JSON.stringify({ type: "code" }));
          socket.close(CODE_REPLACED, "Invalid access code");
        } catch {
          // Closing already.
        }
      }
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
  }
}
