// The coalescing client against the project's real libSQL server: reads made
// together share one pipeline, each caller still gets its own result or
// error, and gated writes wait for (and fail with) their gate.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client/web";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDbServer, type DbServer } from "../db/server/hrana.ts";
import { coalescingClient, isRead } from "../app/db/coalesce.server.ts";

let dir = "";
let server: DbServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "coalesce-test-"));
  server = await createDbServer({ file: join(dir, "test.db"), port: 0 });
  const setup = createClient({ url: server.url });
  await setup.batch(["create table t (id integer primary key, name text not null)", "insert into t values (1, 'one'), (2, 'two')"], "write");
  setup.close();
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => server.resetStats());

const open = () => coalescingClient(createClient({ url: server.url }));
const names = (rs: { rows: ArrayLike<Record<string, unknown>> }) => Array.from(rs.rows, (r) => r.name);

describe("isRead", () => {
  it("takes plain SELECTs only", () => {
    expect(isRead("select * from t")).toBe(true);
    expect(isRead("  SELECT 1")).toBe(true);
    expect(isRead("insert into t values (3, 'x')")).toBe(false);
    expect(isRead("update t set name = 'x' returning id")).toBe(false);
    expect(isRead("with x as (select 1) delete from t")).toBe(false);
    expect(isRead("selectivity")).toBe(false);
  });
});

describe("coalescingClient", () => {
  it("sends the reads made together as one pipeline, each caller getting its own rows", async () => {
    const { client } = open();
    const [a, b, c] = await Promise.all([
      client.execute({ sql: "select name from t where id = ?", args: [1] }),
      client.execute("select name from t where id = ?", [2]),
      client.batch(["select count(*) as name from t", "select name from t order by id"]),
    ]);
    expect(names(a)).toEqual(["one"]);
    expect(names(b)).toEqual(["two"]);
    expect(c.map(names)).toEqual([[2], ["one", "two"]]);
    expect(server.stats().pipelines).toBe(1);
  });

  it("sends reads made one after another separately", async () => {
    const { client } = open();
    await client.execute("select 1");
    await client.execute("select 2");
    expect(server.stats().pipelines).toBe(2);
  });

  it("fails only the statement that fails when a gathered batch fails", async () => {
    const { client } = open();
    const [good, bad] = await Promise.allSettled([client.execute("select name from t where id = 1"), client.execute("select nope from t")]);
    expect(good.status === "fulfilled" && names(good.value)).toEqual(["one"]);
    expect(bad.status).toBe("rejected");
  });

  it("holds writes until the gate opens", async () => {
    const { client, gateWrites } = open();
    let open_!: () => void;
    gateWrites(() => new Promise<void>((resolve) => (open_ = resolve)));
    let written = false;
    const write = client.execute("insert into t values (10, 'ten')").then(() => (written = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(written).toBe(false);
    expect(names(await client.execute("select name from t where id = 10"))).toEqual([]);
    open_();
    await write;
    expect(names(await client.execute("select name from t where id = 10"))).toEqual(["ten"]);
  });

  it("refuses writes and write batches when the gate rejects, writing nothing", async () => {
    const { client, gateWrites } = open();
    gateWrites(() => Promise.reject(new Error("session over")));
    await expect(client.execute("insert into t values (20, 'twenty')")).rejects.toThrow("session over");
    await expect(client.batch(["insert into t values (21, 'x')", "select 1"], "write")).rejects.toThrow("session over");
    expect(names(await client.execute("select name from t where id in (20, 21)"))).toEqual([]);
  });

  it("carries the reads gathered with a session-checked batch in its round trip, ahead of its writes, past the gate", async () => {
    const { client, carrier, gateWrites } = open();
    gateWrites(() => new Promise(() => {})); // never opens: the carrier does not wait for it
    const [before, written] = await Promise.all([
      client.execute("select count(*) as name from t where id = 30"),
      carrier.batch(["insert into t values (30, 'thirty')", "select name from t where id = 30"], "write"),
    ]);
    expect(names(before)).toEqual([0]);
    expect(names(written[1]!)).toEqual(["thirty"]);
    expect(written).toHaveLength(2);
    expect(server.stats().pipelines).toBe(1);
  });

  it("when a carried batch fails, it writes nothing and the reads it carried still answer", async () => {
    const { client, carrier } = open();
    const [read, failed] = await Promise.allSettled([
      client.execute("select name from t where id = 1"),
      carrier.batch(["insert into t values (40, 'forty')", "insert into t values (40, 'again')"], "write"),
    ]);
    expect(read.status === "fulfilled" && names(read.value)).toEqual(["one"]);
    expect(failed.status).toBe("rejected");
    expect(names(await client.execute("select name from t where id = 40"))).toEqual([]);
  });

  it("sends a second carried batch of the same moment on its own", async () => {
    const { carrier } = open();
    const [a, b] = await Promise.all([
      carrier.batch(["insert into t values (50, 'fifty')"], "write"),
      carrier.batch(["insert into t values (51, 'fifty-one')"], "write"),
    ]);
    expect([a.length, b.length]).toEqual([1, 1]);
    expect(server.stats().pipelines).toBe(2);
  });
});
