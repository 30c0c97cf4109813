// E-mails to addresses someone else types in, through the real Worker: at most five an hour to one address (the
// walk-in still answers 201, the sixth e-mail is not sent), at most thirty invited accounts an hour from one
// director or captain (then a 429 with Retry-After that writes nothing, on the JSON API; on the forms a message),
// and an invited account nobody has used: its owner's sign-up, JSON and form, offers the invitation again, and the
// account keeps its entry once the password is set.
import { expect, test } from "vitest";
import { type Account, type TournamentJson, uniqueEmail, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Mail = { to: string; subject: string; text: string };
const mailTo = async (address: string) =>
  ((await (await app.client().get("/api/dev/outbox")).json()) as Mail[]).filter((m) => m.to === address);
const walkIn = (td: Account, t: TournamentJson, body: Record<string, unknown>) =>
  td.client.json("POST", `/api/tournaments/${t.id}/entries`, { paidBy: "cash", ...body });
const INVITED_MESSAGE =
  "An invitation was already sent to this email. Set your password from its link, or send it again.";
const RESENT =
  "If an invitation is waiting for that email, we've sent it again. Its link works for 14 days; " +
  "links sent before stop working.";
const linkOf = (mail: Mail | undefined) => new URLSearchParams(/\/welcome\?(\S+)/.exec(mail?.text ?? "")?.[1] ?? "");

test("six walk-ins of one player in an hour: each a 201, five e-mails in the outbox", async () => {
  const td = await f.organiser();
  const target = await f.player("Target Player");
  for (let i = 0; i < 6; i++) {
    const t = await f.createTournament(td, { name: `Night ${i + 1}` });
    const response = await walkIn(td, t, { name: "Target Player", email: target.email.toUpperCase() });
    expect(response.status, await response.clone().text()).toBe(201);
  }
  const mails = await mailTo(target.email);
  expect(mails).toHaveLength(5);
  expect(mails.map((m) => m.subject)).not.toContain("You're in Night 6");
  expect(await f.count("tournament_players", "player_id = ?", [target.id])).toBe(6);
});

test("a 31st invited account in an hour: a 429 with Retry-After from the API, the message on the form", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { maxPlayers: 64 });
  for (let i = 0; i < 30; i++) {
    const response = await walkIn(td, t, { name: `New Player ${i + 1}`, email: uniqueEmail(`invited-${i}`) });
    expect(response.status, await response.clone().text()).toBe(201);
  }
  const late = uniqueEmail("thirty-first");
  const refused = await walkIn(td, t, { name: "Thirty First", email: late });
  expect(refused.status).toBe(429);
  const retryAfter = Number(refused.headers.get("Retry-After"));
  expect(retryAfter).toBeGreaterThan(3500);
  expect(retryAfter).toBeLessThanOrEqual(3600);
  expect(refused.headers.get("Refusal-Code")).toBe("invited-accounts");
  expect(await refused.json()).toEqual({
    message: "You can invite at most 30 new players an hour. Try again in 60 minutes.",
  });

  // The director's page form: the same refusal beside the typed walk-in, no error page.
  const form = await td.client.pagePost(`/tournament/${t.slug}`, {
    intent: "add-walk-in",
    name: "Thirty First",
    email: late,
  });
  expect(form.headers.get("Location")).toBe(`/tournament/${t.slug}#walk-ins`);
  const html = await (await td.client.redirected(form)).text();
  expect(html).toContain("You can invite at most 30 new players an hour. Try again in 60 minutes.");
  expect(html).toContain(late);

  expect(await f.count("players", "email = ?", [late])).toBe(0);
  expect(await mailTo(late)).toHaveLength(0);
  expect(await f.count("tournament_players", "tournament_id = ?", [t.id])).toBe(30);
  // A walk-in with an account, or a guest, makes no account: still entered.
  const known = await f.player("Known Player");
  expect((await walkIn(td, t, { name: "Known Player", email: known.email })).status).toBe(201);
  expect((await walkIn(td, t, { name: "Guest Player" })).status).toBe(201);
});

test("sign-up with an unused invited address: a 409 'invited', the invitation sent again, the entry kept", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { name: "Invitation Night" });
  const email = uniqueEmail("walk-in");
  const entered = await walkIn(td, t, { name: "Ivy Walk-in", email });
  expect(entered.status).toBe(201);
  const { entry } = (await entered.json()) as { entry: { playerId: string } };

  const body = { name: "Ivy", email, password: "secret1", confirmPassword: "secret1" };
  const signUp = await app.client().json("POST", "/api/auth/signup/player", body);
  expect(signUp.status).toBe(409);
  expect(signUp.headers.get("Refusal-Code")).toBe("invited");
  expect(signUp.headers.get("Set-Cookie")).toBeNull();
  expect(await signUp.json()).toEqual({ message: INVITED_MESSAGE, errors: { email: [INVITED_MESSAGE] } });

  const resend = await app.client().json("POST", "/api/auth/resend-invitation", { email });
  expect(resend.status).toBe(200);
  expect(await resend.json()).toEqual({ message: RESENT });
  // The same answer for an address with no invitation waiting, and nothing sent to it.
  const nobody = uniqueEmail("nobody");
  const none = await app.client().json("POST", "/api/auth/resend-invitation", { email: nobody });
  expect(await none.json()).toEqual({ message: RESENT });
  expect(await mailTo(nobody)).toHaveLength(0);

  const mails = await mailTo(email);
  expect(mails).toHaveLength(2);
  const again = mails.find((m) => m.subject === "Your Break & Run account is waiting");
  const link = linkOf(again);
  expect(link.get("email")).toBe(email);
  const reset = await app.client().json("POST", "/api/auth/reset-password", {
    token: link.get("token"),
    email,
    password: "chosen1",
  });
  expect(reset.status, await reset.clone().text()).toBe(200);

  const owner = app.client();
  const login = await owner.json("POST", "/api/auth/login", { email, password: "chosen1", userType: "player" });
  expect(login.status).toBe(200);
  const { user } = (await login.json()) as { user: { id: string } };
  expect(user.id).toBe(entry.playerId);
  const detail = (await (await owner.get(`/api/tournaments/${t.slug}`)).json()) as { players: { id: string }[] };
  expect(detail.players.map((p) => p.id)).toContain(user.id);
  // Used now: the sign-up's usual 409.
  const taken = await app.client().json("POST", "/api/auth/signup/player", body);
  expect(taken.status).toBe(409);
  expect(taken.headers.get("Refusal-Code")).toBeNull();
});

test("the sign-up form for an unused invited address offers the invitation again, without JavaScript", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td);
  const email = uniqueEmail("form-invited");
  expect((await walkIn(td, t, { name: "Fern Form", email })).status).toBe(201);
  const client = app.client();
  const page = await client.postForm("/signup?role=player", {
    role: "player",
    name: "Fern",
    email,
    password: "secret1",
    confirmPassword: "secret1",
  });
  expect(page.status).toBe(409);
  const html = await page.text();
  expect(html).toContain("An invitation was already sent to this email.");
  expect(html).toContain("Send the invitation again");
  expect(html).toContain('name="intent" value="resend-invitation"');

  const resent = await client.postForm("/signup?role=player", { intent: "resend-invitation", email });
  expect(resent.status).toBe(200);
  const answer = await resent.text();
  expect(answer).toContain("Check your email");
  expect(answer).toContain("we&#x27;ve sent it again");
  expect((await mailTo(email)).map((m) => m.subject)).toContain("Your Break & Run account is waiting");
  // The address's five e-mails an hour: the walk-in's and four more; the next is not sent.
  for (let i = 0; i < 4; i++) await client.postForm("/signup?role=player", { intent: "resend-invitation", email });
  expect(await mailTo(email)).toHaveLength(5);
});

test("a captain past 30 invited accounts an hour: the join and the swap are 429s, the team form a toast", async () => {
  const td = await f.organiser();
  const free = { matchType: "2v2", maxPlayers: 8, entryFee: "0.00", siteFee: "0.00", rakeValue: "0.00" };
  const t = await f.createTournament(td, free);
  const [cap, mate] = [await f.player("Busy Captain"), await f.player("Mate")];
  const joined = await cap.client.json("POST", "/api/tournaments/join", {
    tournamentId: t.id,
    teamName: "Cue Balls",
    teammates: [mate.email],
  });
  expect(joined.status, await joined.clone().text()).toBe(200);
  const { registrationId: teamId } = (await joined.json()) as { registrationId: string };
  // The hour's thirty already made, ten minutes of the window left.
  await f.sql().execute({
    sql: "insert into rate_limits (key, count, window_ends_at) values (?, 30, ?)",
    args: [`invited-accounts:${cap.id}`, Date.now() + 10 * 60_000],
  });
  const fresh = uniqueEmail("fresh-teammate");
  const message = "You can invite at most 30 new players an hour. Try again in 10 minutes.";

  const swap = await cap.client.json("PATCH", `/api/tournaments/${t.id}/teams/${teamId}`, {
    replace: { from: mate.email, to: fresh },
  });
  expect(swap.status).toBe(429);
  expect(Number(swap.headers.get("Retry-After"))).toBeGreaterThan(590);
  expect(await swap.json()).toEqual({ message });

  const other = await f.createTournament(td, free);
  const join = await cap.client.json("POST", "/api/tournaments/join", {
    tournamentId: other.id,
    teamName: "Long Pots",
    teammates: [fresh],
  });
  expect(join.status).toBe(429);
  expect(Number(join.headers.get("Retry-After"))).toBeGreaterThan(590);

  const form = await cap.client.postForm(`/tournament/${t.slug}/team`, {
    intent: "replace",
    tournamentId: t.id,
    teamId,
    from: mate.id,
    to: fresh,
  });
  expect(form.status).toBe(302);
  expect((await (await cap.client.get(`/tournament/${t.slug}`)).text()).replaceAll("<!-- -->", "")).toContain(message);

  expect(await f.count("players", "email = ?", [fresh])).toBe(0);
  expect(await f.count("tournament_players", "tournament_id = ?", [other.id])).toBe(0);
  expect(await f.count("team_members", "team_id = ? and player_id = ?", [teamId, mate.id])).toBe(1);
  expect(await mailTo(fresh)).toHaveLength(0);
});
