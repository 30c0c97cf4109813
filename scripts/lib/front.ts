// The public port of the locally served Worker: a plain Node HTTP server in front of workerd, so that an idle
// keep-alive connection is never closed under a client that is about to use it (decision 035).
//
// workerd's HTTP server closes a connection after 5 s idle and does not say so (no `Keep-Alive: timeout=`). A client
// that keeps its connections with no idle limit of its own (Node's agents: Playwright's request contexts, the tests'
// fetch) and is busy at that moment writes its next request on a connection already closed, and gets ECONNRESET or
// "socket hang up". This front keeps idle connections for 65 s and says so, which agents honour, and reaches workerd
// on a fresh loopback connection for each request, so no idle connection of that hop is ever reused.
import http from "node:http";
import net from "node:net";
import type { Duplex } from "node:stream";

/** Longer than any client's idle pool; advertised in every answer's `Keep-Alive: timeout=65`. */
export const FRONT_KEEP_ALIVE_MS = 65_000;

/** Connection-level headers: they describe one hop, not the request, and are not passed on. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

/** A raw header list (name, value, name, value…) without the hop-by-hop headers. */
function endToEnd(raw: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    if (!HOP_BY_HOP.has(name.toLowerCase())) kept.push(name, raw[i + 1] as string);
  }
  return kept;
}

/** Where a local client's address travels: heard only with TEST_CLIENT_ADDRESSES on (rate-limit.server.ts). */
const CLIENT_ADDRESS_HEADER = "X-Test-Client-Address";
/** The loopback address every local client had until the benchmarks spread theirs over 127.0.0.0/8. */
const DEFAULT_LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * The client's address as this front saw the connection, as Cloudflare's edge fills CF-Connecting-IP: a connection
 * from another loopback address (127.0.0.2 and up, which a benchmark binds its clients to) is a client of its own,
 * whatever header it sent. From 127.0.0.1 the request keeps the stand-in address a test names (or none).
 */
export function withConnectionAddress(raw: string[], remoteAddress: string | undefined): string[] {
  const address = remoteAddress?.replace(/^::ffff:/, "");
  if (address === undefined || DEFAULT_LOOPBACK.has(remoteAddress ?? "") || !address.startsWith("127.")) return raw;
  const kept: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if ((raw[i] as string).toLowerCase() !== CLIENT_ADDRESS_HEADER.toLowerCase())
      kept.push(raw[i] as string, raw[i + 1] as string);
  }
  return [...kept, CLIENT_ADDRESS_HEADER, address];
}

/** Answers a request the front could not pass on (workerd not answering): a 502, never a dropped connection. */
function badGateway(res: http.ServerResponse): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(502, { "Content-Type": "text/plain; charset=utf-8" });
  res.end("The local Worker did not answer.");
}

function forward(inner: URL, req: http.IncomingMessage, res: http.ServerResponse): void {
  const upstream = http.request({
    host: inner.hostname,
    port: inner.port,
    method: req.method,
    path: req.url,
    // One connection per request: nothing idle on this hop to be closed under a request.
    agent: false,
    headers: [...endToEnd(withConnectionAddress(req.rawHeaders, req.socket.remoteAddress)), "Connection", "close"],
  });
  upstream.on("response", (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.rawHeaders));
    answer.pipe(res);
    answer.on("error", () => res.destroy());
  });
  upstream.on("error", () => badGateway(res));
  // The client went away: so does its request upstream.
  res.on("close", () => upstream.destroy());
  req.pipe(upstream);
  // An answer before the whole body (a 413 for an upload too large) ends the upload: the rest is read and dropped.
  upstream.on("close", () => {
    req.unpipe(upstream);
    req.resume();
  });
}

/** A WebSocket (or any upgrade): the handshake passed on as it came, then the two sockets joined. */
function tunnel(inner: URL, req: http.IncomingMessage, client: Duplex, head: Buffer): void {
  const upstream = net.connect(Number(inner.port), inner.hostname, () => {
    const lines = [`${req.method} ${req.url} HTTP/1.1`];
    const raw = withConnectionAddress(req.rawHeaders, req.socket.remoteAddress);
    for (let i = 0; i + 1 < raw.length; i += 2) lines.push(`${raw[i]}: ${raw[i + 1]}`);
    upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  const end = () => {
    upstream.destroy();
    client.destroy();
  };
  upstream.on("error", end);
  client.on("error", end);
  upstream.on("close", end);
  client.on("close", end);
}

/** Listens on `port` (loopback) and passes every request and upgrade on to `inner`. */
export async function startFront(inner: URL, port: number): Promise<http.Server> {
  const server = http.createServer({ keepAliveTimeout: FRONT_KEEP_ALIVE_MS }, (req, res) => forward(inner, req, res));
  server.on("upgrade", (req, socket, head) => tunnel(inner, req, socket, head));
  // Node's default would end a request that takes longer than 5 minutes: a slow upload is the app's to refuse.
  server.requestTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return server;
}
