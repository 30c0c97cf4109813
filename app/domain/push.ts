// Web Push subscriptions (issue 19): what a browser may register to be told
// "You're up on Table 3", and the message itself. The server POSTs to the
// endpoint a user gave, so an endpoint must be a public https address: no
// private, loopback or link-local host, no other port. Locally (development
// and tests) a plain http address on this machine is allowed too, for the
// tests' fake push service.

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

const MAX_ENDPOINT = 1024;

/** IPv4 addresses a push service never has: private, loopback, link-local, shared, "this network", multicast. */
function isPrivateIPv4(host: string): boolean {
  const parts = host.split(".").map(Number);
  const [a = 0, b = 0] = parts;
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224
  );
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Why `endpoint` may not be a push subscription's address, or null when it may.
 * `local`: development and tests, where http to this machine is allowed.
 */
export function pushEndpointProblem(endpoint: string, local: boolean): string | null {
  if (endpoint.length > MAX_ENDPOINT) return "The push endpoint is too long";
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "The push endpoint must be a web address";
  }
  if (url.username || url.password) return "The push endpoint must not carry a user name or password";
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (local && url.protocol === "http:" && LOOPBACK_HOSTS.has(host)) return null;
  if (url.protocol !== "https:") return "The push endpoint must be an https address";
  if (url.port !== "") return "The push endpoint must use the standard https port";
  // An IPv6 literal, a single-label name (intranet), .local/.internal/.localhost, a private IPv4 address.
  const privateName = /(^|\.)(localhost|local|internal|lan|home|arpa)$/.test(host) || !host.includes(".");
  if (host.startsWith("[") || privateName || (IPV4.test(host) && isPrivateIPv4(host))) {
    return "The push endpoint must be a public push service";
  }
  return null;
}

/** Why these are not a browser's RFC 8291 keys (a 65-byte uncompressed P-256 point, a 16-byte secret), or null. */
export function pushKeysProblem(keys: { p256dh: string; auth: string }): string | null {
  const point = base64UrlBytes(keys.p256dh);
  if (point?.length !== 65 || point[0] !== 4) return "keys.p256dh must be the browser's P-256 public key";
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
