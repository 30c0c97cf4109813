// Start and finalize of a 512-player tournament through the real Worker. The
// entrants are seeded straight into the database (signing up 512 people
// through the API would only measure password hashing).
import { createClient } from "@libsql/client";
import type { Stack } from "../scripts/lib/stack.ts";
import { account, tournament } from "./lib.ts";

export async function finalizeTimings(stack: Stack, players = 512) {
  const td = await account(stack, "organiser", "Big Night Director");
  const t = await tournament(td.client, { maxPlayers: players, payoutStructure: "top_16" });
  const sql = createClient({ url: stack.dbUrl });
  const now = Date.now();
  const statements = [];
  for (let i = 0; i < players; i++) {
    const id = `bench-player-${i}-${now}`;
    statements.push(
      {
        sql: "insert into players (id, name, email, password_hash) values (?, ?, ?, 'x')",
        args: [id, `Player ${i + 1}`, `${id}@bench.example`],
      },
      {
        sql: "insert into tournament_players (id, tournament_id, player_id, paid, paid_at) values (?, ?, ?, 1, ?)",
        args: [`tp-${id}`, t.id, id, now],
      },
    );
  }
  await sql.batch(statements, "write");
  sql.close();

  let started = performance.now();
  const start = await td.client.json("POST", `/api/tournaments/${t.id}/start`);
  if (start.status !== 200) throw new Error(`start failed: ${await start.text()}`);
  const startMs = performance.now() - started;

  let results = 0;
  const resultStarted = performance.now();
  for (;;) {
    const matches = (await (await td.client.get(`/api/tournaments/${t.id}/matches`)).json()) as {
      id: string;
      player1Id: string | null;
      player2Id: string | null;
      status: string;
    }[];
    const playable = matches.filter((m) => m.player1Id && m.player2Id && m.status !== "completed");
    if (playable.length === 0) break;
    for (const m of playable) {
      const r = await td.client.json("PATCH", `/api/matches/${m.id}`, { winnerId: m.player1Id });
      if (r.status !== 200) throw new Error(`result failed: ${await r.text()}`);
      results++;
    }
  }
  const perResultMs = (performance.now() - resultStarted) / results;

  started = performance.now();
  const preview = await td.client.get(`/api/tournaments/${t.id}/payout-preview`);
  await preview.arrayBuffer();
  const previewMs = performance.now() - started;
  started = performance.now();
  const finalize = await td.client.json("POST", `/api/tournaments/${t.id}/finalize`);
  if (finalize.status !== 200) throw new Error(`finalize failed: ${await finalize.text()}`);
  const finalizeMs = performance.now() - started;
  const round = (ms: number) => Math.round(ms);
  return {
    players,
    startMs: round(startMs),
    results,
    perResultMs: Math.round(perResultMs * 10) / 10,
    payoutPreviewMs: round(previewMs),
    finalizeMs: round(finalizeMs),
  };
}
