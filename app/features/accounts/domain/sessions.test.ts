import { expect, test } from "vitest";
import { deviceLabel, LAST_SEEN_EVERY_MS, lastSeenIsStale } from "./sessions.ts";

test("device labels name the browser and the system a person would recognise", () => {
  const cases: [string | null, string][] = [
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36" +
        " (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      "Chrome on Android",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15" +
        " (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari on iPhone",
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15" +
        " (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1",
      "Safari on iPad",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15" +
        " (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
      "Chrome on iPhone",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36" +
        " (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      "Edge on Windows",
    ],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox on Windows"],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15" +
        " (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
      "Safari on Mac",
    ],
    [
      "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36" +
        " (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36",
      "Samsung Internet on Android",
    ],
    [
      "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Chrome on Chromebook",
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36" +
        " (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0",
      "Opera on Linux",
    ],
    ["curl/8.5.0", "Unknown device"],
    ["", "Unknown device"],
    [null, "Unknown device"],
  ];
  for (const [ua, label] of cases) expect(deviceLabel(ua), String(ua)).toBe(label);
});

test("last seen is written again only after ten minutes", () => {
  expect(lastSeenIsStale(1_000, 1_000)).toBe(false);
  expect(lastSeenIsStale(1_000, 1_000 + LAST_SEEN_EVERY_MS - 1)).toBe(false);
  expect(lastSeenIsStale(1_000, 1_000 + LAST_SEEN_EVERY_MS)).toBe(true);
});
