import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit tests (domain, services, the libSQL server) and integration tests
// that drive the built Worker in workerd over HTTP. Not the app's Vite
// config: tests need neither the Cloudflare nor the React Router plugin.
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["app/**/*.test.ts", "db/**/*.test.ts", "scripts/**/*.test.ts", "tests/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Each integration file starts its own Worker and database: two at a time
    // on a two-core machine.
    maxWorkers: 2,
  },
});
