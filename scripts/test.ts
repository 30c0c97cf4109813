// `npm test`: type check, lint, build the Worker, then every test — unit and
// integration (vitest: real libSQL, real Worker in workerd) and end-to-end
// (Playwright in Debian's Chromium).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromiumPath } from "./lib/chromium.ts";

if (!existsSync(chromiumPath)) {
  console.error(
    `Chromium was not found at ${chromiumPath}.\n` +
      "The end-to-end tests need Debian's Chromium: `apt-get install -y chromium`,\n" +
      "or set CHROMIUM_PATH to a Chromium or Chrome binary.",
  );
  process.exit(1);
}

function run(title: string, command: string, args: string[]): void {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

const npx = "npx";
run("Type check", "npm", ["run", "typecheck", "--silent"]);
run("Lint and format (Biome, knip, lines of at most 120 characters)", "npm", ["run", "lint", "--silent"]);
run("Build", npx, ["--no-install", "react-router", "build"]);
run("Unit and integration tests (vitest)", npx, ["--no-install", "vitest", "run"]);
run("End-to-end tests (Playwright, Chromium)", npx, ["--no-install", "playwright", "test"]);
console.log("\n✔ All tests passed");
