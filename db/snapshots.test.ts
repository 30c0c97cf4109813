// drizzle-kit's snapshot of the schema is up to date: `npm run db:generate` against app/db/schema.ts, run on a copy
// of the migrations, finds nothing to migrate. A schema change committed without its migration (or a migration
// written by hand without its snapshot) fails here rather than surfacing as a migration generated twice.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

test("drizzle-kit generate finds no change between the schema and the latest snapshot", () => {
  const dir = mkdtempSync(join(tmpdir(), "snapshots-"));
  try {
    const out = join(dir, "migrations");
    cpSync(join(root, "db", "migrations"), out, { recursive: true });
    const files = readdirSync(out).sort();
    // drizzle-kit takes the output folder relative to where it runs.
    const generated = spawnSync(
      join(root, "node_modules", ".bin", "drizzle-kit"),
      ["generate", "--dialect", "sqlite", "--schema", "./app/db/schema.ts", "--out", relative(root, out)],
      { cwd: root, encoding: "utf8" },
    );
    expect(generated.status, generated.stderr).toBe(0);
    expect(generated.stdout).toContain("No schema changes, nothing to migrate");
    expect(readdirSync(out).sort()).toEqual(files);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
