// The tablet scoreboard's script (decision 009) must run on a 2017 tablet (Safari
// 11, Chrome 60): no syntax newer than ES2017, none of the common later
// built-ins, and small. Read as built (`react-router build` bundles it into
// build/client: decision 036).
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { transform } from "esbuild";
import { expect, test } from "vitest";

const source = readFileSync(new URL("../build/client/scoreboard.js", import.meta.url), "utf8");

test("its syntax is ES2017: lowering it to ES2017 changes nothing", async () => {
  // esbuild rewrites every newer construct (optional chaining, spread in objects, catch without a binding…).
  const asIs = await transform(source, { target: "esnext" });
  const lowered = await transform(source, { target: "es2017" });
  expect(lowered.code).toBe(asIs.code);
  expect(lowered.warnings).toEqual([]);
});

test("it calls no built-in that a 2017 browser lacks, and stays small", () => {
  for (const later of [
    ".finally(",
    "globalThis",
    "Object.fromEntries",
    ".flat(",
    ".flatMap(",
    "replaceAll",
    "AbortSignal",
  ])
    expect(source, later).not.toContain(later);
  expect(gzipSync(source).length).toBeLessThan(15 * 1024);
});
