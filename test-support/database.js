// A fresh, migrated database for the in-process service tests: the project's
// own libSQL server (db/server) on a loopback port, in the test's own process,
// with the committed migrations applied — what `npm start` and the Worker
// suites run against, without the Worker.
//
// JavaScript with its types in database.d.ts, as fixtures.js is (see there):
// the service tests beside the features' server code belong to tsconfig.cloudflare.json,
// which cannot list this Node-only module, but can read its declarations.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDbServer } from "../db/server/hrana.ts";
import { applyMigrations } from "../scripts/lib/migrate.ts";

/**
 * Starts a server on a new database file in a temporary folder and migrates it.
 * @type {typeof import("./database.d.ts").startDatabase}
 */
export const startDatabase = async () => {
  const dir = mkdtempSync(join(tmpdir(), "break-and-run-service-"));
  try {
    const server = await createDbServer({ file: join(dir, "test.db"), port: 0 });
    await applyMigrations(server.url).catch(async (error) => {
      await server.close();
      throw error;
    });
    return {
      url: server.url,
      async close() {
        await server.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
};

/**
 * Every account whose balance is not the sum of its transactions, or is below 0.
 * @type {typeof import("./database.d.ts").LEDGER_MISMATCHES}
 */
export const LEDGER_MISMATCHES = `
  select * from (
    select 'player' as kind, p.id, p.balance_pence as balance,
      coalesce((select sum(amount_pence) from transactions t
        where t.user_type = 'player' and t.user_id = p.id), 0) as total
    from players p
    union all
    select 'organiser', o.id, o.balance_pence,
      coalesce((select sum(amount_pence) from transactions t
        where t.user_type = 'organiser' and t.user_id = o.id), 0)
    from organisers o)
  where balance != total or balance < 0`;
