// The front before the local Worker (front.ts), against a stand-in for workerd: a Node server that, like workerd,
// closes an idle keep-alive connection on its own timer (here after 200 ms instead of 5 s).
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { FRONT_KEEP_ALIVE_MS, startFront, withConnectionAddress } from "./front.ts";

const IDLE_MS = 200;
let standIn: ChildProcess;
let innerUrl: URL;
let front: http.Server;
let frontUrl: string;

/**
 * The stand-in, in a process of its own so that a busy test does not hold its timer back: it closes a connection
 * idle for IDLE_MS, answers 413 to /upload, echoes other requests with two cookies, and echoes a WebSocket's frames.
 */
const STAND_IN = `
const http = require("node:http");
const server = http.createServer({ keepAliveTimeout: 10000 }, (req, res) => {
  res.on("finish", () => {
    const idle = setTimeout(() => req.socket.destroy(), ${IDLE_MS});
    req.socket.once("data", () => clearTimeout(idle));
  });
  let body = "";
  req.on("data", (chunk) => (body += req.url === "/upload" ? "" : chunk.toString()));
  req.on("end", () => {
    if (req.url === "/upload") return res.writeHead(413, { "Content-Type": "text/plain" }).end("too large");
    res.setHeader("Set-Cookie", ["a=1; Path=/", "b=2; Path=/"]);
    res.writeHead(200, { "Content-Type": "text/plain", "X-Method": req.method });
    res.end(req.method + " " + req.url + " " + body);
  });
});
server.on("upgrade", (_req, socket) => {
  socket.write("HTTP/1.1 101 Switching Protocols\\r\\nUpgrade: websocket\\r\\nConnection: Upgrade\\r\\n\\r\\n");
  socket.pipe(socket);
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
`;

beforeAll(async () => {
  standIn = spawn(process.execPath, ["-e", STAND_IN], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve) => standIn.stdout?.once("data", (d: Buffer) => resolve(String(d))));
  innerUrl = new URL(`http://127.0.0.1:${port.trim()}`);
  front = await startFront(innerUrl, 0);
  frontUrl = `http://127.0.0.1:${(front.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  front.closeAllConnections();
  await new Promise((r) => front.close(r));
  standIn.kill();
});

/** A GET through a keep-alive agent of one socket, as Playwright's request contexts and the tests' clients keep. */
function get(agent: http.Agent, base: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/ping`, { agent }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => resolve(text));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Idles past the server's timer, then keeps the event loop busy as the close arrives, then asks again. */
async function busyAcrossTheClose(base: string): Promise<string> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    await get(agent, base);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS - 50));
    const until = Date.now() + 150;
    while (Date.now() < until) {
      // A test worker parsing a big page: the close is not read yet.
    }
    return await get(agent, base);
  } finally {
    agent.destroy();
  }
}

test("a client busy as an idle connection closes loses its request without the front, and not with it", async () => {
  await expect(busyAcrossTheClose(innerUrl.origin)).rejects.toThrow(/socket hang up|ECONNRESET/);
  await expect(busyAcrossTheClose(frontUrl)).resolves.toBe("GET /ping ");
});

test("the front keeps idle connections a minute and says so", async () => {
  const response = await fetch(`${frontUrl}/ping`);
  await response.text();
  expect(response.headers.get("keep-alive")).toBe(`timeout=${FRONT_KEEP_ALIVE_MS / 1000}`);
});

test("methods, bodies, paths and every Set-Cookie pass through", async () => {
  const response = await fetch(`${frontUrl}/a/b?c=d`, { method: "POST", body: "hello" });
  expect(response.status).toBe(200);
  expect(await response.text()).toBe("POST /a/b?c=d hello");
  expect(response.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  expect(response.headers.get("x-method")).toBe("POST");
});

test("a refused upload's answer passes through (the early 413 itself: tests/security-hardening.test.ts)", async () => {
  const big = new Uint8Array(8 * 1024 * 1024);
  const response = await fetch(`${frontUrl}/upload`, { method: "POST", body: big });
  expect(response.status).toBe(413);
  expect(await response.text()).toBe("too large");
});

test("a WebSocket handshake and its frames pass through both ways", async () => {
  const socket = net.connect(Number(new URL(frontUrl).port), "127.0.0.1");
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
  socket.write("GET /live HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n");
  await expect.poll(() => received).toContain("101 Switching Protocols");
  socket.write("frame");
  await expect.poll(() => received).toContain("frame");
  socket.destroy();
});

test("a Worker that is not answering is a 502, not a dropped connection", async () => {
  const closed = await new Promise<number>((resolve) => {
    const probe = net.createServer();
    probe.listen(0, "127.0.0.1", () => {
      const port = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(port));
    });
  });
  const orphan = await startFront(new URL(`http://127.0.0.1:${closed}`), 0);
  try {
    const response = await fetch(`http://127.0.0.1:${(orphan.address() as net.AddressInfo).port}/`);
    expect(response.status).toBe(502);
  } finally {
    orphan.closeAllConnections();
    await new Promise((r) => orphan.close(r));
  }
});

test("a connection from another loopback address is a client of its own, whatever address it names", () => {
  const raw = ["Host", "x", "X-Test-Client-Address", "203.0.113.9", "Accept", "*/*"];
  expect(withConnectionAddress(raw, "127.0.0.42")).toEqual([
    "Host",
    "x",
    "Accept",
    "*/*",
    "X-Test-Client-Address",
    "127.0.0.42",
  ]);
  expect(withConnectionAddress(raw, "::ffff:127.0.0.7").slice(-1)).toEqual(["127.0.0.7"]);
  // From 127.0.0.1 a test still stands for another client (or for none).
  expect(withConnectionAddress(raw, "127.0.0.1")).toBe(raw);
  expect(withConnectionAddress(raw, "::1")).toBe(raw);
  expect(withConnectionAddress(raw, undefined)).toBe(raw);
});
