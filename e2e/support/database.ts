// The e2e server's database, reached directly (the Epic Stack's way for fixtures a browser need not build): for
// what a test would otherwise wait for on the real clock, such as a call made a minute ago.
import { createClient, type Client } from "@libsql/client";

let client: Client | undefined;

/** The libSQL server `scripts/serve-test.ts` started beside the app (port from playwright.config.ts). */
function database(): Client {
  const port = process.env.E2E_DB_PORT;
  if (!port) throw new Error("E2E_DB_PORT is not set: run the tests through playwright.config.ts");
  client ??= createClient({ url: `http://127.0.0.1:${port}` });
  return client;
}

/** Moves the match's call to a table `ms` into the past: its no-show clock has run that long. */
export async function calledAgo(matchId: string, ms: number): Promise<void> {
  const done = await database().execute({
    sql: "update matches set table_assigned_at = table_assigned_at - ? where id = ?",
    args: [ms, matchId],
  });
  if (done.rowsAffected !== 1) throw new Error(`no match ${matchId} to move`);
}

/** Moves the tournament's registration deadline to a second ago, as if its time had come. */
export async function closeRegistration(tournamentId: string): Promise<void> {
  const done = await database().execute({
    sql: "update tournaments set registration_deadline = ? where id = ?",
    args: [Date.now() - 1_000, tournamentId],
  });
  if (done.rowsAffected !== 1) throw new Error(`no tournament ${tournamentId} to close`);
}
