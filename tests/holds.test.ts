// Honest "Full", as the server renders it: places held by
// players paying now are named as such, and a checkout whose hold ran out
// says so instead of quietly holding a new place.
import { expect, test } from "vitest";
import { formatTime } from "../app/domain/dates.ts";
import { type Account, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

const page = async (account: Account, path: string) =>
  (await (await account.client.get(path)).text()).replaceAll("<!-- -->", "");

const hold = async (player: Account, tournamentId: string) => {
  const response = await player.client.json("POST", "/api/tournaments/join", { tournamentId });
  expect(response.status).toBe(200);
};

const expire = (player: Account) =>
  f.sql().execute({
    sql: "update tournament_players set hold_expires_at = ? where player_id = ? and paid = 0",
    args: [Date.now() - 1, player.id],
  });

test("two unpaid holds on a two-place event read as held places, to players and to the director", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { maxPlayers: 2 });
  const [a, b, c] = [await f.player(), await f.player(), await f.player()];
  await hold(a, t.id);
  await hold(b, t.id);

  const seen = await page(c, `/tournament/${t.slug}`);
  expect(seen).toContain("2 places are held by players paying now — check back in 15 minutes");
  expect(seen).toContain("0/2 players registered");
  expect(seen).not.toContain("This tournament is full.");
  expect(seen).not.toContain("Join Tournament");
  expect(await page(c, "/player/tournaments?tab=available")).toContain("Full (2 paying)");
  expect(await page(td, `/tournament/${t.slug}`)).toContain("2 places are held by players paying now");

  // One of them runs out: one place held, and the event is open to c again.
  await expire(b);
  expect(await page(c, `/tournament/${t.slug}`)).toContain("Join Tournament");
  expect(await page(td, `/tournament/${t.slug}`)).toContain("1 place is held by a player paying now");

  // c pays: one paid, one held.
  const joined = (await (await c.client.json("POST", "/api/tournaments/join", { tournamentId: t.id })).json()) as {
    paymentIntentId: string;
  };
  await c.client.json("POST", `/api/dev/payments/${joined.paymentIntentId}/confirm`, {
    cardNumber: "4242 4242 4242 4242",
  });
  const oneHeld = await page(b, `/tournament/${t.slug}`);
  expect(oneHeld).toContain("1 place is held by a player paying now — check back in 15 minutes");
  // The last hold runs out: the place is free again.
  await expire(a);
  const freed = await page(b, `/tournament/${t.slug}`);
  expect(freed).not.toContain("held by");
  expect(freed).toContain("Join Tournament");
});

test("the checkout shows when the hold ends, and says so once it has run out", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const p = await f.player();
  const checkout = `/tournament/${t.slug}/checkout`;
  expect((await p.client.postForm(checkout, { intent: "join" })).headers.get("Location")).toBe(checkout);
  const row = await f.sql().execute({
    sql: "select hold_expires_at from tournament_players where player_id = ?",
    args: [p.id],
  });
  const endsAt = Number(row.rows[0]?.hold_expires_at);
  const held = await page(p, checkout);
  expect(held).toContain(`Your place is held until <time dateTime="${new Date(endsAt).toISOString()}">`);
  expect(held).toContain(`${formatTime(endsAt)}</time>`);
  expect(held).toContain('action="/api/dev/payments/');

  await expire(p);
  const expired = await page(p, checkout);
  expect(expired).toContain("Your hold has expired — join again");
  expect(expired).not.toContain('action="/api/dev/payments/');
  expect(expired).not.toContain("Your place is held until");
  expect(expired).toContain("Join again");
  // Tidied away by the scheduler: the payment it started is still on record.
  await f.sql().execute({ sql: "delete from tournament_players where player_id = ?", args: [p.id] });
  expect(await page(p, checkout)).toContain("Your hold has expired — join again");
  expect(await f.count("tournament_players", "player_id = ?", [p.id])).toBe(0);

  // Joining again holds a new place for another 15 minutes.
  expect((await p.client.postForm(checkout, { intent: "join" })).headers.get("Location")).toBe(checkout);
  const again = await page(p, checkout);
  expect(again).toContain("Your place is held until");
  expect(again).toContain('action="/api/dev/payments/');

  // A player who never held a place is not told of an expiry.
  const fresh = await f.player();
  expect(await page(fresh, checkout)).not.toContain("Your hold has expired");
});
