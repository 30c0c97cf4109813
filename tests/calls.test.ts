// "You're up on Table 3" (decisions 013–015) through the real Worker: when a
// match is given a table its players get an e-mail (the outbox) and, on the
// browsers they opted in, a Web Push message — sent to a local fake push
// service, decrypted and its VAPID signature verified here — once per call.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { newVapidKeys } from "../scripts/lib/dev-vars.ts";
import { startApp } from "../scripts/lib/stack.ts";
import { decryptPush, type FakePush, newBrowser, startFakePush, verifyVapid } from "./support/fake-push.ts";
import { type Account, useFactories } from "./support/factories.ts";
import { HttpClient } from "./support/http.ts";
import { TEST_SESSION_SECRET, useTestApp } from "./support/stack.ts";

const vapid = newVapidKeys();
const app = useTestApp({ ...vapid, VAPID_SUBJECT: "mailto:floor@example.com" });
const f = useFactories(app);

let push: FakePush;
beforeAll(async () => {
  push = await startFakePush();
});
afterAll(() => push.close());

type Match = { id: string; player1Id: string | null; player2Id: string | null; status: string; round: number };
type Mail = { to: string; subject: string; text: string };

const addTable = async (td: Account, name: string) => {
  const response = await td.client.json("POST", "/api/tables", { name });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
};

const assign = async (td: Account, matchId: string, tableId: string | null) => {
  const response = await td.client.json("PATCH", `/api/matches/${matchId}/table`, { tableId });
  expect(response.status, await response.clone().text()).toBe(200);
};

/** Every call e-mail so far, oldest first. */
const callMails = async (): Promise<Mail[]> =>
  (
    await f
      .sql()
      .execute("select to_address, subject, text from outbox where subject like 'You''re up on %' order by rowid")
  ).rows.map((r) => ({ to: String(r.to_address), subject: String(r.subject), text: String(r.text) }));

/** The call e-mails to `emails`, as "email: subject" lines, sorted. */
const mailsTo = async (emails: string[]) =>
  (await callMails())
    .filter((m) => emails.includes(m.to))
    .map((m) => `${m.to}: ${m.subject}`)
    .sort();

/** A four-player knockout, started: its players by id, and its two first-round matches. */
async function startedKnockout(td: Account, names: string[]) {
  const t = await f.createTournament(td, { name: `Floor Night ${crypto.randomUUID().slice(0, 6)}`, maxPlayers: 8 });
  const players = await f.enter(t, names.length, (i) => names[i] as string);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const matches = (await f.matchesOf<Match>(t)).filter((m) => m.round === 1 && m.player1Id && m.player2Id);
  expect(matches).toHaveLength(2);
  const byId = new Map(players.map((p, i) => [p.id, { ...p, name: names[i] as string }]));
  const sides = (m: Match) => [byId.get(m.player1Id as string), byId.get(m.player2Id as string)] as const;
  return { t, players, matches, sides };
}

test("a called match's players get one e-mail each: again on a move, not on unassign or a retry", async () => {
  const td = await f.organiser();
  const [table3, table4] = [await addTable(td, "Table 3"), await addTable(td, "Table 4")];
  const { t, players, matches, sides } = await startedKnockout(td, ["Alice", "Bob", "Cara", "Dan"]);
  const [first, second] = matches as [Match, Match];
  const [p1, p2] = sides(first);
  if (!p1 || !p2) throw new Error("the first match's players");
  const everyone = players.map((p) => p.email);
  const pair = [p1.email, p2.email];

  await assign(td, first.id, table3);
  await expect
    .poll(() => mailsTo(everyone))
    .toEqual([`${p1.email}: You're up on Table 3`, `${p2.email}: You're up on Table 3`].sort());
  const mail = (await callMails()).find((m) => m.to === p1.email);
  expect(mail?.text).toContain(`Hi ${p1.name},`);
  expect(mail?.text).toContain(`You're up on Table 3 vs ${p2.name} in ${t.name as string}`);
  expect(mail?.text).toContain(`/tournament/${t.slug}?tab=bracket`);

  // The same assignment again, three times at once (a retried request): the call was already told.
  await Promise.all([1, 2, 3].map(() => assign(td, first.id, table3)));
  // The other match on Table 4, then unassigned: the unassign tells nobody.
  const others = sides(second).map((p) => p?.email as string);
  await assign(td, second.id, table4);
  await expect.poll(() => mailsTo(others)).toHaveLength(2);
  await assign(td, second.id, null);
  // A barrier: the other match called to Table 4 again is told again, so every notice started before it was sent.
  await assign(td, second.id, table4);
  await expect.poll(async () => (await mailsTo(others)).filter((m) => m.endsWith("Table 4"))).toHaveLength(4);
  expect(await mailsTo(pair)).toEqual(
    [`${p1.email}: You're up on Table 3`, `${p2.email}: You're up on Table 3`].sort(),
  );
  // The second match: once before the unassign, once after; then off the table, which the first match moves to.
  expect(await mailsTo(others)).toHaveLength(4);
  await assign(td, second.id, null);

  // A move to another table is a new call.
  await assign(td, first.id, table4);
  await expect.poll(async () => (await mailsTo(pair)).filter((m) => m.endsWith("Table 4"))).toHaveLength(2);
  // Unassigned and given the same table again: told again.
  await assign(td, first.id, null);
  await assign(td, first.id, table4);
  await expect.poll(async () => (await mailsTo(pair)).filter((m) => m.endsWith("Table 4"))).toHaveLength(4);
  expect((await mailsTo(pair)).filter((m) => m.endsWith("Table 3"))).toHaveLength(2);
});

test("in a team event every member of both teams is told, naming the other team", async () => {
  const td = await f.organiser();
  const table = await addTable(td, "Table 3");
  const t = await f.createTournament(td, { matchType: "2v2", maxPlayers: 4 });
  const teams = new Map<string, Account[]>();
  for (const name of ["Cue Balls", "Pot Luck"]) {
    const members = [await f.player(`${name} 1`), await f.player(`${name} 2`)];
    const [captain, mate] = members as [Account, Account];
    const join = await captain.client.json("POST", "/api/tournaments/join", {
      tournamentId: t.id,
      teamName: name,
      teammates: [mate.email],
    });
    expect(join.status, await join.clone().text()).toBe(200);
    const { paymentIntentId } = (await join.json()) as { paymentIntentId: string };
    const paid = await captain.client.json("POST", `/api/dev/payments/${paymentIntentId}/confirm`, {
      cardNumber: "4242424242424242",
    });
    expect(paid.status).toBe(200);
    teams.set(name, members);
  }
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const [match] = (await f.matchesOf<Match>(t)).filter((m) => m.player1Id && m.player2Id);
  await assign(td, (match as Match).id, table);

  const members = [...teams.values()].flat().map((p) => p.email);
  await expect.poll(async () => (await mailsTo(members)).length).toBe(4);
  const mails = (await callMails()).filter((m) => members.includes(m.to));
  for (const [name, team] of teams) {
    const other = name === "Cue Balls" ? "Pot Luck" : "Cue Balls";
    for (const member of team) {
      const theirs = mails.filter((m) => m.to === member.email);
      expect(theirs).toHaveLength(1);
      expect(theirs[0]?.text).toContain(`You're up on Table 3 vs ${other} in ${t.name as string}`);
    }
  }
});

test("an opted-in browser gets an encrypted, VAPID-signed push saying the table; a 410 forgets it", async () => {
  const td = await f.organiser();
  const [table3, table5] = [await addTable(td, "Table 3"), await addTable(td, "Table 5")];
  const { t, matches, sides } = await startedKnockout(td, ["Erin", "Finn", "Gus", "Hana"]);
  const first = matches[0] as Match;
  const [p1, p2] = sides(first);
  if (!p1 || !p2) throw new Error("the first match's players");
  const phone = newBrowser(`${push.url}/push/${crypto.randomUUID()}`);
  const laptop = newBrowser(`${push.url}/push/${crypto.randomUUID()}`);
  // A push service that cannot be reached (nothing listens there): the others are still told, the write stands.
  const offline = await startFakePush();
  const unreachable = newBrowser(`${offline.url}/push/${crypto.randomUUID()}`);
  await offline.close();
  for (const browser of [phone, laptop, unreachable]) {
    const response = await p1.client.json("POST", "/api/push/subscriptions", browser.subscription);
    expect(response.status, await response.clone().text()).toBe(201);
  }
  expect(await f.count("push_subscriptions", "player_id = ?", [p1.id])).toBe(3);
  const pathOf = (browser: typeof phone) => new URL(browser.subscription.endpoint).pathname;
  const sentTo = (browser: typeof phone) => push.requests.filter((r) => r.path === pathOf(browser));

  await assign(td, first.id, table3);
  await expect.poll(() => sentTo(phone).length + sentTo(laptop).length).toBe(2);
  for (const browser of [phone, laptop]) {
    const [request] = sentTo(browser);
    if (!request) throw new Error("no push");
    expect(request.headers["content-encoding"]).toBe("aes128gcm");
    expect(request.headers.urgency).toBe("high");
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    const claims = verifyVapid(request.headers.authorization, vapid.VAPID_PUBLIC_KEY, push.url);
    expect(claims.sub).toBe("mailto:floor@example.com");
    const payload = JSON.parse(decryptPush(browser, request.body)) as Record<string, string>;
    expect(payload).toEqual({
      title: "You're up on Table 3",
      body: `vs ${p2.name} · ${t.name as string}`,
      url: `/tournament/${t.slug}?tab=bracket`,
      tag: `call-${first.id}`,
    });
  }
  await expect.poll(async () => (await mailsTo([p1.email, p2.email])).length).toBe(2);
  // Someone else's key cannot read it.
  const stranger = newBrowser(phone.subscription.endpoint);
  expect(() => decryptPush(stranger, sentTo(phone)[0]?.body ?? Buffer.alloc(0))).toThrow();

  // The laptop's browser unsubscribed: the push service answers 410 on the next call, and the server forgets it.
  push.answer(pathOf(laptop), 410);
  await assign(td, first.id, table5);
  await expect.poll(() => f.count("push_subscriptions", "endpoint = ?", [laptop.subscription.endpoint])).toBe(0);
  expect(sentTo(laptop)).toHaveLength(2);
  expect(sentTo(phone)).toHaveLength(2);
  const moved = JSON.parse(decryptPush(phone, sentTo(phone)[1]?.body ?? Buffer.alloc(0))) as { title: string };
  expect(moved.title).toBe("You're up on Table 5");
  expect(await f.count("push_subscriptions", "endpoint = ?", [phone.subscription.endpoint])).toBe(1);
  // A push service out of reach is no proof the browser is gone: kept.
  expect(await f.count("push_subscriptions", "endpoint = ?", [unreachable.subscription.endpoint])).toBe(1);
  // The opponent subscribed no browser: e-mail only.
  expect(await f.count("push_subscriptions", "player_id = ?", [p2.id])).toBe(0);
});

const notAPushService = "The push endpoint must be a browser's push service (Google, Mozilla, Apple or Microsoft)";

test("subscribing: players only, a real push address and keys; unsubscribing one's own", async () => {
  const pat = await f.player("Pat");
  const sam = await f.player("Sam");
  const td = await f.organiser();
  const good = newBrowser(`${push.url}/push/${crypto.randomUUID()}`).subscription;
  const before = await f.count("push_subscriptions");

  expect((await app.client().json("POST", "/api/push/subscriptions", good)).status).toBe(401);
  expect((await td.client.json("POST", "/api/push/subscriptions", good)).status).toBe(403);
  const refused: [unknown, string][] = [
    [{ ...good, endpoint: "not a url" }, "The push endpoint must be a web address"],
    [{ ...good, endpoint: "ftp://push.example.com/x" }, "The push endpoint must be an https address"],
    [{ ...good, endpoint: "http://push.example.com/x" }, "The push endpoint must be an https address"],
    [
      { ...good, endpoint: "https://10.0.0.7/push" },
      "The push endpoint must be a push service's name, not an IP address",
    ],
    [{ ...good, endpoint: "https://localhost/push" }, notAPushService],
    [{ ...good, endpoint: "https://[::1]/push" }, "The push endpoint must be a push service's name, not an IP address"],
    [{ ...good, endpoint: "https://push.example.com:8443/x" }, "The push endpoint must use the standard https port"],
    [{ ...good, keys: { ...good.keys, p256dh: "abc" } }, "keys.p256dh must be the browser's P-256 public key"],
    [{ ...good, keys: { ...good.keys, auth: "AAAA" } }, "keys.auth must be the browser's 16-byte auth secret"],
    [{ endpoint: good.endpoint }, "keys is required"],
  ];
  for (const [body, message] of refused) {
    const response = await pat.client.json("POST", "/api/push/subscriptions", body);
    expect(response.status, JSON.stringify(body)).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(message);
  }
  expect(await f.count("push_subscriptions")).toBe(before);

  // Locally the fake push service's http address on this machine is allowed.
  expect((await pat.client.json("POST", "/api/push/subscriptions", good)).status).toBe(201);
  expect((await pat.client.json("POST", "/api/push/subscriptions", good)).status).toBe(201);
  expect(await f.count("push_subscriptions", "endpoint = ?", [good.endpoint])).toBe(1);
  // Someone else cannot remove it; its owner can.
  const remove = (p: Account) => p.client.json("DELETE", "/api/push/subscriptions", { endpoint: good.endpoint });
  expect((await remove(sam)).status).toBe(404);
  expect(await f.count("push_subscriptions", "player_id = ?", [pat.id])).toBe(1);
  expect((await remove(pat)).status).toBe(200);
  expect(await f.count("push_subscriptions", "endpoint = ?", [good.endpoint])).toBe(0);
  expect((await remove(pat)).status).toBe(404);
  // A shared device: the endpoint belongs to whoever subscribed it last.
  expect((await pat.client.json("POST", "/api/push/subscriptions", good)).status).toBe(201);
  expect((await sam.client.json("POST", "/api/push/subscriptions", good)).status).toBe(201);
  expect(await f.count("push_subscriptions", "endpoint = ? and player_id = ?", [good.endpoint, sam.id])).toBe(1);
});

/** A browser's real keys with a push service's own address: FCM's, as Chrome subscribes. */
const fcmSubscription = () =>
  newBrowser(`https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}:APA91b`).subscription;

test("only a browser push service's own https address and a real P-256 key are stored; 400 for the rest", async () => {
  const pat = await f.player("Pat Push");
  const good = fcmSubscription();
  const ip = "The push endpoint must be a push service's name, not an IP address";
  const port = "The push endpoint must use the standard https port";
  const credentials = "The push endpoint must not carry a user name or password";
  const notHttps = "The push endpoint must be an https address";
  const notAnAddress = "The push endpoint must be a web address";
  const p256 = "keys.p256dh must be the browser's P-256 public key";
  const endpoints: [string, string][] = [
    ["https://fcm.googleapis.com.evil.example/fcm/send/x", notAPushService],
    ["https://evilfcm.googleapis.com/fcm/send/x", notAPushService],
    ["https://fcm.googleapis.com%2eevil.example/x", notAPushService],
    ["https://push.services.mozilla.com/wpush/v2/x", notAPushService],
    ["https://a.b.push.apple.com/x", notAPushService],
    ["https://notify.windows.com/w/?token=x", notAPushService],
    ["https://push.example.com/x", notAPushService],
    ["http://fcm.googleapis.com/fcm/send/x", notHttps],
    ["https://8.8.8.8/push", ip],
    ["https://2130706433/push", ip],
    ["https://0x7f.1/push", ip],
    ["https://%31%32%37.0.0.1/push", ip],
    ["https://[2001:4860:4860::8888]/push", ip],
    ["https://[::ffff:127.0.0.1]/push", ip],
    ["https://fcm.googleapis.com:8443/fcm/send/x", port],
    ["https://web.push.apple.com:444/x", port],
    ["https://user:pw@fcm.googleapis.com/fcm/send/x", credentials],
    ["https://fcm.googleapis.com@evil.example/x", credentials],
    [" https://fcm.googleapis.com/fcm/send/x", notAnAddress],
    ["https://fcm.goo\tgleapis.com/fcm/send/x", notAnAddress],
  ];
  const zero = Buffer.alloc(32);
  const point = (x: Buffer, y: Buffer) => Buffer.concat([Buffer.from([4]), x, y]).toString("base64url");
  const real = Buffer.from(good.keys.p256dh, "base64url");
  const [x, y] = [real.subarray(1, 33), real.subarray(33)];
  const yPlusOne = Buffer.from(y);
  yPlusOne[31] = ((yPlusOne[31] ?? 0) + 1) % 256;
  const keys: [{ p256dh: string; auth: string }, string][] = [
    [{ ...good.keys, p256dh: point(zero, zero) }, p256],
    [{ ...good.keys, p256dh: point(x, yPlusOne) }, p256],
    [{ ...good.keys, p256dh: point(y, x) }, p256],
    [{ ...good.keys, p256dh: Buffer.concat([Buffer.from([3]), x]).toString("base64url") }, p256],
    [
      { ...good.keys, auth: Buffer.alloc(15).toString("base64url") },
      "keys.auth must be the browser's 16-byte auth secret",
    ],
  ];
  const before = await f.count("push_subscriptions");
  const bodies: [unknown, string][] = [
    ...endpoints.map(([endpoint, message]): [unknown, string] => [{ ...good, endpoint }, message]),
    ...keys.map(([k, message]): [unknown, string] => [{ ...good, keys: k }, message]),
  ];
  for (const [body, message] of bodies) {
    const response = await pat.client.json("POST", "/api/push/subscriptions", body);
    expect(response.status, JSON.stringify(body)).toBe(400);
    expect(((await response.json()) as { message: string }).message, JSON.stringify(body)).toBe(message);
  }
  expect(await f.count("push_subscriptions")).toBe(before);

  // Each push service's own hosts, with a browser's real keys.
  for (const endpoint of [
    `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
    `https://updates.push.services.mozilla.com/wpush/v2/${crypto.randomUUID()}`,
    `https://web.push.apple.com/${crypto.randomUUID()}`,
    `https://wns2-par02p.notify.windows.com/w/?token=${crypto.randomUUID()}`,
  ]) {
    const response = await pat.client.json("POST", "/api/push/subscriptions", newBrowser(endpoint).subscription);
    expect(response.status, endpoint).toBe(201);
  }
  expect(await f.count("push_subscriptions", "player_id = ?", [pat.id])).toBe(4);
});

describe("in production", () => {
  let production: Awaited<ReturnType<typeof startApp>> | undefined;
  beforeAll(async () => {
    production = await startApp({
      vars: {
        ...vapid,
        APP_ENV: "production",
        APP_URL: "https://breakandrun.example",
        SESSION_SECRET: TEST_SESSION_SECRET,
        TURSO_DATABASE_URL: app.dbUrl,
      },
    });
  });
  afterAll(async () => {
    await production?.stop();
  });

  test("the local fake push service's http address is refused; a push service's is stored", async () => {
    const sam = await f.player("Sam Prod");
    const client = new HttpClient(production?.url ?? "");
    for (const [name, value] of sam.client.cookies) client.cookies.set(name, value);
    const local = await client.json("POST", "/api/push/subscriptions", newBrowser(`${push.url}/push/1`).subscription);
    expect(local.status).toBe(400);
    expect(((await local.json()) as { message: string }).message).toBe("The push endpoint must be an https address");
    const fcm = await client.json("POST", "/api/push/subscriptions", fcmSubscription());
    expect(fcm.status, await fcm.clone().text()).toBe(201);
    expect(await f.count("push_subscriptions", "player_id = ?", [sam.id])).toBe(1);
  });
});
