// The accounts' use cases, in-process: signing up, in and out, the devices signed in, a new password. Each is quiet
// (nothing anyone else watches changes) and does what the JSON route and the page both ask of it through `perform`.
// The cookies, the forms and the limits over HTTP are tests/accounts.test.ts's.
import { expect, test } from "vitest";
import { perform } from "~/web/use-case.server.ts";
import { answered, useServiceDb } from "../../../../test-support/services.ts";
import { endDevice, endOtherDevices, logIn, signOut, signUp } from "./use-cases.server.ts";

const s = useServiceDb();
const PASSWORD = "correct horse battery";
const client = (device: string) => ({ address: `203.0.113.${Math.floor(Math.random() * 200) + 1}`, device });

async function newPlayer() {
  const email = `p-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const fields = { name: "Pat Player", email, password: PASSWORD, confirmPassword: PASSWORD };
  const done = await signUp(s.sender, { userType: "player", fields, device: "Phone" });
  return { email, done };
}

const sessionsOf = (userId: string) => s.count("sessions", "user_id = ?", [userId]);

test("sign-up and login each open a session and announce nothing", async () => {
  const { email, done } = await newPlayer();
  expect(done.changes).toEqual([]);
  expect(done.mail).toBeUndefined();
  const userId = done.answer.user.id;
  expect(await sessionsOf(userId)).toBe(1);

  const credentials = { userType: "player" as const, email, password: PASSWORD };
  const signedIn = await perform(s.app, s.sender, logIn, { credentials, client: client("Laptop") });
  expect(signedIn.user.id).toBe(userId);
  expect(await sessionsOf(userId)).toBe(2);

  const wrong = { ...credentials, password: "not the password" };
  expect(await answered(perform(s.app, s.sender, logIn, { credentials: wrong, client: client("Laptop") }))).toEqual({
    status: 401,
    message: expect.any(String),
  });
  expect(await sessionsOf(userId)).toBe(2);
});

test("a device signed out, every other device, then this one: each ends only what it says", async () => {
  const { email, done } = await newPlayer();
  const userId = done.answer.user.id;
  const credentials = { userType: "player" as const, email, password: PASSWORD };
  const laptop = await perform(s.app, s.sender, logIn, { credentials, client: client("Laptop") });
  const tablet = await perform(s.app, s.sender, logIn, { credentials, client: client("Tablet") });
  expect(await sessionsOf(userId)).toBe(3);

  const here = done.answer.session;
  const ended = await perform(s.app, s.sender, endDevice, { session: here, sessionId: laptop.session.sessionId });
  expect(ended).toBe(1);
  // Someone else's session, or one already over, ends nothing.
  expect(await perform(s.app, s.sender, endDevice, { session: here, sessionId: laptop.session.sessionId })).toBe(0);
  const stranger = await newPlayer();
  const theirs = stranger.done.answer.session.sessionId;
  expect(await perform(s.app, s.sender, endDevice, { session: here, sessionId: theirs })).toBe(0);
  expect(await sessionsOf(stranger.done.answer.user.id)).toBe(1);

  expect(await perform(s.app, s.sender, endOtherDevices, { session: here })).toBe(1);
  expect(await s.count("sessions", "id = ?", [tablet.session.sessionId])).toBe(0);
  expect(await sessionsOf(userId)).toBe(1);

  await perform(s.app, s.sender, signOut, { session: here });
  expect(await sessionsOf(userId)).toBe(0);
  // Signing out with no session (a cookie already cleared) writes nothing and refuses nothing.
  expect(await perform(s.app, s.sender, signOut, { session: null })).toBeNull();
});
