import { describe, expect, test } from "vitest";
import { parseEnv } from "~/env.server.ts";
import { clientAddress, settledAddress, withSettledAddress } from "./rate-limit.server.ts";

const asking = (headers: Record<string, string>) => new Request("https://example.com/api/x", { headers });
const forged = { "CF-Connecting-IP": "203.0.113.9" };
const standIn = { "X-Test-Client-Address": "198.51.100.4" };

describe("the client's address", () => {
  test("behind Cloudflare (production) it is CF-Connecting-IP, which Cloudflare sets; a stand-in is not heard", () => {
    const env = { APP_ENV: "production" } as const;
    expect(settledAddress(asking({ ...forged, ...standIn }), env)).toBe("203.0.113.9");
  });

  test("anywhere else a CF-Connecting-IP the client sent counts for nothing: the connection's loopback address", () => {
    for (const APP_ENV of ["development", "test"] as const) {
      expect(settledAddress(asking(forged), { APP_ENV })).toBe("127.0.0.1");
      expect(settledAddress(asking(standIn), { APP_ENV })).toBe("127.0.0.1");
    }
  });

  test("tests may stand for another client with X-Test-Client-Address when TEST_CLIENT_ADDRESSES is on", () => {
    const env = { APP_ENV: "test", TEST_CLIENT_ADDRESSES: "on" } as const;
    expect(settledAddress(asking({ ...forged, ...standIn }), env)).toBe("198.51.100.4");
    expect(settledAddress(asking(forged), env)).toBe("127.0.0.1");
  });

  test("the request the app handles carries the settled address, and no stand-in header", () => {
    const settled = withSettledAddress(asking({ ...forged, ...standIn }), { APP_ENV: "development" });
    expect(clientAddress(settled)).toBe("127.0.0.1");
    expect(settled.headers.has("X-Test-Client-Address")).toBe(false);
  });

  test("TEST_CLIENT_ADDRESSES is refused in production", () => {
    const base = {
      APP_URL: "https://example.com",
      TURSO_DATABASE_URL: "http://127.0.0.1:1",
      SESSION_SECRET: "s".repeat(32),
    };
    expect(() => parseEnv({ ...base, APP_ENV: "production", TEST_CLIENT_ADDRESSES: "on" })).toThrow(
      /TEST_CLIENT_ADDRESSES is for tests only/,
    );
    expect(parseEnv({ ...base, APP_ENV: "test", TEST_CLIENT_ADDRESSES: "on" }).TEST_CLIENT_ADDRESSES).toBe("on");
  });
});
