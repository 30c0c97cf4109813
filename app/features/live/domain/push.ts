// Web Push subscriptions (decisions 013–015): what a browser may register to be told
// "You're up on Table 3", and the message itself. The server POSTs to the
// endpoint a user gave, so an endpoint must be a browser push service's own
// https address (Google's, Mozilla's, Apple's or Microsoft's), and the keys a
// real P-256 point and auth secret. Locally (development and tests) a plain
// http address on this machine is allowed too, for the tests' fake push
// service.

/** Decodes base64url (with or without padding); null when it is not. */
export function base64UrlBytes(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return null;
  const base64 = text.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
  if (base64.length % 4 === 1) return null;
  try {
    return Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "=")), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * The push services browsers subscribe with: the only hosts a subscription's
 * endpoint may name. An exact host, or `*.` for one more label in front (as a
 * TLS certificate's wildcard: `a.push.apple.com`, not `a.b.push.apple.com`).
 */
const PUSH_SERVICE_HOSTS = [
  // Google: Chrome and the other Chromium browsers (FCM; GCM's older address).
  "fcm.googleapis.com",
  "android.googleapis.com",
  // Mozilla: Firefox.
  "updates.push.services.mozilla.com",
  "*.push.services.mozilla.com",
  // Apple: Safari.
  "web.push.apple.com",
  "*.push.apple.com",
  // Microsoft: Edge on Windows (WNS).
  "*.notify.windows.com",
] as const;

function isPushServiceHost(host: string): boolean {
  return PUSH_SERVICE_HOSTS.some((pattern) => {
    if (!pattern.startsWith("*.")) return host === pattern;
    const suffix = pattern.slice(1);
    return host.endsWith(suffix) && /^[a-z0-9-]+$/.test(host.slice(0, -suffix.length));
  });
}

const MAX_ENDPOINT = 1024;
/** What the URL parser leaves of an IPv4 address however it was written (hex, octal, one number, %-encoded). */
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export const pushEndpointMessages = {
  tooLong: "The push endpoint is too long",
  notAnAddress: "The push endpoint must be a web address",
  credentials: "The push endpoint must not carry a user name or password",
  notHttps: "The push endpoint must be an https address",
  port: "The push endpoint must use the standard https port",
  ipAddress: "The push endpoint must be a push service's name, not an IP address",
  notAPushService: "The push endpoint must be a browser's push service (Google, Mozilla, Apple or Microsoft)",
} as const;

/**
 * Why `endpoint` may not be a push subscription's address, or null when it may.
 * `local`: development and tests, where http to this machine is allowed too.
 */
export function pushEndpointProblem(endpoint: string, local: boolean): string | null {
  const m = pushEndpointMessages;
  if (endpoint.length > MAX_ENDPOINT) return m.tooLong;
  // A browser gives its endpoint as a serialized URL, printable ASCII: the URL parser would quietly drop spaces,
  // tabs and newlines and map other scripts' dots, so what is checked would not be what was sent.
  if (!/^[\x21-\x7e]+$/.test(endpoint)) return m.notAnAddress;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return m.notAnAddress;
  }
  if (url.username || url.password) return m.credentials;
  const host = url.hostname;
  if (local && url.protocol === "http:" && LOOPBACK_HOSTS.has(host)) return null;
  if (url.protocol !== "https:") return m.notHttps;
  // The URL parser writes no port for https's own, 443.
  if (url.port !== "") return m.port;
  if (host.startsWith("[") || IPV4.test(host)) return m.ipAddress;
  if (!isPushServiceHost(host)) return m.notAPushService;
  return null;
}

// P-256 (secp256r1): y² = x³ − 3x + b over the field of the prime p. Its
// cofactor is 1, so a point on the curve is a valid public key.
const P256_P = 2n ** 256n - 2n ** 224n + 2n ** 192n + 2n ** 96n - 1n;
const P256_B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;

const bigEndian = (bytes: Uint8Array) => bytes.reduce((n, byte) => (n << 8n) | BigInt(byte), 0n);

/** An uncompressed P-256 point (0x04, x, y) that is on the curve. */
function isP256Point(bytes: Uint8Array): boolean {
  if (bytes.length !== 65 || bytes[0] !== 4) return false;
  const x = bigEndian(bytes.subarray(1, 33));
  const y = bigEndian(bytes.subarray(33));
  if (x >= P256_P || y >= P256_P) return false;
  return (y * y - (x * x * x - 3n * x + P256_B)) % P256_P === 0n;
}

/** Why these are not a browser's RFC 8291 keys (an uncompressed P-256 point, a 16-byte secret), or null. */
export function pushKeysProblem(keys: { p256dh: string; auth: string }): string | null {
  const point = base64UrlBytes(keys.p256dh);
  if (!point || !isP256Point(point)) return "keys.p256dh must be the browser's P-256 public key";
  const auth = base64UrlBytes(keys.auth);
  if (auth?.length !== 16) return "keys.auth must be the browser's 16-byte auth secret";
  return null;
}

/** "You're up on Table 3": what a player is told when their match is given a table. */
export const upOnText = (tableName: string) => `You're up on ${tableName}`;

/** What the service worker shows (public/sw.js reads these fields). */
export type CallPayload = { title: string; body: string; url: string; tag: string };

/** The notification for a call: the table as its title, who against and where as its body. */
export function callPayload(call: {
  matchId: string;
  tableName: string;
  opponent: string | null;
  tournamentName: string;
  slug: string;
}): CallPayload {
  return {
    title: upOnText(call.tableName),
    body: `vs ${call.opponent ?? "TBD"} · ${call.tournamentName}`,
    url: `/tournament/${encodeURIComponent(call.slug)}?tab=bracket`,
    // A newer call of the same match replaces the older notification on the device.
    tag: `call-${call.matchId}`,
  };
}
