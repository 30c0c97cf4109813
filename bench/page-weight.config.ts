// `npx playwright test -c bench/page-weight.config.ts`: the page-weight
// measurement (bench/page-weight.spec.ts) against the e2e test server.
import { defineConfig } from "@playwright/test";
import base from "../playwright.config.ts";

export default defineConfig({
  ...base,
  testDir: ".",
  testMatch: "page-weight.spec.ts",
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  // The server runs from the project's root, as for the end-to-end tests.
  webServer: base.webServer && !Array.isArray(base.webServer) ? { ...base.webServer, cwd: ".." } : base.webServer,
});
