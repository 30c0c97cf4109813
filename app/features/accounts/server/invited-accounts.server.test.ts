// E-mails to addresses someone else typed in, and the accounts made for them, in-process: at most five such
// e-mails an hour to one address across walk-ins, team entries and replacements (the action still happens), at
// most thirty invited accounts an hour from one director or captain (then a 429 that writes nothing), and an
// invited account nobody has used, which its owner's sign-up finds and whose invitation is sent again. The JSON,
// the forms and the link through the Worker are the HTTP suite's (tests/mail-limits.test.ts).
import { perform } from "~/web/use-case.server.ts";
import { expect, test } from "vitest";
import { checkCashEntry } from "~/features/entries/domain/cash-entry.ts";
import { INVITED, invitationMessages } from "~/domain/accounts.ts";
import { DomainError } from "~/domain/errors.ts";
import { type Account, answered, useServiceDb } from "../../../../test-support/services.ts";
import { logIn, resetPassword, signUpOrganiser, signUpPlayer } from "./accounts.server.ts";
import { addCashEntry, tellWalkIns } from "~/features/entries/server/cash-entries.server.ts";
import { getMailer } from "~/server/email.server.ts";
import { resendInvitation } from "./invited-accounts.server.ts";
import { joinTournament } from "~/features/entries/server/joining.server.ts";
import { checkTeam, tellTeammates } from "~/features/entries/server/team-entry.server.ts";
import { replaceTeamMember } from "~/features/entries/server/teams.server.ts";

const s = useServiceDb();
const HOUR = 60 * 60 * 1000;
const ORIGIN = "https://breakandrun.test";
/** A doubles event free to enter: the team is in as soon as the captain joins. */
const FREE_DOUBLES = { matchType: "2v2", maxPlayers: 8, entryFee: "0.00", siteFee: "0.00", rakeValue: "0.00" };

const newEmail = (what: string) => `${what}-${crypto.randomUUID().slice(0, 8)}@example.com`;
const mailer = () => getMailer(s.app.env, s.db);
const mailTo = (email: string) =>
  s.rows<{ subject: string; text: string }>("select subject, text from outbox where to_address = ? order by rowid", [
    email,
  ]);

/** A walk-in as the routes run it: entered, then told. */
async function walkIn(td: Account, t: { id: string }, body: Record<string, unknown>, now = Date.now()) {
  const added = await addCashEntry(s.sender, {
    organiserId: td.id,
    tournament: { id: t.id },
    check: (size) => checkCashEntry({ paidBy: "cash", ...body }, size),
    now,
  });
  await tellWalkIns(mailer(), added, ORIGIN);
  return added;
}

/** A captain's team entry as the routes run it: checked, joined, the teammates told. */
async function teamEntry(captain: Account, t: { id: string }, teamName: string, teammates: string[]) {
  const team = await checkTeam(s.sender, { captainId: captain.id, tournament: { id: t.id }, teamName, teammates });
  const joined = await joinTournament(s.sender, s.payments, { playerId: captain.id, tournament: { id: t.id }, team });
  await tellTeammates(s.sender, mailer(), team, ORIGIN);
  return joined;
}

const refusal = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
};

test("five e-mails an hour to one address across walk-ins, team entries and swaps; past them, no e-mail", async () => {
  const td = await s.organiser();
  const target = await s.player("Target");
  const [t1, t2, t3, t4, t5] = [
    await s.tournament(td),
    await s.tournament(td),
    await s.tournament(td),
    await s.tournament(td),
    await s.tournament(td),
  ];
  const doubles = await s.tournament(td, FREE_DOUBLES);
  const swaps = await s.tournament(td, FREE_DOUBLES);
  const captain = await s.player("Captain");

  // Three walk-ins, a team entry naming the address (the address typed in upper case counts the same)…
  for (const t of [t1, t2, t3]) await walkIn(td, t, { name: "Target", email: target.email });
  await teamEntry(captain, doubles, "Cue Balls", [target.email.toUpperCase()]);
  expect(await mailTo(target.email)).toHaveLength(4);
  // …a swap naming it: the fifth…
  const other = await s.player("Other");
  const captain2 = await s.player("Captain Two");
  const joined = await teamEntry(captain2, swaps, "Long Pots", [other.email]);
  await perform(s.app, s.sender, replaceTeamMember, {
    captainId: captain2.id,
    tournamentId: swaps.id,
    teamId: joined.registrationId,
    from: other.email,
    to: target.email,
  });
  expect(await mailTo(target.email)).toHaveLength(5);
  // …and the sixth walk-in is entered, its e-mail not sent.
  const sixth = await walkIn(td, t4, { name: "Target", email: target.email });
  expect(sixth.entry.playerId).toBe(target.id);
  expect(await s.count("tournament_players", "tournament_id = ? and player_id = ?", [t4.id, target.id])).toBe(1);
  expect(await mailTo(target.email)).toHaveLength(5);
  // Another address is not held up by it, and in the next hour the address is written to again.
  const bystander = newEmail("bystander");
  await walkIn(td, t4, { name: "Bystander", email: bystander });
  expect(await mailTo(bystander)).toHaveLength(1);
  await walkIn(td, t5, { name: "Target", email: target.email }, Date.now() + HOUR + 1000);
  expect(await mailTo(target.email)).toHaveLength(6);
});

test("a refused walk-in counts no e-mail", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td);
  const address = newEmail("refused");
  await walkIn(td, t, { name: "Kim", email: address });
  for (let i = 0; i < 6; i++) {
    expect((await answered(walkIn(td, t, { name: "Kim", email: address }))).status).toBe(409);
  }
  const [counter] = await s.rows<{ count: number }>("select count from rate_limits where key = ?", [
    `mail-to:${address}`,
  ]);
  expect(counter?.count).toBe(1);
});

test("a director makes at most 30 invited accounts an hour: the next is a 429 saying when", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { maxPlayers: 64 });
  const teams = await s.tournament(td, { matchType: "3v3", maxPlayers: 8 });
  const start = Date.now();
  for (let i = 0; i < 28; i++) await walkIn(td, t, { name: `Walk-in ${i}`, email: newEmail(`walk-in-${i}`) }, start);
  // A team of three new players would pass 30: refused whole, though one more fits.
  const trio = [newEmail("a"), newEmail("b"), newEmail("c")];
  const members = trio.map((email, i) => ({ name: `Member ${i}`, email }));
  const tooMany = await refusal(walkIn(td, teams, { teamName: "Three New", members }, start + 60_000));
  expect(tooMany.status).toBe(429);
  expect(tooMany.message).toBe("You can invite at most 30 new players an hour. Try again in 59 minutes.");
  expect(tooMany.retryAfterSeconds).toBe(59 * 60);
  expect(tooMany.code).toBe("invited-accounts");
  for (const email of trio) expect(await s.count("players", "email = ?", [email])).toBe(0);
  expect(await s.count("tournament_players", "tournament_id = ?", [teams.id])).toBe(0);
  // The 29th and 30th go through; the 31st is refused, nothing written, no e-mail.
  await walkIn(td, t, { name: "Twenty-nine", email: newEmail("twenty-nine") }, start);
  await walkIn(td, t, { name: "Thirty", email: newEmail("thirty") }, start);
  const late = newEmail("thirty-one");
  expect(await answered(walkIn(td, t, { name: "Thirty-one", email: late }, start))).toEqual({
    status: 429,
    message: "You can invite at most 30 new players an hour. Try again in 60 minutes.",
  });
  expect(await s.count("players", "email = ?", [late])).toBe(0);
  expect(await mailTo(late)).toHaveLength(0);
  expect(await s.count("tournament_players", "tournament_id = ?", [t.id])).toBe(30);
  // Walk-ins with an account or as guests make no account: still entered. Another director is not held up.
  const known = await s.player("Known");
  await walkIn(td, t, { name: "Known", email: known.email }, start);
  await walkIn(td, t, { name: "Guest" }, start);
  const td2 = await s.organiser();
  await walkIn(td2, await s.tournament(td2), { name: "New", email: newEmail("other-director") }, start);
  // The next hour, invitations again.
  await walkIn(td, t, { name: "Next hour", email: newEmail("next-hour") }, start + HOUR);
});

test("a captain past 30 invited accounts an hour: the team entry and the swap are 429s; nothing written", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, FREE_DOUBLES);
  const captain = await s.player("Busy Captain");
  const mate = await s.player("Mate");
  const joined = await teamEntry(captain, t, "First", [mate.email]);
  // The hour's thirty already made (as thirty earlier invitations would have counted them).
  await s.rows("insert into rate_limits (key, count, window_ends_at) values (?, 30, ?)", [
    `invited-accounts:${captain.id}`,
    Date.now() + 10 * 60_000,
  ]);
  const fresh = newEmail("fresh");
  const swap = await refusal(
    perform(s.app, s.sender, replaceTeamMember, {
      captainId: captain.id,
      tournamentId: t.id,
      teamId: joined.registrationId,
      from: mate.email,
      to: fresh,
    }),
  );
  expect(swap.status).toBe(429);
  expect(swap.message).toBe("You can invite at most 30 new players an hour. Try again in 10 minutes.");
  expect(await s.count("players", "email = ?", [fresh])).toBe(0);
  expect(await s.count("team_members", "team_id = ? and player_id = ?", [joined.registrationId, mate.id])).toBe(1);

  const t2 = await s.tournament(td, FREE_DOUBLES);
  expect((await answered(teamEntry(captain, t2, "Second", [fresh]))).status).toBe(429);
  expect(await s.count("players", "email = ?", [fresh])).toBe(0);
  expect(await s.count("tournament_players", "tournament_id = ?", [t2.id])).toBe(0);
  // Naming players who have accounts makes none: that still works.
  expect((await answered(teamEntry(captain, t2, "Second", [(await s.player("Has One")).email]))).status).toBe(200);
});

test("sign-up with an unused invited address: the invitation offered again; the account keeps its entry", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td);
  const email = newEmail("invited");
  const added = await walkIn(td, t, { name: "Ivy Invited", email });
  const [invitation] = await mailTo(email);
  expect(invitation?.text).toContain("/welcome?");
  const signUp = () =>
    signUpPlayer(s.sender, { name: "Ivy", email, password: "secret123", confirmPassword: "secret123" }, "test");

  const refused = await refusal(signUp());
  expect(refused).toMatchObject({ status: 409, code: INVITED, field: "email" });
  expect(refused.message).toBe(invitationMessages.alreadySent);
  expect(await s.count("players", "email = ?", [email])).toBe(1);
  // An organiser's account is another kind: the address is free for it.
  await signUpOrganiser(
    s.sender,
    {
      name: "Ivy",
      email,
      password: "secret123",
      confirmPassword: "secret123",
      organisationName: "Ivy's",
      venue: "Bar",
    },
    "test",
  );

  // Sent again: a new link; the first stops working.
  await perform(s.app, s.sender, resendInvitation, { email: email.toUpperCase() });
  const mails = await mailTo(email);
  expect(mails).toHaveLength(2);
  expect(mails[1]?.subject).toBe("Your Break & Run account is waiting");
  expect(mails[1]?.text).toContain("Hi Ivy Invited,");
  const tokenOf = (text: string | undefined) =>
    new URLSearchParams(/\/welcome\?(\S+)/.exec(text ?? "")?.[1]).get("token") ?? "";
  const [first, again] = [tokenOf(mails[0]?.text), tokenOf(mails[1]?.text)];
  expect(first).not.toBe(again);
  expect(await answered(resetPassword(s.sender, { token: first, email, password: "newpass1" }))).toMatchObject({
    status: 400,
  });
  expect(await resetPassword(s.sender, { token: again, email, password: "newpass1" })).toBe("player");

  // The owner's account: the same one, with its entry; now a used account, so the usual 409.
  const signedIn = await logIn(
    s.sender,
    { email, password: "newpass1", userType: "player" },
    {
      address: "test",
      device: "test",
    },
  );
  expect(signedIn.user.id).toBe(added.people[0]?.id);
  expect(await s.count("tournament_players", "tournament_id = ? and player_id = ?", [t.id, signedIn.user.id])).toBe(1);
  expect(await answered(signUp())).toEqual({
    status: 409,
    message: "An account with this email already exists. Sign in instead.",
  });
  // Nothing to send again once used.
  await perform(s.app, s.sender, resendInvitation, { email });
  expect(await mailTo(email)).toHaveLength(2);
});

test("an invitation sent again counts against the address: past five an hour, none sent, the link kept", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td);
  const email = newEmail("patient");
  await walkIn(td, t, { name: "Pat", email });
  const tokenHash = async () =>
    (await s.rows<{ h: string }>("select password_reset_token as h from players where email = ?", [email]))[0]?.h;
  for (let i = 0; i < 4; i++) await perform(s.app, s.sender, resendInvitation, { email });
  expect(await mailTo(email)).toHaveLength(5);
  const kept = await tokenHash();
  await perform(s.app, s.sender, resendInvitation, { email });
  expect(await mailTo(email)).toHaveLength(5);
  expect(await tokenHash()).toBe(kept);
  // An address with no invitation waiting is told nothing and counts nothing.
  const nobody = newEmail("nobody");
  await perform(s.app, s.sender, resendInvitation, { email: nobody });
  expect(await mailTo(nobody)).toHaveLength(0);
  expect(await s.count("rate_limits", "key = ?", [`mail-to:${nobody}`])).toBe(0);
});
