// Limits at the seams, through the real Worker: guessing table access codes is
// throttled per client address on every surface that takes a code (only wrong
// codes count, only wrong codes are refused). Each client is its own address
// (CF-Connecting-IP, as Cloudflare sets it).
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

/** A masked client frame (RFC 6455): `opcode` 0x8 close. */
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
        "CF-Connecting-IP": address,
      },
    });
    request.on("upgrade", (response, socket) => {
      // Read what the server sends (else its close and end would wait unread).
      socket.on("error", () => undefined).resume();
      resolve({
        status: response.statusCode ?? 0,
        headers: new Headers(response.headers as Record<string, string>),
        body: "",
        close: () => closeSocket(socket),
      });
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

const from = (address: string) => ({ headers: { "CF-Connecting-IP": address } });

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
};

/** What a right code answers on each surface (the table has no match in progress). */
const rightAnswer: Record<string, number> = {
  "GET /api/tables/by-code/{code}": 200,
  "GET /api/tables/by-code/{code}/current-match": 200,
  "POST /api/tables/by-code/{code}/racks": 409,
  "GET /scoreboard/{code}": 200,
  "POST /scoreboard/{code} (a tap without JavaScript)": 303,
  "WebSocket /api/live/tables/{code}": 101,
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
