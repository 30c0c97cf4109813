// Debian's Chromium and the flags every browser we start uses (Playwright,
// Lighthouse, screenshots): headless, no sandbox (root), nothing that would
// reach out to the network.
import { existsSync } from "node:fs";

/**
 * Debian's headless shell when it is installed (`chromium-headless-shell`: the same Blink without the browser's own
 * windows, half the processor time a test takes), else Debian's Chromium; `CHROMIUM_PATH` wins over both.
 */
export const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path)) ??
  "/usr/bin/chromium";

export const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
