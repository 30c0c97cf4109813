// A captain names a partner who has no account (decision 011), through
// the real Worker: the JSON API and the tournament page's form without
// JavaScript make an invited account, e-mailed a link that sets its password;
// the partner then signs in and sees the team. Two captains naming the same
// new e-mail at once: one gets them, the other a 409. The batch's details
// (a refused join leaves no account, a hold that ran out) are in-process
// (app/features/entries/server/team-entry.server.test.ts).
import { expect, test } from "vitest";
import { type Account, type TournamentJson, uniqueEmail, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Team = { id: string; name: string; captainId: string; members: { id: string; name: string }[] };

const join = (captain: Account, t: TournamentJson, teamName: string, teammates: unknown) =>
  captain.client.json("POST", "/api/tournaments/join", { tournamentId: t.id, teamName, teammates });
const message = async (r: Response) => ((await r.json()) as { message: string }).message;
const outbox = async () =>
  (await (await app.client().get("/api/dev/outbox")).json()) as { to: string; subject: string; text: string }[];
const teamsOf = async (t: TournamentJson) =>
  ((await (await app.client().get(`/api/tournaments/${t.slug}`)).json()) as { teams?: Team[] }).teams ?? [];
const accountOf = async (email: string) =>
  (
    await f.sql().execute({
      sql: "select id, name, password_hash, guest from players where email = ?",
      args: [email],
    })
  ).rows.map((r) => ({ id: String(r.id), name: String(r.name), passwordHash: r.password_hash, guest: r.guest }));

/** The invitation's link in the latest e-mail to `email`: its token and address. */
async function inviteLink(email: string): Promise<URLSearchParams> {
  const mail = (await outbox()).find((m) => m.to === email);
  expect(mail?.text).toContain("Set a password");
  const link = /\/welcome\?(\S+)/.exec(mail?.text ?? "")?.[1];
  expect(link).toBeTruthy();
  return new URLSearchParams(link);
}

async function payByCard(captain: Account, response: Response) {
  expect(response.status, await response.clone().text()).toBe(200);
  const { paymentIntentId } = (await response.json()) as { paymentIntentId: string };
  const paid = await captain.client.json("POST", `/api/dev/payments/${paymentIntentId}/confirm`, {
    cardNumber: "4242424242424242",
  });
  expect(paid.status).toBe(200);
}

test("the API: a partner with no account is invited by e-mail, sets a password and sees the team", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { matchType: "3v3", maxPlayers: 8, name: "Triples Night" });
  const [sam, known] = [await f.player("Sam"), await f.player("Known")];
  const kim = uniqueEmail("kim.smith");
  const lee = uniqueEmail("lee");
  // An e-mail, or { email, name }: a name only for an account made now.
  await payByCard(sam, await join(sam, t, "Cue Balls", [{ email: kim.toUpperCase(), name: "Kim Smith" }, lee]));
  const [kimAccount] = await accountOf(kim);
  const [leeAccount] = await accountOf(lee);
  expect(kimAccount).toMatchObject({ name: "Kim Smith", passwordHash: "", guest: 0 });
  expect(leeAccount?.name).toBe(lee.split("@")[0]);
  const [team] = await teamsOf(t);
  expect(team?.members).toEqual([
    { id: sam.id, name: "Sam" },
    { id: kimAccount?.id, name: "Kim Smith" },
    { id: leeAccount?.id, name: leeAccount?.name },
  ]);
  // Only the members' money moved: the captain paid for all three; the invited accounts hold nothing.
  expect(await f.balance("player", kimAccount?.id as string)).toBe(0);
  await f.expectLedgerTrue();

  // The e-mail: who entered them, in which team and tournament, nothing to pay, and the link.
  const mail = (await outbox()).find((m) => m.to === kim);
  expect(mail?.subject).toBe("You're in team Cue Balls — Triples Night");
  expect(mail?.text).toContain('Sam has entered you in team "Cue Balls" for Triples Night');
  expect(mail?.text).toContain("nothing is due from you");
  const params = await inviteLink(kim);

  // No password until set from the link; then Kim signs in and sees the team.
  const kimClient = app.client();
  const login = { email: kim, password: "a-good-password-1", userType: "player" };
  expect((await kimClient.json("POST", "/api/auth/login", login)).status).toBe(401);
  const welcome = await app.client().get(`/welcome?${params}`);
  expect(welcome.status).toBe(200);
  expect(await welcome.text()).toContain("Welcome to Break &amp; Run — choose a password");
  const reset = await app.client().json("POST", "/api/auth/reset-password", {
    token: params.get("token"),
    email: params.get("email"),
    password: login.password,
  });
  expect(reset.status, await reset.clone().text()).toBe(200);
  expect((await kimClient.json("POST", "/api/auth/login", login)).status).toBe(200);
  const page = (await (await kimClient.get("/player/tournaments?tab=registered")).text()).replaceAll("<!-- -->", "");
  expect(page).toContain("Team Cue Balls (captain: Sam)");

  // A partner who has an account is simply named (another captain, another team): no new account, no link.
  const other = await f.player("Other");
  await payByCard(
    other,
    await join(other, t, "Pot Luck", [{ email: known.email, name: "Not Their Name" }, uniqueEmail("x")]),
  );
  expect((await accountOf(known.email)).map((a) => a.name)).toEqual(["Known"]);
  expect((await outbox()).find((m) => m.to === known.email)?.text).not.toContain("/welcome?");
});

test("the API refuses what can be no one's address, and a bad name, with a 400; nothing is held", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { matchType: "2v2", maxPlayers: 8 });
  const cap = await f.player("Cap");
  const cases: [unknown, string][] = [
    [["nobody@example"], "No player account for nobody@example"],
    [["guest-abc@guests.invalid"], "No player account for guest-abc@guests.invalid"],
    [[{ email: uniqueEmail("n"), name: "x".repeat(101) }], "Teammate's name must be at most 100 characters"],
    [[{ name: "No e-mail" }], "Add 1 teammate"],
  ];
  for (const [teammates, expected] of cases) {
    const response = await join(cap, t, "Cue Balls", teammates);
    expect(response.status, expected).toBe(400);
    expect(await message(response)).toBe(expected);
  }
  expect(await f.count("tournament_players", "tournament_id = ?", [t.id])).toBe(0);
});

test("the team form without JavaScript: a new partner's e-mail and name make the invited account", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { matchType: "3v3", maxPlayers: 8 });
  const cap = await f.player("Cap");
  const mate = await f.player("Mate");
  const page = (await (await cap.client.get(`/tournament/${t.slug}`)).text()).replaceAll("<!-- -->", "");
  expect(page).toContain('name="teammateNames"');
  const newcomer = uniqueEmail("newcomer");
  // The form as a browser sends it: e-mails and names in the order of the rows (a blank name: none given).
  const fields = new URLSearchParams([
    ["intent", "join"],
    ["teamName", "Break Builders"],
    ["teammates", mate.email],
    ["teammateNames", ""],
    ["teammates", newcomer],
    ["teammateNames", "Nia Newcomer"],
  ]);
  const posted = await cap.client.request(`/tournament/${t.slug}/checkout`, { method: "POST", body: fields });
  expect(posted.status).toBe(302);
  expect(posted.headers.get("location")).toBe(`/tournament/${t.slug}/checkout`);
  const [account] = await accountOf(newcomer);
  expect(account?.name).toBe("Nia Newcomer");
  const members = await f.sql().execute({
    sql: "select player_id from team_members where tournament_id = ? order by slot",
    args: [t.id],
  });
  expect(members.rows.map((r) => r.player_id)).toEqual([cap.id, mate.id, account?.id]);

  // The link welcomes them: the page's own form (no JavaScript either) sets the password and signs them in, on their
  // entries. Used once: the same link again is refused, and signs nobody in.
  const params = await inviteLink(newcomer);
  const welcomeForm = {
    token: params.get("token") ?? "",
    email: params.get("email") ?? "",
    password: "a-good-password-1",
    confirmPassword: "a-good-password-1",
  };
  const welcomed = app.client();
  const set = await welcomed.postForm("/welcome", welcomeForm);
  expect(set.status).toBe(302);
  expect(set.headers.get("location")).toBe("/player/tournaments?tab=registered");
  const entries = (await (await welcomed.get("/player/tournaments?tab=registered")).text()).replaceAll("<!-- -->", "");
  expect(entries).toContain("Welcome, Nia Newcomer");
  expect(entries).toContain(t.name);
  const again = app.client();
  const reused = await again.postForm("/welcome", {
    ...welcomeForm,
    password: "another-pass-2",
    confirmPassword: "another-pass-2",
  });
  expect(reused.status).toBe(400);
  expect(await reused.text()).toContain("This link has already been used or has expired");
  expect((await again.get("/api/auth/me")).status).toBe(401);
  expect((await again.get(`/welcome?${params}`)).status).toBe(200);
  const login = { email: newcomer, password: "a-good-password-1", userType: "player" };
  expect((await app.client().json("POST", "/api/auth/login", login)).status).toBe(200);

  // A refusal comes back to the tournament page as a toast.
  const refused = await cap.client.request(`/tournament/${t.slug}/checkout`, {
    method: "POST",
    body: new URLSearchParams([
      ["intent", "join"],
      ["teamName", "Break Builders"],
      ["teammates", mate.email],
      ["teammateNames", ""],
      ["teammates", "not-an-address"],
      ["teammateNames", "Someone"],
    ]),
  });
  expect(refused.status).toBe(302);
  expect(refused.headers.get("location")).toBe(`/tournament/${t.slug}`);
  const toast = (await (await cap.client.get(`/tournament/${t.slug}`)).text()).replaceAll("<!-- -->", "");
  expect(toast).toContain("No player account for not-an-address");
});

test("two captains naming the same new e-mail at once: one gets the partner, the other a clear 409", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { matchType: "2v2", maxPlayers: 16 });
  for (let round = 0; round < 3; round++) {
    const wanted = uniqueEmail(`wanted${round}`);
    const [a, b] = [await f.player(`A${round}`), await f.player(`B${round}`)];
    const [first, second] = await Promise.all([
      join(a, t, `Alpha ${round}`, [wanted]),
      join(b, t, `Beta ${round}`, [wanted]),
    ]);
    const statuses = [first.status, second.status];
    expect(statuses.sort()).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    // Refused by the read (the account was made and is in a team) or by the joining batch (the e-mail taken).
    expect([
      `${wanted} is already in this tournament`,
      "A teammate or the team name was taken meanwhile: check your team and try again",
    ]).toContain(await message(loser));
    expect(await accountOf(wanted)).toHaveLength(1);
    expect(
      await f.count("team_members", "tournament_id = ? and player_id in (select id from players where email = ?)", [
        t.id,
        wanted,
      ]),
    ).toBe(1);
  }
});

test("a replacement with no account: named by e-mail (API or form), an invited account joins", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { matchType: "2v2", maxPlayers: 4 });
  const [cap, mate] = [await f.player("Cap"), await f.player("Mate")];
  await payByCard(cap, await join(cap, t, "Cue Balls", [mate.email]));
  const [team] = await teamsOf(t);
  const replace = (body: Record<string, unknown>) =>
    cap.client.json("PATCH", `/api/tournaments/${t.id}/teams/${team?.id}`, { replace: body });

  const bad = await replace({ from: mate.email, to: uniqueEmail("n"), name: "x".repeat(101) });
  expect(bad.status).toBe(400);
  expect(await message(bad)).toBe("Teammate's name must be at most 100 characters");
  const nia = uniqueEmail("nia");
  const swapped = await replace({ from: mate.email, to: nia, name: "Nia New" });
  expect(swapped.status, await swapped.clone().text()).toBe(200);
  const [niaAccount] = await accountOf(nia);
  expect(niaAccount).toMatchObject({ name: "Nia New", passwordHash: "" });
  expect((await teamsOf(t))[0]?.members.map((m) => m.name)).toEqual(["Cap", "Nia New"]);
  const niaMail = (await outbox()).find((m) => m.to === nia);
  expect(niaMail?.text).toContain('Cap has named you in team "Cue Balls"');
  expect((await inviteLink(nia)).get("email")).toBe(nia);

  // The page's form, without JavaScript: the name beside the e-mail.
  const ola = uniqueEmail("ola");
  const filled = await cap.client.postForm(`/tournament/${t.slug}/team`, {
    intent: "replace",
    tournamentId: t.id,
    teamId: team?.id ?? "",
    from: niaAccount?.id ?? "",
    to: ola,
    toName: "Ola Other",
  });
  expect(filled.status).toBe(302);
  expect((await teamsOf(t))[0]?.members.map((m) => m.name)).toEqual(["Cap", "Ola Other"]);
  await inviteLink(ola);
  await f.expectLedgerTrue();
});
