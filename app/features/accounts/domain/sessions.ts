// Signed-in devices: how long a session lasts, how often "last seen" is
// written, and the label a person recognises their device by.

import type { UserType } from "../../../domain/accounts.ts";

/** What the signed cookie carries: the session, and whose it is. */
export type SessionData = { sessionId: string; userId: string; userType: UserType };

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** "Last seen" is written at most this often, so reading a page stays one round trip. */
export const LAST_SEEN_EVERY_MS = 10 * 60 * 1000;

export function lastSeenIsStale(lastSeenAt: number, now: number): boolean {
  return now - lastSeenAt >= LAST_SEEN_EVERY_MS;
}

// Order matters: Edge and Opera say "Chrome", Chrome says "Safari", and iPad
// Safari may claim to be a Mac.
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*Safari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "Chromebook"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "Mac"],
  [/\bLinux\b/, "Linux"],
];

/** "Chrome on Android", "Safari on iPhone", "Firefox on Windows"; "Unknown device" when it cannot tell. */
export function deviceLabel(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? "").slice(0, 512);
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `Browser on ${system}`;
  return "Unknown device";
}
