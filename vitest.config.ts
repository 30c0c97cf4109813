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
    // Liveness bounds, not speed: a test fails when something stops answering, not when a busy machine is slow (a
    // race test that takes 10 s idle took over 30 s with one core held by another process).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Each integration file starts its own Worker and database: two at a time
    // on a two-core machine.
    maxWorkers: 2,
    // A spy or stub ends with its test.
    restoreMocks: true,
    projects: [
      {
        extends: true,
        // `npm run test:fast`: the domain, the services in-process, the database server, the scripts. The files
        // share their modules within a worker (no isolation: a third of the time was loading them again); each
        // service file still has its own database.
        test: {
          name: "fast",
          include: ["app/**/*.test.ts", "db/**/*.test.ts", "scripts/**/*.test.ts"],
          isolate: false,
        },
      },
      // The edge: the built Worker in workerd over HTTP, one Worker and database per file. The Workers come from one
      // Worker host for the run (tests/support/worker-host.ts), which keeps Miniflare loaded.
      {
        extends: true,
        test: { name: "edge", include: ["tests/**/*.test.ts"], globalSetup: ["tests/support/worker-host.ts"] },
      },
    ],
  },
});
