// Debian's Chromium and the flags every browser we start uses (Playwright,
// Lighthouse, screenshots): headless, no sandbox (root), nothing that would
// reach out to the network.
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

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
