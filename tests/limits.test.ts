// Limits at the seams, through the real Worker: guessing table access codes is
// throttled per client address on every surface that takes a code (only wrong
// codes count, only wrong codes are refused), and one address holds a bounded
// number of live sockets, per channel and in all. Each client is its own
// address (X-Test-Client-Address: what stands for CF-Connecting-IP in tests; a CF-Connecting-IP the client sends
// itself counts for nothing outside Cloudflare).
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { Duplex } from "node:stream";
import { expect, test } from "vitest";
import { useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

let addresses = 0;
const newAddress = () => `203.0.113.${++addresses}`;

const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/** A code of the right shape that names no table (one in 31^8 could: never here); every third one not a code. */
let guesses = 0;
const wrongCode = () =>
  ++guesses % 3 === 0
    ? `nope-${guesses}`
    : Array.from(randomBytes(8), (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join("");

type Answer = { status: number; headers: Headers; body: string; close: () => Promise<void> };

const answered = async (response: Response): Promise<Answer> => ({
  status: response.status,
  headers: response.headers,
  body: await response.text(),
  close: async () => undefined,
});

/** A masked client frame (RFC 6455): `opcode` 0x1 text, 0x8 close. */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const masked = payload.map((byte, i) => byte ^ (mask[i % 4] ?? 0));
  return Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | payload.length]), mask, masked]);
}

/** Closes a socket as a browser does (a close frame, 1000), and waits until the connection is gone. */
function closeSocket(socket: Duplex): Promise<void> {
  return new Promise((resolve) => {
    socket.once("close", () => resolve());
    socket.write(clientFrame(0x8, Buffer.from([0x03, 0xe8])));
    setTimeout(() => socket.destroy(), 2000).unref();
  });
}

/** Sends `text` and answers the server's next text frame. */
function exchange(socket: Duplex, text: string): Promise<string> {
  return new Promise((resolve) => {
    socket.once("data", (frame: Buffer) => resolve(frame.subarray(2, 2 + (frame[1] ?? 0)).toString()));
    socket.write(clientFrame(0x1, Buffer.from(text)));
  });
}

const sockets = new Map<Answer, Duplex>();

/** A WebSocket upgrade from `address`: 101 with the socket held open, or the refusal as it came. */
function upgrade(path: string, address: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(path, app.url), {
      agent: false,
      headers: {
        Connection: "Upgrade",
        Upgrade: "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": randomBytes(16).toString("base64"),
        "X-Test-Client-Address": address,
      },
    });
    request.on("upgrade", (response, socket) => {
      // Read what the server sends (else its close and end would wait unread).
      socket.on("error", () => undefined).resume();
      const opened: Answer = {
        status: response.statusCode ?? 0,
        headers: new Headers(response.headers as Record<string, string>),
        body: "",
        close: () => closeSocket(socket),
      };
      sockets.set(opened, socket);
      resolve(opened);
    });
    request.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: new Headers(response.headers as Record<string, string>),
          body,
          close: async () => undefined,
        }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

const from = (address: string) => ({ headers: { "X-Test-Client-Address": address } });

/** Every surface that takes a table's code, each asked for `code` from `address`. */
const surfaces: Record<string, (code: string, address: string) => Promise<Answer>> = {
  "GET /api/tables/by-code/{code}": async (code, address) =>
    answered(await app.client().get(`/api/tables/by-code/${code}`, from(address))),
  "GET /api/tables/by-code/{code}/current-match": async (code, address) =>
    answered(await app.client().get(`/api/tables/by-code/${code}/current-match`, from(address))),
  "POST /api/tables/by-code/{code}/racks": async (code, address) => {
    const tap = { tapId: crypto.randomUUID(), player: 1 };
    return answered(await app.client().json("POST", `/api/tables/by-code/${code}/racks`, tap, from(address)));
  },
  "GET /scoreboard/{code}": async (code, address) =>
    answered(await app.client().get(`/scoreboard/${code}`, from(address))),
  "POST /scoreboard/{code} (a tap without JavaScript)": async (code, address) => {
    const tap = { intent: "racks", tapId: crypto.randomUUID(), player: "1" };
    return answered(await app.client().postForm(`/scoreboard/${code}`, tap, from(address)));
  },
  "WebSocket /api/live/tables/{code}": (code, address) => upgrade(`/api/live/tables/${code}`, address),
  "GET /scoreboard/{code}/change": async (code, address) =>
    answered(await app.client().get(`/scoreboard/${code}/change`, from(address))),
  "GET /scoreboard/{code}/overlay": async (code, address) =>
    answered(await app.client().get(`/scoreboard/${code}/overlay`, from(address))),
};

/** What a right code answers on each surface (the table has no match in progress). */
const rightAnswer: Record<string, number> = {
  "GET /api/tables/by-code/{code}": 200,
  "GET /api/tables/by-code/{code}/current-match": 200,
  "POST /api/tables/by-code/{code}/racks": 409,
  "GET /scoreboard/{code}": 200,
  "POST /scoreboard/{code} (a tap without JavaScript)": 303,
  "WebSocket /api/live/tables/{code}": 101,
  "GET /scoreboard/{code}/change": 200,
  "GET /scoreboard/{code}/overlay": 200,
};

const isPage = (surface: string) => surface.includes("/scoreboard/");

async function newTable(): Promise<{ id: string; accessCode: string }> {
  const td = await f.organiser();
  const response = await td.client.json("POST", "/api/tables", { name: "Table 1" });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; accessCode: string };
}

function expectTooManyCodes(surface: string, answer: Answer) {
  expect(answer.status, surface).toBe(429);
  const retryAfter = Number(answer.headers.get("Retry-After"));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`).toBe(true);
  // Never kept by the edge's cache or the browser.
  expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
  if (isPage(surface)) {
    expect(answer.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(answer.body).toContain("Too many wrong codes");
    expect(answer.body).not.toContain('http-equiv="refresh"');
  } else {
    expect(JSON.parse(answer.body)).toEqual({ message: "Too many wrong access codes. Wait a minute and try again." });
  }
}

for (const [surface, send] of Object.entries(surfaces)) {
  test(`${surface}: the 31st wrong code in a minute is refused; a right code still answers`, async () => {
    const table = await newTable();
    const guesser = newAddress();
    for (let i = 1; i <= 30; i++) {
      const answer = await send(wrongCode(), guesser);
      expect(answer.status, `wrong code ${i}`).toBe(404);
      expect(answer.headers.get("Retry-After")).toBeNull();
    }
    expectTooManyCodes(surface, await send(wrongCode(), guesser));
    expectTooManyCodes(surface, await send(wrongCode(), guesser));

    // The right code, from the same address, in any case: answered as ever (and it is not counted either).
    for (const code of [table.accessCode, table.accessCode.toLowerCase()]) {
      const right = await send(code, guesser);
      expect(right.status, `${surface} ${code}`).toBe(rightAnswer[surface]);
      expect(right.headers.get("Retry-After")).toBeNull();
      await right.close();
    }
    // Another address has guessed nothing.
    expect((await send(wrongCode(), newAddress())).status).toBe(404);
  });
}

test("outside Cloudflare a CF-Connecting-IP the client makes up names no other client: two count as one", async () => {
  const counted = async (address: string) =>
    Number(
      (
        await f.sql().execute({
          sql: "select coalesce(sum(count), 0) as n from rate_limits where key = ?",
          args: [`wrong-codes:${address}`],
        })
      ).rows[0]?.n,
    );
  const before = await counted("127.0.0.1");
  for (const forged of ["203.0.113.250", "203.0.113.251"]) {
    const answer = await app.client().get(`/api/tables/by-code/${wrongCode()}`, {
      headers: { "CF-Connecting-IP": forged },
    });
    expect(answer.status).toBe(404);
  }
  // Both against the connection's own address (loopback), neither against the one it claimed.
  expect(await counted("127.0.0.1")).toBe(before + 2);
  expect(await counted("203.0.113.250")).toBe(0);
  expect(await counted("203.0.113.251")).toBe(0);
});

test("a right code's answers keep their caching; a wrong one's are never cached", async () => {
  const table = await newTable();
  const address = newAddress();
  const byCode = await app.client().get(`/api/tables/by-code/${table.accessCode}`, from(address));
  expect(byCode.headers.get("Cache-Control")).toBe("public, max-age=2, s-maxage=2");
  const current = await app.client().get(`/api/tables/by-code/${table.accessCode}/current-match`, from(address));
  expect(current.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=300");
  expect(current.headers.get("Cache-Tag")).toContain(`table-${table.accessCode}`);
  const wrong = await app.client().get(`/api/tables/by-code/${wrongCode()}/current-match`, from(address));
  expect(wrong.status).toBe(404);
  expect(wrong.headers.get("Cache-Control")).toBe("private, no-store");
});

test("wrong codes sent at once are counted exactly, on every surface together, until the window passes", async () => {
  const guesser = newAddress();
  const sends = Object.values(surfaces);
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) => (sends[i % sends.length] as (typeof sends)[number])(wrongCode(), guesser)),
  );
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 404)).toHaveLength(30);
  expect(statuses.filter((status) => status === 429)).toHaveLength(10);

  // Once the minute is over (moved here by hand), wrong codes are answered 404 again.
  await f.sql().execute({
    sql: "update rate_limits set window_ends_at = ? where key = ?",
    args: [Date.now() - 1, `wrong-codes:${guesser}`],
  });
  expect((await surfaces["GET /scoreboard/{code}"]?.(wrongCode(), guesser))?.status).toBe(404);
});

/** `count` tournaments of one director: each is a push channel of its own. */
async function channels(count: number): Promise<string[]> {
  const td = await f.organiser();
  const paths: string[] = [];
  for (let i = 0; i < count; i++) paths.push(`/api/live/tournaments/${(await f.createTournament(td)).id}`);
  return paths;
}

async function open(path: string, address: string, count: number): Promise<Answer[]> {
  const opened = await Promise.all(Array.from({ length: count }, () => upgrade(path, address)));
  expect(opened.map((answer) => answer.status)).toEqual(opened.map(() => 101));
  return opened;
}

/**
 * Asks again until a socket opens (a close reaches the channel a moment after the client sends it). The bound is
 * about liveness, not speed: a busy machine may take seconds to pass the close on.
 */
async function opensSoon(path: string, address: string): Promise<Answer> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await upgrade(path, address);
    if (answer.status === 101 || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Closing the first of `held` makes room on `path` for one more socket, and one only: answers it. */
async function expectRoomForOneMore(held: Answer[], path: string, address: string, refusal: string) {
  await held[0]?.close();
  const again = await opensSoon(path, address);
  expect(again.status).toBe(101);
  expectTooManySockets(await upgrade(path, address), refusal);
  return again;
}

function expectTooManySockets(answer: Answer, message: string) {
  expect(answer.status).toBe(429);
  expect(answer.headers.get("Retry-After")).toBe("30");
  expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
  expect(JSON.parse(answer.body)).toEqual({ message });
}

const PER_CHANNEL = "Too many live connections to this channel from your address";
const IN_ALL = "Too many live connections from your address";

test("one address holds at most 20 sockets on one channel; a closed one frees its place", async () => {
  const [page, other] = await channels(2);
  if (!page || !other) throw new Error("two channels");
  const address = newAddress();
  // 25 at once: exactly 20 are let in.
  const first = await Promise.all(Array.from({ length: 25 }, () => upgrade(page, address)));
  const held = first.filter((answer) => answer.status === 101);
  expect(held).toHaveLength(20);
  for (const refused of first.filter((answer) => answer.status !== 101)) expectTooManySockets(refused, PER_CHANNEL);
  expectTooManySockets(await upgrade(page, address), PER_CHANNEL);

  // The keep-alive is still answered without a message from the channel.
  const socket = sockets.get(held[0] as Answer);
  if (!socket) throw new Error("an open socket");
  expect(await exchange(socket, "ping")).toBe("pong");

  // Another channel, and another address on this one, are not held back.
  const others = [...(await open(other, address, 1)), ...(await open(page, newAddress(), 1))];

  const again = await expectRoomForOneMore(held, page, address, PER_CHANNEL);
  await Promise.all([...held.slice(1), again, ...others].map((answer) => answer.close()));
});

test("one address holds at most 100 sockets in all; closing one anywhere frees a place", async () => {
  const paths = await channels(6);
  const [sixth] = paths.splice(5, 1);
  if (!sixth) throw new Error("six channels");
  const address = newAddress();
  const held = (await Promise.all(paths.map((path) => open(path, address, 20)))).flat();
  expect(held).toHaveLength(100);
  expectTooManySockets(await upgrade(sixth, address), IN_ALL);
  const neighbour = await open(sixth, newAddress(), 1);

  const again = await expectRoomForOneMore(held, sixth, address, IN_ALL);
  await Promise.all([...held.slice(1), again, ...neighbour].map((answer) => answer.close()));
});
