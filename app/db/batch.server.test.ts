import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { build, first, known, mapRead, query, reads, write } from "./batch.server.ts";
import { players, tables } from "./schema.ts";

describe("statements are built, never sent alone", () => {
  test("awaiting a statement built with `build` throws instead of reaching a database", async () => {
    // Drizzle wraps the client's error ("Failed query: …"); ours is its cause.
    const reason = async (pending: PromiseLike<unknown>) => {
      try {
        await pending;
      } catch (error) {
        return String((error as { cause?: Error }).cause?.message ?? (error as Error).message);
      }
      return "sent";
    };
    expect(await reason(build.select().from(players).limit(1))).toMatch(/sent with a read or a write/);
    expect(await reason(build.delete(tables).where(eq(tables.id, "x")))).toMatch(/sent with a read or a write/);
  });

  test("reads combine in order and map their own slice of the answers", () => {
    const combined = reads({
      a: query(build.select().from(players), (rows) => rows.length),
      nothing: known("kept"),
      b: first(build.select().from(tables)),
      c: mapRead(query(build.select().from(players)), (rows) => rows.map((r) => r.name)),
    });
    expect(combined.items).toHaveLength(3);
    const result = combined.result([[{ name: "A" }, { name: "B" }], [{ id: "t1" }], [{ name: "C" }]]);
    expect(result).toEqual({ a: 2, nothing: "kept", b: { id: "t1" }, c: ["C"] });
    expect(first(build.select().from(tables)).result([[]])).toBeNull();
  });

  test("a write maps its answers, and a refused batch to the user's answer", () => {
    const refusal = new Error("Insufficient balance");
    const w = write(
      [build.delete(tables)],
      ([rows]) => (rows as unknown[]).length,
      (error) => (String(error).includes("CHECK") ? refusal : undefined),
    );
    expect(w.result([[1, 2]])).toBe(2);
    expect(w.refused?.(new Error("CHECK constraint failed: balance"))).toBe(refusal);
    expect(w.refused?.(new Error("network"))).toBeUndefined();
  });
});
