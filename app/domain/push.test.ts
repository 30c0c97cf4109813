import { describe, expect, test } from "vitest";
import { base64UrlBytes, callPayload, pushEndpointProblem, pushKeysProblem, upOnText } from "./push.ts";

describe("pushEndpointProblem", () => {
  test("public https push services are allowed, everywhere", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAA",
      "https://web.push.apple.com/QGd",
      "https://8.8.8.8/push",
    ]) {
      expect(pushEndpointProblem(endpoint, false), endpoint).toBeNull();
      expect(pushEndpointProblem(endpoint, true), endpoint).toBeNull();
    }
  });

  test("outside local mode: only https, the standard port, no private, loopback or intranet host", () => {
    const refused: [string, string][] = [
      ["http://127.0.0.1:9999/push", "The push endpoint must be an https address"],
      ["http://fcm.googleapis.com/x", "The push endpoint must be an https address"],
      ["javascript:alert(1)", "The push endpoint must be an https address"],
      ["https://fcm.googleapis.com:444/x", "The push endpoint must use the standard https port"],
      ["https://user:pw@fcm.googleapis.com/x", "The push endpoint must not carry a user name or password"],
      ["https://localhost/x", "The push endpoint must be a public push service"],
      ["https://localhost./x", "The push endpoint must be a public push service"],
      ["https://db.internal/x", "The push endpoint must be a public push service"],
      ["https://printer.local/x", "The push endpoint must be a public push service"],
      ["https://intranet/x", "The push endpoint must be a public push service"],
      ["https://10.1.2.3/x", "The push endpoint must be a public push service"],
      ["https://172.16.0.1/x", "The push endpoint must be a public push service"],
      ["https://172.31.255.255/x", "The push endpoint must be a public push service"],
      ["https://192.168.1.1/x", "The push endpoint must be a public push service"],
      ["https://169.254.169.254/latest/meta-data", "The push endpoint must be a public push service"],
      ["https://127.0.0.1/x", "The push endpoint must be a public push service"],
      // Other spellings of loopback, normalised by the URL parser.
      ["https://0x7f.1/x", "The push endpoint must be a public push service"],
      ["https://2130706433/x", "The push endpoint must be a public push service"],
      ["https://0.0.0.0/x", "The push endpoint must be a public push service"],
      ["https://100.64.0.1/x", "The push endpoint must be a public push service"],
      ["https://[::1]/x", "The push endpoint must be a public push service"],
      ["https://[fd00::1]/x", "The push endpoint must be a public push service"],
      ["https://[::ffff:127.0.0.1]/x", "The push endpoint must be a public push service"],
      ["not a url", "The push endpoint must be a web address"],
      [`https://fcm.googleapis.com/${"a".repeat(1100)}`, "The push endpoint is too long"],
    ];
    for (const [endpoint, problem] of refused) expect(pushEndpointProblem(endpoint, false), endpoint).toBe(problem);
  });

  test("in local mode http to this machine is allowed (the tests' fake push service), nothing else more", () => {
    expect(pushEndpointProblem("http://127.0.0.1:9999/push/1", true)).toBeNull();
    expect(pushEndpointProblem("http://localhost:9999/push/1", true)).toBeNull();
    expect(pushEndpointProblem("http://[::1]:9999/push/1", true)).toBeNull();
    expect(pushEndpointProblem("http://10.0.0.1/push", true)).toBe("The push endpoint must be an https address");
    expect(pushEndpointProblem("http://example.com/push", true)).toBe("The push endpoint must be an https address");
  });
});

describe("pushKeysProblem", () => {
  const point = `BA${"A".repeat(85)}`; // 0x04 then 64 zero bytes: 65 bytes
  const auth = "AAAAAAAAAAAAAAAAAAAAAA"; // 16 bytes

  test("a 65-byte uncompressed point and a 16-byte secret pass", () => {
    expect(base64UrlBytes(point)?.length).toBe(65);
    expect(pushKeysProblem({ p256dh: point, auth })).toBeNull();
    expect(pushKeysProblem({ p256dh: point, auth: `${auth}==` })).toBeNull();
  });

  test("anything else is refused with what is wrong", () => {
    const p256 = "keys.p256dh must be the browser's P-256 public key";
    const secret = "keys.auth must be the browser's 16-byte auth secret";
    expect(pushKeysProblem({ p256dh: `Aw${"A".repeat(85)}`, auth })).toBe(p256); // 0x03: compressed
    expect(pushKeysProblem({ p256dh: point.slice(0, 80), auth })).toBe(p256);
    expect(pushKeysProblem({ p256dh: `${point.slice(0, 86)}+`, auth })).toBe(p256);
    expect(pushKeysProblem({ p256dh: "", auth })).toBe(p256);
    expect(pushKeysProblem({ p256dh: point, auth: "AAAA" })).toBe(secret);
    expect(pushKeysProblem({ p256dh: point, auth: "not base64!" })).toBe(secret);
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
