// `npm run lint` (and the first step of `npm test`): Biome's formatter and
// linter, knip for exports, files and dependencies nothing uses (or undeclared), the line limit Biome's
// formatter cannot enforce on its own (long strings and comments), and the house's rules: the layers
// (lint-layers.ts), every write through its use case (lint-use-cases.ts) and the sizes of files and functions
// against their baseline (lint-sizes.ts).
// `--shrink-size-baseline` lowers the baseline to what is found (never raises it) and lints the rest.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { adapterViolations, importsOf, layerViolations, parseSource } from "./lint-layers.ts";
import { adapterWriteViolations, useCaseViolations } from "./lint-use-cases.ts";
import { type Baseline, measure, offenders, shrunkBaseline, sizeProblems } from "./lint-sizes.ts";

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

const BASELINE = "scripts/size-baseline.json";

/** The layer rule's and the size rule's complaints about app/, one a line. */
function houseRules(): string[] {
  const files = sourceFiles().filter((file) => file.startsWith("app/") && /\.tsx?$/.test(file));
  const sources = files.map((file) => parseSource(file, readFileSync(file, "utf8")));
  const imports = sources.map((source) => ({ file: source.fileName, imports: importsOf(source) }));
  const layers = [
    ...layerViolations(imports),
    ...adapterViolations(imports),
    ...useCaseViolations(sources),
    ...adapterWriteViolations(sources),
  ];
  const measured = sources.filter((source) => !/\.test\.tsx?$/.test(source.fileName)).map(measure);
  const found = offenders(measured);
  let baseline = JSON.parse(readFileSync(BASELINE, "utf8")) as Baseline;
  if (process.argv.includes("--shrink-size-baseline")) {
    baseline = shrunkBaseline(found, baseline);
    writeFileSync(BASELINE, `${JSON.stringify(baseline, null, 2)}\n`);
  }
  return [
    ...layers.map((v) => `${v.file}:${v.line} ${v.specifier ? `imports "${v.specifier}": ` : ""}${v.message}`),
    ...sizeProblems(found, baseline).map((problem) => `${problem} (${BASELINE})`),
  ];
}

const biome = run("npx", ["--no-install", "biome", "check", "."]);
// Exports and files nothing uses, and the dependencies: unused, or imported without being declared.
const knipChecks = "exports,types,nsExports,nsTypes,files,dependencies,unlisted,binaries";
const knip = run("npx", ["--no-install", "knip", "--include", knipChecks]);
const tooLong = longLines();
for (const line of tooLong) console.error(line);
if (tooLong.length > 0) console.error(`${tooLong.length} lines are longer than ${MAX_LINE} characters`);
const broken = houseRules();
for (const line of broken) console.error(line);
if (!biome || !knip || tooLong.length > 0 || broken.length > 0) {
  console.error("Lint failed: `npx biome check --write .` fixes the formatting; the rest needs a hand.");
  process.exit(1);
}
