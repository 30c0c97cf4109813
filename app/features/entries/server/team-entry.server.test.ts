// A captain names a teammate who has no account (decision 011), in-process: the
// invited account is made in the joining batch (a refused join leaves none),
// e-mailed a link to set its password, used again when the hold ran out and
// the captain enters again; two captains naming the same new e-mail, and a
// guest's stored e-mail. The JSON, the form and the link followed through the
// Worker are the HTTP suite's (tests/teams.test.ts).
import { expect, test } from "vitest";
import { emailDateTime } from "~/domain/dates.ts";
import { answered, useServiceDb, type Account } from "../../../../test-support/services.ts";
import { addCashEntry } from "./cash-entries.server.ts";
import { checkCashEntry } from "~/features/entries/domain/cash-entry.ts";
import { sha256Hex } from "~/features/accounts/server/crypto.server.ts";
import { getMailer } from "~/server/email.server.ts";
import { joinTournament } from "./joining.server.ts";
import { checkTeam, tellTeammates } from "./team-entry.server.ts";

const s = useServiceDb();

type Teammates = (string | { email: string; name?: string })[];

/** The captain's join as the routes run it: checked, joined, the teammates told. */
async function enter(captain: Account, t: { id: string }, teamName: string, teammates: Teammates) {
  const team = await checkTeam(s.sender, { captainId: captain.id, tournament: { id: t.id }, teamName, teammates });
  const joined = await joinTournament(s.sender, s.payments, { playerId: captain.id, tournament: { id: t.id }, team });
  await tellTeammates(s.sender, getMailer(s.app.env, s.db), team, "https://breakandrun.test");
  return joined;
}

const newEmail = (what: string) => `${what}-${crypto.randomUUID().slice(0, 8)}@example.com`;
const accountsOf = (email: string) =>
  s.rows<{ id: string; name: string; password_hash: string; password_reset_token: string; guest: number }>(
    "select id, name, password_hash, password_reset_token, password_reset_expires, guest from players where email = ?",
    [email],
  );
const mailTo = (email: string) =>
  s.rows<{ subject: string; text: string }>("select * from outbox where to_address = ?", [email]);

test("a teammate with no account: an invited account made with the hold, in the team, e-mailed a link", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { matchType: "3v3", maxPlayers: 4, name: "Thursday Triples" });
  const [cap, known] = [await s.player("Cap"), await s.player("Known")];
  const [kim, lee] = [newEmail("kim.smith"), newEmail("lee")];
  const joined = await enter(cap, t, "Cue Balls", [known.email, { email: kim.toUpperCase(), name: " Kim Smith " }]);
  const [account] = await accountsOf(kim);
  // Named as the captain said, no password until set from the link (valid 14 days), not a guest.
  expect(account).toMatchObject({ name: "Kim Smith", password_hash: "", guest: 0 });
  const members = await s.rows("select player_id, slot from team_members where team_id = ? order by slot", [
    joined.registrationId,
  ]);
  expect(members).toEqual([
    { player_id: cap.id, slot: 0 },
    { player_id: known.id, slot: 1 },
    { player_id: account?.id, slot: 2 },
  ]);
  const [mail] = await mailTo(kim);
  expect(mail?.subject).toBe("You're in team Cue Balls — Thursday Triples");
  expect(mail?.text).toContain('Cap has entered you in team "Cue Balls" for Thursday Triples');
  expect(mail?.text).toContain("nothing is due from you");
  // The night as a person writes it: "on Friday 3 December, 7:30pm".
  expect(mail?.text).toContain(`on ${emailDateTime(t)}. The captain pays`);
  expect(mail?.text).toMatch(/on [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+, 7:30pm\./);
  const link = /https:\/\/breakandrun\.test\/welcome\?(\S+)/.exec(mail?.text ?? "")?.[1];
  const params = new URLSearchParams(link);
  expect(params.get("email")).toBe(kim);
  expect(await sha256Hex(params.get("token") ?? "")).toBe(account?.password_reset_token);
  // The player who has an account is told as before: no link.
  const [toKnown] = await mailTo(known.email);
  expect(toKnown?.text).not.toContain("/welcome?");

  // Without a name, the e-mail's local part.
  const other = await s.player("Other");
  await enter(other, t, "Pot Luck", [{ email: lee }, newEmail("mo")]);
  expect((await accountsOf(lee)).map((a) => a.name)).toEqual([lee.split("@")[0]]);
});

test("a refused join leaves no invited account behind: full, or a teammate taken meanwhile", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { matchType: "2v2", maxPlayers: 2 });
  await s.enterTeam(t, 1);
  await s.enterTeam(t, 2);
  const late = await s.player("Late");
  const nobody = newEmail("nobody");
  expect(await answered(enter(late, t, "Too Late", [nobody]))).toEqual({
    status: 409,
    message: "This tournament is full",
  });
  expect(await accountsOf(nobody)).toEqual([]);
  expect(await s.count("outbox", "to_address = ?", [nobody])).toBe(0);

  // Checked while the teammate was free; another captain takes them before the joining batch: it is refused whole.
  const open = await s.tournament(td, { matchType: "3v3", maxPlayers: 4 });
  const [x, y, wanted] = [await s.player("X"), await s.player("Y"), await s.player("Wanted")];
  const fresh = newEmail("fresh");
  const team = await checkTeam(s.sender, {
    captainId: x.id,
    tournament: { id: open.id },
    teamName: "Xs",
    teammates: [wanted.email, fresh],
  });
  await enter(y, open, "Ys", [wanted.email, newEmail("y-mate")]);
  const joining = joinTournament(s.sender, s.payments, { playerId: x.id, tournament: { id: open.id }, team });
  expect(await answered(joining)).toEqual({
    status: 409,
    message: "A teammate or the team name was taken meanwhile: check your team and try again",
  });
  expect(await accountsOf(fresh)).toEqual([]);
});

test("the hold ran out and the captain enters again: the invited account is simply used", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { matchType: "2v2", maxPlayers: 8 });
  const cap = await s.player("Cap");
  const kim = newEmail("kim");
  const first = await enter(cap, t, "Cue Balls", [{ email: kim, name: "Kim" }]);
  const [invited] = await accountsOf(kim);
  await s.rows("update tournament_players set hold_expires_at = ? where id = ?", [
    Date.now() - 1,
    first.registrationId,
  ]);

  const again = await enter(cap, t, "Cue Balls", [{ email: kim, name: "Someone Else" }]);
  if (again.paid) throw new Error("a paid tournament needs a payment");
  // One account, its name as first made; the team is the captain and it.
  expect(await accountsOf(kim)).toEqual([invited]);
  const members = await s.rows("select player_id from team_members where team_id = ? order by slot", [
    again.registrationId,
  ]);
  expect(members.map((m) => m.player_id)).toEqual([cap.id, invited?.id]);
  expect((await s.payByCard(again.paymentIntentId))?.status).toBe("succeeded");
  expect(await s.count("tournament_players", "tournament_id = ? and paid = 1", [t.id])).toBe(1);
  await s.expectLedgerTrue();
});

test("two captains naming the same new e-mail: one makes the account, the other is refused with a 409", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { matchType: "2v2", maxPlayers: 8 });
  const [a, b] = [await s.player("A"), await s.player("B")];
  // Both checked before either wrote (each saw no account): the second's batch meets the unique e-mail.
  const wanted = newEmail("wanted");
  const teams = await Promise.all(
    [a, b].map((c, i) =>
      checkTeam(s.sender, { captainId: c.id, tournament: { id: t.id }, teamName: `Team ${i}`, teammates: [wanted] }),
    ),
  );
  const join = (c: Account, i: number) =>
    answered(joinTournament(s.sender, s.payments, { playerId: c.id, tournament: { id: t.id }, team: teams[i] }));
  expect(await join(a, 0)).toEqual({ status: 200, message: null });
  expect(await join(b, 1)).toEqual({
    status: 409,
    message: "A teammate or the team name was taken meanwhile: check your team and try again",
  });
  // Nothing of B's was written: its hold went with the refused batch.
  expect(await s.count("tournament_players", "tournament_id = ? and player_id = ?", [t.id, b.id])).toBe(0);

  // At once, as the requests come: whichever way they cross, one 200 and one 409, one account.
  for (let round = 0; round < 3; round++) {
    const email = newEmail(`race${round}`);
    const [c, d] = [await s.player(), await s.player()];
    const results = await Promise.all([
      answered(enter(c, t, `C ${round}`, [email])),
      answered(enter(d, t, `D ${round}`, [email])),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await accountsOf(email)).toHaveLength(1);
    expect(await s.count("team_members", "player_id = (select id from players where email = ?)", [email])).toBe(1);
  }
});

test("a guest's stored e-mail never names the guest: it is no address", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { matchType: "2v2", maxPlayers: 8 });
  const walkIn = await addCashEntry(s.sender, {
    organiserId: td.id,
    tournament: { id: t.id },
    check: (size) =>
      checkCashEntry({ paidBy: "cash", teamName: "Walk Ins", members: [{ name: "Gus" }, { name: "Guy" }] }, size),
  });
  const [guest] = await s.rows<{ email: string }>(
    "select email from players where guest = 1 and id in (select player_id from team_members where team_id = ?)",
    [walkIn.entry.id],
  );
  const cap = await s.player("Cap");
  expect(await answered(enter(cap, t, "Sneaky", [guest?.email ?? ""]))).toEqual({
    status: 400,
    message: `No player account for ${guest?.email}`,
  });
  expect(await s.count("tournament_players", "tournament_id = ? and player_id = ?", [t.id, cap.id])).toBe(0);
});
