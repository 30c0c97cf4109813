// "You're up on Table 3" in-process (decisions 013–015): when a match is given a table its players are e-mailed and
// their opted-in browsers pushed — to a local push service, the messages decrypted and their VAPID signature checked
// here — once per call (again on a move, never on a retry or an unassign); a browser the push service says is gone
// is forgotten. And the subscriptions: what is stored, by whom, and which push addresses are refused, locally and in
// production. Who may call the API, its bodies and the Worker's own push are the HTTP suite's (tests/calls.test.ts).
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { parseEnv } from "~/env.server.ts";
import { subscribe, unsubscribe } from "~/features/live/server/use-cases.server.ts";
import { assignMatchTable } from "~/features/play/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { type Account, answered, useServiceDb } from "../../../../test-support/services.ts";
import {
  decryptPush,
  type FakePush,
  newBrowser,
  startFakePush,
  verifyVapid,
} from "../../../../test-support/fake-push.js";
import { checkSubscription, type NewSubscription } from "./calls.server.ts";

const s = useServiceDb();

/** A fresh VAPID key pair (RFC 8292) as the Worker reads it: the base64url public point and private scalar. */
async function newVapidKeys() {
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const point = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  const { d = "" } = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return { VAPID_PUBLIC_KEY: Buffer.from(point).toString("base64url"), VAPID_PRIVATE_KEY: d };
}

let vapid: Awaited<ReturnType<typeof newVapidKeys>>;
let push: FakePush;
beforeAll(async () => {
  vapid = await newVapidKeys();
  push = await startFakePush();
});
afterAll(() => push.close());

/** What the consequences run with when the site has its VAPID keys (the players' browsers can be pushed). */
const pushing = () => ({
  ...s.app,
  env: { ...s.app.env, ...vapid, VAPID_SUBJECT: "mailto:floor@example.com" },
});

/** The director puts the match on a table (or takes it off), as the table route does; then the call's notices. */
async function assign(td: Account, matchId: string, tableId: string | null) {
  await perform(pushing(), s.sender, assignMatchTable, { organiserId: td.id, matchId, tableId });
  await s.settled();
}

/** The call e-mails to `emails`, as "email: subject" lines, sorted. */
const mailsTo = async (emails: string[]) =>
  (await s.outbox(emails))
    .filter((m) => m.subject.startsWith("You're up on "))
    .map((m) => `${m.to}: ${m.subject}`)
    .sort();

/** A four-player knockout, started: its players by id, and its two first-round matches. */
async function startedKnockout(td: Account, names: string[]) {
  const t = await s.tournament(td, { name: `Floor Night ${crypto.randomUUID().slice(0, 6)}`, maxPlayers: 8 });
  const players = await s.enterFromBalance(t, names.length, (i) => names[i] as string);
  await s.start(td, t);
  const matches = (await s.matches(t)).filter((m) => m.round === 1 && m.player1Id && m.player2Id);
  expect(matches).toHaveLength(2);
  const byId = new Map(players.map((p) => [p.id, p]));
  const sides = (m: (typeof matches)[number]) => [byId.get(m.player1Id ?? ""), byId.get(m.player2Id ?? "")] as const;
  return { t, players, matches, sides };
}

test("a called match's players get one e-mail each: again on a move, not on unassign or a retry", async () => {
  const td = await s.organiser();
  const [table3, table4] = [(await s.table(td, "Table 3")).id, (await s.table(td, "Table 4")).id];
  const { t, players, matches, sides } = await startedKnockout(td, ["Alice", "Bob", "Cara", "Dan"]);
  const [first, second] = matches as [(typeof matches)[0], (typeof matches)[0]];
  const [p1, p2] = sides(first);
  if (!p1 || !p2) throw new Error("the first match's players");
  const everyone = players.map((p) => p.email);
  const pair = [p1.email, p2.email];
  const others = sides(second).map((p) => p?.email ?? "");
  const onTable = async (emails: string[], table: string) =>
    (await mailsTo(emails)).filter((m) => m.endsWith(table)).length;

  await assign(td, first.id, table3);
  const toldOfTable3 = [`${p1.email}: You're up on Table 3`, `${p2.email}: You're up on Table 3`].sort();
  expect(await mailsTo(everyone)).toEqual(toldOfTable3);
  const [mail] = await s.outbox(p1.email);
  expect(mail?.text).toContain(`Hi ${p1.name},`);
  expect(mail?.text).toContain(`You're up on Table 3 vs ${p2.name} in ${t.name}`);
  expect(mail?.text).toContain(`/tournament/${t.slug}?tab=bracket`);

  // The same assignment again, three times at once (a retried request): the call was already told.
  await Promise.all([1, 2, 3].map(() => assign(td, first.id, table3)));
  expect(await mailsTo(pair)).toHaveLength(2);
  // The other match on Table 4, then unassigned: the unassign tells nobody; called there again, told again.
  await assign(td, second.id, table4);
  expect(await onTable(others, "Table 4")).toBe(2);
  await assign(td, second.id, null);
  expect(await onTable(others, "Table 4")).toBe(2);
  await assign(td, second.id, table4);
  expect(await onTable(others, "Table 4")).toBe(4);
  expect(await mailsTo(pair)).toEqual(toldOfTable3);
  await assign(td, second.id, null);

  // A move to another table is a new call.
  await assign(td, first.id, table4);
  expect(await onTable(pair, "Table 4")).toBe(2);
  // Unassigned and given the same table again: told again.
  await assign(td, first.id, null);
  await assign(td, first.id, table4);
  expect(await onTable(pair, "Table 4")).toBe(4);
  expect(await onTable(pair, "Table 3")).toBe(2);
});

test("in a team event every member of both teams is told, naming the other team", async () => {
  const td = await s.organiser();
  const table = await s.table(td, "Table 3");
  const t = await s.tournament(td, { matchType: "2v2", maxPlayers: 4 });
  const teams = new Map<string, Account[]>();
  for (const n of [1, 2]) {
    const { captain, mates } = await s.enterTeam(t, n);
    teams.set(`Team ${n}`, [captain, ...mates]);
  }
  await s.start(td, t);
  const [match] = (await s.matches(t)).filter((m) => m.player1Id && m.player2Id);
  await assign(td, match?.id ?? "", table.id);

  const members = [...teams.values()].flat().map((p) => p.email);
  expect(await mailsTo(members)).toHaveLength(4);
  for (const [name, team] of teams) {
    const other = name === "Team 1" ? "Team 2" : "Team 1";
    for (const member of team) {
      const theirs = (await s.outbox(member.email)).filter((m) => m.subject.startsWith("You're up on "));
      expect(theirs).toHaveLength(1);
      expect(theirs[0]?.text).toContain(`You're up on Table 3 vs ${other} in ${t.name}`);
    }
  }
});

test("an opted-in browser gets an encrypted, VAPID-signed push saying the table; a 410 forgets it", async () => {
  const td = await s.organiser();
  const [table3, table5] = [(await s.table(td, "Table 3")).id, (await s.table(td, "Table 5")).id];
  const { t, matches, sides } = await startedKnockout(td, ["Erin", "Finn", "Gus", "Hana"]);
  const first = matches[0];
  const [p1, p2] = first ? sides(first) : [];
  if (!first || !p1 || !p2) throw new Error("the first match's players");
  const phone = newBrowser(`${push.url}/push/${crypto.randomUUID()}`);
  const laptop = newBrowser(`${push.url}/push/${crypto.randomUUID()}`);
  // A push service that cannot be reached (nothing listens there): the others are still told, the write stands.
  const offline = await startFakePush();
  const unreachable = newBrowser(`${offline.url}/push/${crypto.randomUUID()}`);
  await offline.close();
  const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
  for (const browser of [phone, laptop, unreachable]) {
    checkSubscription(pushing().env, browser.subscription);
    await s.perform(subscribe, { playerId: p1.id, subscription: browser.subscription });
  }
  expect(await s.count("push_subscriptions", "player_id = ?", [p1.id])).toBe(3);
  const pathOf = (browser: typeof phone) => new URL(browser.subscription.endpoint).pathname;
  const sentTo = (browser: typeof phone) => push.requests.filter((r) => r.path === pathOf(browser));

  await assign(td, first.id, table3);
  for (const browser of [phone, laptop]) {
    const [request, ...more] = sentTo(browser);
    if (!request) throw new Error("no push");
    expect(more).toEqual([]);
    expect(request.headers["content-encoding"]).toBe("aes128gcm");
    expect(request.headers.urgency).toBe("high");
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    const claims = verifyVapid(request.headers.authorization, vapid.VAPID_PUBLIC_KEY, push.url);
    expect(claims.sub).toBe("mailto:floor@example.com");
    expect(JSON.parse(decryptPush(browser, request.body))).toEqual({
      title: "You're up on Table 3",
      body: `vs ${p2.name} · ${t.name}`,
      url: `/tournament/${t.slug}?tab=bracket`,
      tag: `call-${first.id}`,
    });
  }
  expect(await mailsTo([p1.email, p2.email])).toHaveLength(2);
  // Someone else's key cannot read it.
  const stranger = newBrowser(phone.subscription.endpoint);
  expect(() => decryptPush(stranger, sentTo(phone)[0]?.body ?? Buffer.alloc(0))).toThrow();

  // The laptop's browser unsubscribed: the push service answers 410 on the next call, and the server forgets it.
  push.answer(pathOf(laptop), 410);
  await assign(td, first.id, table5);
  expect(await s.count("push_subscriptions", "endpoint = ?", [laptop.subscription.endpoint])).toBe(0);
  expect(sentTo(laptop)).toHaveLength(2);
  expect(sentTo(phone)).toHaveLength(2);
  const moved = JSON.parse(decryptPush(phone, sentTo(phone)[1]?.body ?? Buffer.alloc(0))) as { title: string };
  expect(moved.title).toBe("You're up on Table 5");
  expect(await s.count("push_subscriptions", "endpoint = ?", [phone.subscription.endpoint])).toBe(1);
  // A push service out of reach is no proof the browser is gone: kept (and the miss logged, twice).
  expect(logged.mock.calls.map(([what]) => what)).toEqual(["A call notice was not sent", "A call notice was not sent"]);
  expect(await s.count("push_subscriptions", "endpoint = ?", [unreachable.subscription.endpoint])).toBe(1);
  // The opponent subscribed no browser: e-mail only.
  expect(await s.count("push_subscriptions", "player_id = ?", [p2.id])).toBe(0);
});

test("one row an endpoint; only its owner forgets it; a shared device goes to whoever subscribed last", async () => {
  const pat = await s.player("Pat");
  const sam = await s.player("Sam");
  const good = newBrowser(`${push.url}/push/${crypto.randomUUID()}`).subscription;
  const subscribing = (p: Account) => s.perform(subscribe, { playerId: p.id, subscription: good });
  const forgetting = (p: Account) => s.perform(unsubscribe, { playerId: p.id, endpoint: good.endpoint });

  // Locally the fake push service's http address on this machine is allowed.
  checkSubscription(s.app.env, good);
  await subscribing(pat);
  await subscribing(pat);
  expect(await s.count("push_subscriptions", "endpoint = ?", [good.endpoint])).toBe(1);
  // Someone else cannot remove it (the API's 404); its owner can, once.
  expect(await forgetting(sam)).toBe(false);
  expect(await s.count("push_subscriptions", "player_id = ?", [pat.id])).toBe(1);
  expect(await forgetting(pat)).toBe(true);
  expect(await s.count("push_subscriptions", "endpoint = ?", [good.endpoint])).toBe(0);
  expect(await forgetting(pat)).toBe(false);
  // A shared device: the endpoint belongs to whoever subscribed it last.
  await subscribing(pat);
  await subscribing(sam);
  expect(await s.count("push_subscriptions", "endpoint = ? and player_id = ?", [good.endpoint, sam.id])).toBe(1);
});

/** A browser's real keys with a push service's own address: FCM's, as Chrome subscribes. */
const fcmSubscription = () =>
  newBrowser(`https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}:APA91b`).subscription;

const notAPushService = "The push endpoint must be a browser's push service (Google, Mozilla, Apple or Microsoft)";
const ip = "The push endpoint must be a push service's name, not an IP address";
const port = "The push endpoint must use the standard https port";
const notHttps = "The push endpoint must be an https address";
const notAnAddress = "The push endpoint must be a web address";
const p256 = "keys.p256dh must be the browser's P-256 public key";
const authSecret = "keys.auth must be the browser's 16-byte auth secret";

/** What checking the subscription says: nothing, or a 400 and its message. */
const checked = (subscription: NewSubscription, env = s.app.env) =>
  answered(Promise.resolve().then(() => checkSubscription(env, subscription)));

test("only a browser push service's own https address and a real P-256 key are allowed; 400 for the rest", async () => {
  const good = fcmSubscription();
  const local = newBrowser(`${push.url}/push/${crypto.randomUUID()}`).subscription;
  const endpoints: [string, string][] = [
    ["not a url", notAnAddress],
    ["ftp://push.example.com/x", notHttps],
    ["http://push.example.com/x", notHttps],
    ["https://10.0.0.7/push", ip],
    ["https://localhost/push", notAPushService],
    ["https://[::1]/push", ip],
    ["https://push.example.com:8443/x", port],
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
    ["https://user:pw@fcm.googleapis.com/fcm/send/x", "The push endpoint must not carry a user name or password"],
    ["https://fcm.googleapis.com@evil.example/x", "The push endpoint must not carry a user name or password"],
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
    [{ ...good.keys, p256dh: "abc" }, p256],
    [{ ...good.keys, auth: "AAAA" }, authSecret],
    [{ ...good.keys, p256dh: point(zero, zero) }, p256],
    [{ ...good.keys, p256dh: point(x, yPlusOne) }, p256],
    [{ ...good.keys, p256dh: point(y, x) }, p256],
    [{ ...good.keys, p256dh: Buffer.concat([Buffer.from([3]), x]).toString("base64url") }, p256],
    [{ ...good.keys, auth: Buffer.alloc(15).toString("base64url") }, authSecret],
  ];
  const refused: [NewSubscription, string][] = [
    ...endpoints.map(([endpoint, message]): [NewSubscription, string] => [{ ...good, endpoint }, message]),
    ...keys.map(([k, message]): [NewSubscription, string] => [{ ...good, keys: k }, message]),
  ];
  for (const [subscription, message] of refused) {
    expect(await checked(subscription), JSON.stringify(subscription)).toEqual({ status: 400, message });
  }

  // Each push service's own hosts, with a browser's real keys.
  const pat = await s.player("Pat Push");
  for (const endpoint of [
    `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
    `https://updates.push.services.mozilla.com/wpush/v2/${crypto.randomUUID()}`,
    `https://web.push.apple.com/${crypto.randomUUID()}`,
    `https://wns2-par02p.notify.windows.com/w/?token=${crypto.randomUUID()}`,
  ]) {
    const subscription = newBrowser(endpoint).subscription;
    expect(await checked(subscription), endpoint).toEqual({ status: 200, message: null });
    await s.perform(subscribe, { playerId: pat.id, subscription });
  }
  expect(await s.count("push_subscriptions", "player_id = ?", [pat.id])).toBe(4);

  // In production the local push service's http address is refused too; a push service's is stored.
  const production = parseEnv({ ...s.app.env, APP_ENV: "production", APP_URL: "https://breakandrun.example" });
  expect(await checked(local, production)).toEqual({ status: 400, message: notHttps });
  expect(await checked(fcmSubscription(), production)).toEqual({ status: 200, message: null });
});
