import { describe, expect, test } from "vitest";
import {
  base64UrlBytes,
  callPayload,
  pushEndpointMessages as m,
  pushEndpointProblem,
  pushKeysProblem,
  upOnText,
} from "./push.ts";

/** Refused with this message in production and locally alike. */
const refusedEverywhere = (cases: [string, string][]) => {
  for (const [endpoint, problem] of cases) {
    expect(pushEndpointProblem(endpoint, false), endpoint).toBe(problem);
    expect(pushEndpointProblem(endpoint, true), `${endpoint} (local)`).toBe(problem);
  }
};

describe("pushEndpointProblem", () => {
  test("each push service's own https hosts are allowed, everywhere", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bHun4MxP5egoKMwt2KZFBaFUH-1RYqx",
      "https://android.googleapis.com/gcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk",
      "https://updates-autopush.push.services.mozilla.com/wpush/v1/gAAAAABk",
      "https://web.push.apple.com/QGdM2ovZ_Ep5",
      "https://api.push.apple.com/3/device/abc",
      "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD%2bQm%2fZ",
      "https://db5p.notify.windows.com/w/?token=abc",
      // The URL parser writes these as the same host and port.
      "https://FCM.GoogleAPIs.com/fcm/send/abc",
      "https://fcm.googleapis.com:443/fcm/send/abc",
    ]) {
      expect(pushEndpointProblem(endpoint, false), endpoint).toBeNull();
      expect(pushEndpointProblem(endpoint, true), endpoint).toBeNull();
    }
  });

  test("look-alike hosts are not push services", () => {
    refusedEverywhere(
      [
        "https://fcm.googleapis.com.evil.example/x",
        "https://fcm.googleapis.com./x",
        "https://evilfcm.googleapis.com/x",
        "https://fcm-googleapis.com/x",
        "https://fcm.googleapis.co/x",
        "https://googleapis.com/x",
        "https://storage.googleapis.com/x",
        "https://fcm.googleapis.com%2eevil.example/x",
        "https://evil.example/fcm.googleapis.com",
        "https://evil.example/?u=https://fcm.googleapis.com/",
        "https://evil.example#@fcm.googleapis.com/",
        "https://evil.example\\@fcm.googleapis.com/",
        "https://push.services.mozilla.com/x",
        "https://a.b.push.services.mozilla.com/x",
        "https://updates.push.services.mozilla.com.evil.example/x",
        "https://services.mozilla.com/x",
        "https://push.apple.com/x",
        "https://x.y.push.apple.com/x",
        "https://web.push.apple.com.evil.example/x",
        "https://evilpush.apple.com/x",
        "https://apple.com/x",
        "https://notify.windows.com/x",
        "https://evilnotify.windows.com/x",
        "https://a.b.notify.windows.com/x",
        "https://x.notify.windows.com.evil.example/x",
        "https://example.com/push",
        "https://localhost/x",
        "https://intranet/x",
        "https://db.internal/x",
        "https://fcm.xn--ggleapis-nbha.com/x", // fcm.gооgleapis.com, with Cyrillic o
      ].map((endpoint) => [endpoint, m.notAPushService]),
    );
  });

  test("only https: http, even to a push service's host, and other schemes are refused", () => {
    refusedEverywhere(
      [
        "http://fcm.googleapis.com/fcm/send/abc",
        "http://web.push.apple.com/x",
        "http://example.com/push",
        "http://10.0.0.1/push",
        "ftp://fcm.googleapis.com/x",
        "ws://fcm.googleapis.com/x",
        "javascript:alert(1)",
        "data:text/plain,hi",
        "file:///etc/passwd",
      ].map((endpoint) => [endpoint, m.notHttps]),
    );
    expect(pushEndpointProblem("http://127.0.0.1:9999/push", false)).toBe(m.notHttps);
    expect(pushEndpointProblem("http://localhost:9999/push", false)).toBe(m.notHttps);
  });

  test("IP literals are refused however they are written, v4 and v6", () => {
    refusedEverywhere(
      [
        "https://8.8.8.8/push",
        "https://142.250.180.10/fcm/send/x",
        "https://127.0.0.1/x",
        "https://10.1.2.3/x",
        "https://169.254.169.254/latest/meta-data",
        "https://0.0.0.0/x",
        "https://0x7f.1/x",
        "https://0x7f000001/x",
        "https://2130706433/x",
        "https://0177.0.0.1/x",
        "https://127.1/x",
        "https://%31%32%37.0.0.1/x",
        "https://[::1]/x",
        "https://[::]/x",
        "https://[fd00::1]/x",
        "https://[2001:4860:4860::8888]/x",
        "https://[::ffff:127.0.0.1]/x",
        "https://[::ffff:7f00:1]/x",
        "https://[0:0:0:0:0:0:0:1]/x",
      ].map((endpoint) => [endpoint, m.ipAddress]),
    );
  });

  test("no port but https's own, no user name or password", () => {
    refusedEverywhere([
      ["https://fcm.googleapis.com:444/x", m.port],
      ["https://fcm.googleapis.com:8443/x", m.port],
      ["https://fcm.googleapis.com:80/x", m.port],
      ["https://fcm.googleapis.com:0/x", m.port],
      ["https://web.push.apple.com:65535/x", m.port],
      ["https://user:pw@fcm.googleapis.com/x", m.credentials],
      ["https://user@fcm.googleapis.com/x", m.credentials],
      ["https://:pw@fcm.googleapis.com/x", m.credentials],
      ["https://fcm.googleapis.com@evil.example/x", m.credentials],
      ["https://fcm.googleapis.com:443@evil.example/x", m.credentials],
    ]);
  });

  test("anything that is not a plain web address is refused", () => {
    refusedEverywhere([
      ["not a url", m.notAnAddress],
      ["fcm.googleapis.com/fcm/send/x", m.notAnAddress],
      ["/fcm/send/x", m.notAnAddress],
      ["", m.notAnAddress],
      // The URL parser would drop these and read fcm.googleapis.com: what is checked must be what is sent.
      [" https://fcm.googleapis.com/x", m.notAnAddress],
      ["https://fcm.googleapis.com/x\n", m.notAnAddress],
      ["https://fcm.goo\tgleapis.com/x", m.notAnAddress],
      ["https://fcm\u3002googleapis\u3002com/x", m.notAnAddress],
      ["https://fcm.googleapis.c\u03bfm/x", m.notAnAddress],
      [`https://fcm.googleapis.com/${"a".repeat(1100)}`, m.tooLong],
    ]);
  });

  test("locally http to this machine is allowed too (the tests' fake push service), and nothing else more", () => {
    for (const endpoint of [
      "http://127.0.0.1:9999/push/1",
      "http://localhost:9999/push/1",
      "http://[::1]:9999/push/1",
    ]) {
      expect(pushEndpointProblem(endpoint, true), endpoint).toBeNull();
      expect(pushEndpointProblem(endpoint, false), endpoint).toBe(m.notHttps);
    }
    expect(pushEndpointProblem("http://user@127.0.0.1:9999/push", true)).toBe(m.credentials);
    expect(pushEndpointProblem("http://127.0.0.2:9999/push", true)).toBe(m.notHttps);
    expect(pushEndpointProblem("https://127.0.0.1:9999/push", true)).toBe(m.port);
    expect(pushEndpointProblem("https://127.0.0.1/push", true)).toBe(m.ipAddress);
  });
});

describe("pushKeysProblem", () => {
  const p256 = "keys.p256dh must be the browser's P-256 public key";
  const secret = "keys.auth must be the browser's 16-byte auth secret";
  const hex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (h) => Number.parseInt(h, 16));
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
  // The curve's generator G, a point on it.
  const gx = "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296";
  const gy = "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5";
  // -G: the same x, p - y.
  const minusGy = "b01cbd1c01e58065711814b583f061e9d431cca994cea1313449bf97c840ae0a";
  const p = "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff";
  const point = (x: string, y: string) => b64(hex(`04${x}${y}`));
  const auth = "AAAAAAAAAAAAAAAAAAAAAA"; // 16 bytes

  test("a browser's key, an uncompressed point on the curve, and a 16-byte secret pass", async () => {
    expect(pushKeysProblem({ p256dh: point(gx, gy), auth })).toBeNull();
    expect(pushKeysProblem({ p256dh: point(gx, minusGy), auth })).toBeNull();
    expect(pushKeysProblem({ p256dh: `${point(gx, gy)}=`, auth: `${auth}==` })).toBeNull();
    for (let i = 0; i < 10; i++) {
      const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
      const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
      expect(base64UrlBytes(b64(raw))?.length).toBe(65);
      expect(pushKeysProblem({ p256dh: b64(raw), auth }), b64(raw)).toBeNull();
    }
  });

  test("a point off the curve, out of the field, compressed or the wrong length is refused", () => {
    const zero = "00".repeat(32);
    const gyPlusOne = `${gy.slice(0, -2)}f6`;
    for (const p256dh of [
      point(zero, zero), // 0x04 and 64 zero bytes: the right shape, not a point
      point(gx, gyPlusOne),
      point(gy, gx),
      point(gx, p), // y = p: out of the field (and y = 0 mod p, not on the curve)
      point(p, gy),
      point("ff".repeat(32), "ff".repeat(32)),
      b64(hex(`03${gx}`)), // compressed
      b64(hex(`02${gx}`)),
      b64(hex(`02${gx}${gy}`)), // a point's length, the wrong prefix
      b64(hex(`04${gx}${gy}00`)), // 66 bytes
      b64(hex(`04${gx}${gy.slice(0, -2)}`)), // 64 bytes
      b64(hex(`${gx}${gy}`)),
      `${point(gx, gy).slice(0, 86)}+`, // base64, not base64url
      "abc",
      "",
    ]) {
      expect(pushKeysProblem({ p256dh, auth }), p256dh).toBe(p256);
    }
  });

  test("the auth secret is exactly 16 bytes of base64url", () => {
    const key = point(gx, gy);
    for (const bad of ["AAAA", "AAAAAAAAAAAAAAAAAAAA", "AAAAAAAAAAAAAAAAAAAAAAA", "", "not base64!"]) {
      expect(pushKeysProblem({ p256dh: key, auth: bad }), bad).toBe(secret);
    }
  });
});

test("a call's message: the table as its title, the opponent and tournament, the tournament's page", () => {
  expect(upOnText("Table 3")).toBe("You're up on Table 3");
  expect(
    callPayload({ matchId: "m1", tableName: "TV Table", opponent: null, tournamentName: "Friday 8-Ball", slug: "a b" }),
  ).toEqual({
    title: "You're up on TV Table",
    body: "vs TBD · Friday 8-Ball",
    url: "/tournament/a%20b?tab=bracket",
    tag: "call-m1",
  });
});
