// "You're up on Table 3" (decisions 013–015) through the real Worker: a match given a table by the API has its
// players e-mailed (the outbox) and the browsers they opted in pushed — sent to a local fake push service from the
// Worker's waitUntil, decrypted and its VAPID signature verified here; and the subscriptions API's JSON and who may
// call it. Once per call, moves, retries, teams, a push service's 410 and which addresses are refused are tested
// in-process (app/features/floor/server/calls.server.test.ts).
import { afterAll, beforeAll, expect, test } from "vitest";
import { newVapidKeys } from "../scripts/lib/dev-vars.ts";
import { decryptPush, type FakePush, newBrowser, startFakePush, verifyVapid } from "./support/fake-push.ts";
import { type Account, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const vapid = newVapidKeys();
const app = useTestApp({ ...vapid, VAPID_SUBJECT: "mailto:floor@example.com" });
const f = useFactories(app);

let push: FakePush;
beforeAll(async () => {
  push = await startFakePush();
});
afterAll(() => push.close());

type Match = { id: string; player1Id: string | null; player2Id: string | null };

const subscribe = (who: Account, body: unknown) => who.client.json("POST", "/api/push/subscriptions", body);

test("a match given a table: its players e-mailed, an opted-in browser pushed, encrypted and signed", async () => {
  const td = await f.organiser();
  const added = await td.client.json("POST", "/api/tables", { name: "Table 3" });
  expect(added.status).toBe(201);
  const table = (await added.json()) as { id: string };
  const t = await f.createTournament(td, { name: `Floor Night ${crypto.randomUUID().slice(0, 6)}`, maxPlayers: 2 });
  const [p1, p2] = await f.enter(t, 2, (i) => ["Erin", "Finn"][i] as string);
  if (!p1 || !p2) throw new Error("two entrants");
  const phone = newBrowser(`${push.url}/push/${crypto.randomUUID()}`);
  const subscribed = await subscribe(p1, phone.subscription);
  expect(subscribed.status, await subscribed.clone().text()).toBe(201);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const [final] = await f.matchesOf<Match>(t);
  if (!final) throw new Error("a final");
  const assigned = await td.client.json("PATCH", `/api/matches/${final.id}/table`, { tableId: table.id });
  expect(assigned.status, await assigned.clone().text()).toBe(200);

  // After the answer, from the Worker's waitUntil.
  const path = new URL(phone.subscription.endpoint).pathname;
  await expect.poll(() => push.requests.filter((r) => r.path === path).length).toBe(1);
  const [request] = push.requests.filter((r) => r.path === path);
  if (!request) throw new Error("no push");
  expect(request.headers["content-encoding"]).toBe("aes128gcm");
  expect(verifyVapid(request.headers.authorization, vapid.VAPID_PUBLIC_KEY, push.url).sub).toBe(
    "mailto:floor@example.com",
  );
  expect(JSON.parse(decryptPush(phone, request.body))).toMatchObject({
    title: "You're up on Table 3",
    body: `vs Finn · ${t.name as string}`,
  });
  const told = async () =>
    (
      await f.sql().execute({
        sql: "select to_address from outbox where subject = 'You''re up on Table 3' and to_address in (?, ?)",
        args: [p1.email, p2.email],
      })
    ).rows.length;
  await expect.poll(told).toBe(2);
});

test("subscribing's JSON: players only; refused bodies say why; 201, then only its owner's DELETE", async () => {
  const pat = await f.player("Pat");
  const sam = await f.player("Sam");
  const td = await f.organiser();
  const good = newBrowser(`${push.url}/push/${crypto.randomUUID()}`).subscription;
  const before = await f.count("push_subscriptions");

  expect((await app.client().json("POST", "/api/push/subscriptions", good)).status).toBe(401);
  expect((await subscribe(td, good)).status).toBe(403);
  const refused: [unknown, string][] = [
    [{ endpoint: good.endpoint }, "keys is required"],
    [
      { ...good, endpoint: "https://10.0.0.7/push" },
      "The push endpoint must be a push service's name, not an IP address",
    ],
  ];
  for (const [body, message] of refused) {
    const response = await subscribe(pat, body);
    expect(response.status, JSON.stringify(body)).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(message);
  }
  expect(await f.count("push_subscriptions")).toBe(before);

  const stored = await subscribe(pat, good);
  expect(stored.status).toBe(201);
  expect(await stored.json()).toEqual({ message: "Notifications on for this device" });
  const remove = (p: Account) => p.client.json("DELETE", "/api/push/subscriptions", { endpoint: good.endpoint });
  expect((await remove(sam)).status).toBe(404);
  const removed = await remove(pat);
  expect(removed.status).toBe(200);
  expect(await removed.json()).toEqual({ message: "Notifications off for this device" });
  expect((await remove(pat)).status).toBe(404);
  expect(await f.count("push_subscriptions", "endpoint = ?", [good.endpoint])).toBe(0);
});
