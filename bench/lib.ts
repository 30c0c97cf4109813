// Shared by the benchmarks: a fresh database and the built Worker, plus a
// cookie-jar client and the evening's fixtures made through the real API.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startStack, type Stack } from "../scripts/lib/stack.ts";
import { validTournament } from "../test-support/fixtures.js";
import { HttpClient } from "../tests/support/http.ts";

export async function benchStack(): Promise<Stack> {
  const dir = mkdtempSync(join(tmpdir(), "break-and-run-bench-"));
  return startStack({
    dbFile: join(dir, "bench.db"),
    vars: { APP_ENV: "test", SESSION_SECRET: randomBytes(32).toString("hex"), TEST_CLIENT_ADDRESSES: "on" },
  });
}

let n = 0;
export async function account(stack: Pick<Stack, "appUrl">, kind: "player" | "organiser", name: string) {
  const client = new HttpClient(stack.appUrl);
  const email = `${kind}-${Date.now()}-${++n}@bench.example`;
  const body =
    kind === "player"
      ? { name, email, password: "secret1", confirmPassword: "secret1" }
      : {
          organisationName: "Bench League",
          venue: "The Bench",
          name,
          email,
          password: "secret1",
          confirmPassword: "secret1",
        };
  const response = await client.json("POST", `/api/auth/signup/${kind}`, body);
  if (response.status !== 201) throw new Error(`signup failed: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  return { client, id: user.id, email };
}

export async function tournament(td: HttpClient, overrides: Record<string, unknown> = {}) {
  const response = await td.json("POST", "/api/tournaments", validTournament(overrides));
  if (response.status !== 201) throw new Error(`create failed: ${await response.text()}`);
  return (await response.json()) as { id: string; slug: string };
}

export async function enterAndPay(player: HttpClient, tournamentId: string) {
  const { paymentIntentId } = (await (await player.json("POST", "/api/tournaments/join", { tournamentId })).json()) as {
    paymentIntentId: string;
  };
  await player.json("POST", `/api/dev/payments/${paymentIntentId}/confirm`, { cardNumber: "4242424242424242" });
}

export function table(rows: Record<string, string | number>[]): string {
  const keys = Object.keys(rows[0] ?? {});
  const widths = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  return [
    line(keys),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map((r) => line(keys.map((k) => String(r[k])))),
  ].join("\n");
}
