// A burst of joins and sign-ups through the real Worker in workerd: every answer is the app's own, never the 503 of
// a lost database connection. (The Worker's idle connections to the database server are decision 031's subject;
// the server's side of it is tested in db/server.)
import { expect, test } from "vitest";
import { type Account, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

const signUp = (i: number) =>
  app.client().json("POST", "/api/auth/signup/player", {
    name: `Burst Player ${i}`,
    email: `burst-${Date.now()}-${i}@example.com`,
    password: "secret1",
    confirmPassword: "secret1",
  });

test("9 joins and 6 sign-ups at once all answer, none with 503", async () => {
  const td = await f.organiser("Burst Director");
  const t = await f.createTournament(td, { maxPlayers: 16, name: "Burst Cup" });
  const players: Account[] = [];
  for (let i = 0; i < 9; i++) players.push(await f.player(`Joiner ${i + 1}`));
  const answers = await Promise.all([
    ...players.map((p) => p.client.json("POST", "/api/tournaments/join", { tournamentId: t.id })),
    ...Array.from({ length: 6 }, (_, i) => signUp(i)),
  ]);
  const said = await Promise.all(answers.map(async (r) => `${r.status} ${r.ok ? "" : await r.text()}`));
  expect(said.slice(0, 9), "the joins").toEqual(Array(9).fill("200 "));
  expect(said.slice(9), "the sign-ups").toEqual(Array(6).fill("201 "));
  expect(await f.count("tournament_players", "tournament_id = ?", [t.id])).toBe(9);
});
