// Announcing a change: the edge's cached table answers are purged before the
// channels hear of it, and neither a missing runtime piece nor a failure
// reaches the write that made the change.
import { expect, test } from "vitest";
import type { AppContext } from "~/context.server.ts";
import { announceChange } from "./live.server.ts";

function contextWith(parts: Pick<AppContext, "live" | "cache">) {
  const waited: Promise<unknown>[] = [];
  const context = { ...parts, waitUntil: (p: Promise<unknown>) => void waited.push(p) };
  return { context, settled: () => Promise.all(waited) };
}

function fakeHubs(log: string[], fail = false) {
  return {
    idFromName: (name: string) => name,
    get: (name: string) => ({
      fetch: async (url: string, init: RequestInit) => {
        log.push(`${name} ${new URL(url).pathname} ${String(init.body)}`);
        if (fail) throw new Error("the object is unavailable");
        return new Response("{}");
      },
    }),
  } as unknown as DurableObjectNamespace;
}

const change = { organiserId: "td-1", tournamentId: "t-1", what: "result" } as const;
const message = JSON.stringify({ type: "changed", what: "result", tournamentId: "t-1" });

test("the director's tables are purged from the edge, then the tournament's and tables' channels hear", async () => {
  const log: string[] = [];
  const cache = {
    purge: async (options: { tags?: string[] }) => {
      log.push(`purge ${options.tags?.join(",")}`);
      return { success: true, zoneTag: "" };
    },
  } as unknown as CacheContext;
  const { context, settled } = contextWith({ live: fakeHubs(log), cache });
  announceChange(context, change);
  await settled();
  expect(log).toEqual([
    "purge tables-td-1",
    `tournament:t-1 /changed ${JSON.stringify({ message })}`,
    `tables:td-1 /changed ${JSON.stringify({ message, boards: {} })}`,
  ]);
});

test("a touched table's board goes to that table's tablets with the news, drawn once for all of them", async () => {
  const log: string[] = [];
  const { context, settled } = contextWith({ live: fakeHubs(log), cache: undefined });
  let drawn = 0;
  announceChange(context, change, async () => {
    drawn += 1;
    return { "tbl-1": "<section aria-live>5–3</section>" };
  });
  await settled();
  expect(drawn).toBe(1);
  const news = { type: "changed", what: "result", tournamentId: "t-1" };
  expect(log).toEqual([
    `tournament:t-1 /changed ${JSON.stringify({ message })}`,
    `tables:td-1 /changed ${JSON.stringify({
      message,
      boards: { "table:tbl-1": JSON.stringify({ ...news, board: "<section aria-live>5–3</section>" }) },
    })}`,
  ]);
});

test("without Workers Cache (local workerd) the channels still hear; failures stay in the background", async () => {
  const log: string[] = [];
  const failing = {
    purge: async () => {
      throw new Error("purge refused");
    },
  } as unknown as CacheContext;
  for (const cache of [undefined, failing]) {
    const { context, settled } = contextWith({ live: fakeHubs(log, true), cache });
    expect(() => announceChange(context, change)).not.toThrow();
    await expect(settled()).resolves.toHaveLength(1);
  }
  expect(log).toHaveLength(4);
  // Where there are no Durable Objects at all (a unit test's context), nothing is sent and nothing fails.
  const { context, settled } = contextWith({ live: undefined, cache: undefined });
  expect(() => announceChange(context, change)).not.toThrow();
  await expect(settled()).resolves.toHaveLength(1);
  expect(log).toHaveLength(4);
});

test("a score goes to its own table's tablets alone; the director's other tablets hear nothing of it", async () => {
  const log: string[] = [];
  const { context, settled } = contextWith({ live: fakeHubs(log), cache: undefined });
  const score = { organiserId: "td-1", tournamentId: "t-1", what: "score" } as const;
  announceChange(context, score, async () => ({ "tbl-1": "<section aria-live>1–0</section>" }));
  // A board that could not be drawn: every tablet reads again, as for any other change.
  announceChange(context, score, async () => {
    throw new Error("no board");
  });
  await settled();
  const news = { type: "changed", what: "score", tournamentId: "t-1" };
  const message = JSON.stringify(news);
  expect(log.filter((line) => line.startsWith("tables:"))).toEqual([
    `tables:td-1 /changed ${JSON.stringify({
      message: null,
      boards: { "table:tbl-1": JSON.stringify({ ...news, board: "<section aria-live>1–0</section>" }) },
    })}`,
    `tables:td-1 /changed ${JSON.stringify({ message, boards: {} })}`,
  ]);
});
