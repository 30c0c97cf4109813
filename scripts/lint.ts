// `npm run lint` (and the first step of `npm test`): Biome's formatter and
// linter, knip for exports, files and dependencies nothing uses (or undeclared), and the line limit Biome's
// formatter cannot enforce on its own (long strings and comments).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const MAX_LINE = 120;

function run(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: "inherit" }).status === 0;
}

/** Source files git knows about (tracked or new), as Biome sees them. */
function sourceFiles(): string[] {
  const listed = spawnSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" });
  return listed.stdout
    .split("\n")
    .filter((file) => /\.(ts|tsx|js)$/.test(file) && !file.endsWith("worker-configuration.d.ts"));
}

function longLines(): string[] {
  return sourceFiles().flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, index) => (line.length > MAX_LINE ? [`${file}:${index + 1} is ${line.length} characters`] : [])),
  );
}

const biome = run("npx", ["--no-install", "biome", "check", "."]);
// Exports and files nothing uses, and the dependencies: unused, or imported without being declared.
const knipChecks = "exports,types,nsExports,nsTypes,files,dependencies,unlisted,binaries";
const knip = run("npx", ["--no-install", "knip", "--include", knipChecks]);
const tooLong = longLines();
for (const line of tooLong) console.error(line);
if (tooLong.length > 0) console.error(`${tooLong.length} lines are longer than ${MAX_LINE} characters`);
if (!biome || !knip || tooLong.length > 0) {
  console.error("Lint failed: `npx biome check --write .` fixes the formatting; the rest needs a hand.");
  process.exit(1);
}
