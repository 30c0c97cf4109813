// `npm test`: type check, lint, build the Worker, then every test — unit and
// integration (vitest: real libSQL, real Worker in workerd) and end-to-end
// (Playwright in Debian's Chromium).
import { spawn, spawnSync } from "node:child_process";
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

/** Starts a step in the background, its output kept to print when it is waited for. */
function start(title: string, command: string, args: string[]): () => Promise<void> {
  const child = spawn(command, args, { env: { ...process.env, FORCE_COLOR: "1" } });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const done = new Promise<number>((resolve) => child.on("close", (code) => resolve(code ?? 1)));
  return async () => {
    const status = await done;
    console.log(`\n▶ ${title}`);
    process.stdout.write(output);
    if (status !== 0) {
      console.error(`\n✖ ${title} failed`);
      process.exit(status);
    }
  };
}

const npx = "npx";
run("Lint and format (Biome, knip, lines of at most 120 characters)", "npm", ["run", "lint", "--silent"]);
// The type check (one core, about a minute) runs beside the build, which reads nothing it writes (the Worker's and
// the routes' generated types); knip reads those, so the lint goes first.
const typeCheck = start("Type check", "npm", ["run", "typecheck", "--silent"]);
run("Build", npx, ["--no-install", "react-router", "build"]);
await typeCheck();
run("Unit and integration tests (vitest)", npx, ["--no-install", "vitest", "run"]);
run("End-to-end tests (Playwright, Chromium)", npx, ["--no-install", "playwright", "test"]);
console.log("\n✔ All tests passed");
