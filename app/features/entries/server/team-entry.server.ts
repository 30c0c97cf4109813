// A captain's team entry (decision 011): checked against the accounts before
// the joining batch, written in it with the captain's hold, and the teammates
// told. A teammate named by an e-mail no player has gets an invited account
// in that batch (decision 011), e-mailed a link to set a password.
import { eq, sql } from "drizzle-orm";
import { assertInBatch, build, first, query, reads, type Item, type Sender } from "~/db/batch.server.ts";
import { players, teamMembers, teams, tournamentPlayers } from "~/db/schema.ts";
import { DomainError, tournamentNotFound } from "~/domain/errors.ts";
import { emailDateTime } from "~/domain/dates.ts";
import { checkTeamEntry } from "~/features/entries/domain/team-entry.ts";
import { isTeamEvent, normaliseEmails, teamMessages, teamNameKey, teamSize } from "~/features/entries/domain/teams.ts";
import { sendLimited, type Mailer } from "~/server/email.server.ts";
import {
  invitation,
  invitationLines,
  invitedAccountStatement,
  playersByEmailQuery,
  type Invitation,
} from "~/features/accounts/server/invited-accounts.server.ts";
import { livePlace, NOT_A_TEAM_EVENT } from "~/features/play/server/places.server.ts";
import { countWithinLimit, currentCount, INVITED_ACCOUNTS_LIMIT, refuseIfOver } from "~/server/rate-limit.server.ts";
import {
  tournamentIdSql,
  tournamentRow,
  type TournamentRef,
} from "~/features/tournaments/server/tournament-ref.server.ts";

/** A member of a team as named: a player's account, or one made with the entry (`invited`). */
type Member = { id: string; name: string; email: string; invited: Invitation | null };

/** A team as the captain named it, checked against the accounts: its members' ids, the captain first. */
export type CheckedTeam = {
  tournamentId: string;
  tournament: { name: string; venue: string; date: string; time: string; slug: string };
  name: string;
  memberIds: string[];
  members: Member[];
};

/**
 * What a team entry is checked against, in one read: the tournament, the
 * captain, the named players' accounts, those already in another live team
 * of the tournament and whether another live team has the name.
 */
function teamCheckRead(tournament: TournamentRef, captainId: string, teamName: string, emails: string[], now: number) {
  const key = tournamentIdSql(tournament);
  return reads({
    t: first(tournamentRow(tournament)),
    captain: first(
      build
        .select({ id: players.id, name: players.name, email: players.email })
        .from(players)
        .where(eq(players.id, captainId))
        .limit(1),
    ),
    named: playersByEmailQuery(emails),
    invites: query(currentCount(INVITED_ACCOUNTS_LIMIT, captainId, now)),
    taken: query(
      build.all<{ playerId: string }>(sql`select tm.player_id as playerId from ${teamMembers} tm
        join ${tournamentPlayers} tp on tp.id = tm.team_id
        where tm.tournament_id = ${key} and tp.player_id != ${captainId} and ${livePlace("tp", now)}`),
    ),
    nameTaken: query(
      build.all<{ n: number }>(sql`select count(*) as n from ${teams} te
        join ${tournamentPlayers} tp on tp.id = te.id
        where te.tournament_id = ${key} and tp.player_id != ${captainId} and ${livePlace("tp", now)}
          and te.name_key = ${teamNameKey(teamName)}`),
      ([row]) => Number(row?.n ?? 0) > 0,
    ),
  });
}

/** The e-mails a captain sent (`teammates: [email | { email, name? }]`), to look up before they are checked. */
function sentEmails(teammates: unknown): string[] {
  // At most a 4v4's teammates and a few more are looked up; a longer list is refused by the count anyway.
  const sent = Array.isArray(teammates) ? teammates.slice(0, 8) : [];
  const emails = sent.map((t: unknown) =>
    typeof t === "object" && t !== null ? (t as Record<string, unknown>).email : t,
  );
  return normaliseEmails(emails.filter((e): e is string => typeof e === "string" && e.length <= 254));
}

/**
 * A captain's team entry checked before anything is written (the
 * product's messages); the joining batch asserts the same again, for two captains
 * naming the same player at once. An e-mail no player has becomes an
 * invitation, made by the joining batch.
 */
export async function checkTeam(
  db: Sender,
  {
    captainId,
    tournament,
    teamName,
    teammates,
    now = Date.now(),
  }: {
    captainId: string;
    tournament: TournamentRef;
    teamName: unknown;
    teammates: unknown;
    now?: number;
  },
): Promise<CheckedTeam> {
  const read = await db.send(teamCheckRead(tournament, captainId, String(teamName ?? ""), sentEmails(teammates), now));
  const { t, captain } = read;
  if (!t) throw tournamentNotFound();
  if (!captain) throw new DomainError(403, "Only players can join tournaments");
  if (!isTeamEvent(t.matchType)) throw new DomainError(400, NOT_A_TEAM_EVENT);
  const checked = checkTeamEntry({ teamName, teammates }, teamSize(t.matchType), captain.email);
  if (!checked.ok) throw new DomainError(400, checked.message, { field: checked.field });
  const byEmail = new Map(read.named.map((p) => [p.email, p]));
  const members: Member[] = [{ ...captain, invited: null }];
  for (const mate of checked.entry.teammates) {
    const account = byEmail.get(mate.email);
    if (account) {
      members.push({ ...account, invited: null });
      continue;
    }
    const invited = await invitation(mate.name, mate.email);
    members.push({ id: invited.id, name: invited.name, email: invited.email, invited });
  }
  const taken = new Set(read.taken.map((r) => r.playerId));
  const already = members.find((m) => taken.has(m.id));
  if (already) throw new DomainError(409, teamMessages.alreadyIn(already.email));
  if (read.nameTaken) throw new DomainError(409, teamMessages.nameTaken, { field: "teamName" });
  // Each invited account locks an address: at most so many an hour from one captain, or nothing is written.
  const invitedCount = members.filter((m) => m.invited).length;
  if (invitedCount > 0) {
    refuseIfOver(read.invites, INVITED_ACCOUNTS_LIMIT, now, INVITED_ACCOUNTS_LIMIT.limit - invitedCount);
  }
  const { name, venue, date, time, slug } = t;
  return {
    tournamentId: t.id,
    tournament: { name, venue, date, time, slug },
    name: checked.entry.teamName,
    memberIds: members.map((m) => m.id),
    members,
  };
}

/**
 * The team written with its captain's hold, in the joining batch: asserted
 * again (nobody in another live team, the name free), the invited accounts
 * made only if the batch has just taken or renewed the hold, then the team
 * and its members for that hold.
 */
export function teamStatements(team: CheckedTeam, captainId: string, now: number): Item[] {
  const hold = sql`(select tp.id from ${tournamentPlayers} tp where tp.player_id = ${captainId}
    and tp.tournament_id = ${team.tournamentId} and tp.paid = 0 and tp.hold_expires_at > ${now})`;
  const members = sql.join(
    team.memberIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const invitedCount = team.members.filter((m) => m.invited).length;
  return [
    assertInBatch(sql`not exists (select 1 from ${teamMembers} tm join ${tournamentPlayers} tp on tp.id = tm.team_id
      where tm.tournament_id = ${team.tournamentId} and tp.player_id != ${captainId}
        and ${livePlace("tp", now)} and tm.player_id in (${members}))`),
    assertInBatch(sql`not exists (select 1 from ${teams} te join ${tournamentPlayers} tp on tp.id = te.id
      where te.tournament_id = ${team.tournamentId} and tp.player_id != ${captainId}
        and ${livePlace("tp", now)} and te.name_key = ${teamNameKey(team.name)})`),
    ...team.members.flatMap((m) => (m.invited ? [invitedAccountStatement(m.invited, now, sql`exists ${hold}`)] : [])),
    ...(invitedCount > 0
      ? countWithinLimit(INVITED_ACCOUNTS_LIMIT, captainId, now, invitedCount, sql`exists ${hold}`)
      : []),
    build.run(sql`insert into ${teams} (id, tournament_id, name, name_key, captain_id, created_at)
      select tp.id, tp.tournament_id, ${team.name}, ${teamNameKey(team.name)}, ${captainId}, ${now}
      from ${tournamentPlayers} tp where tp.id = ${hold}
      on conflict (id) do update set name = excluded.name, name_key = excluded.name_key`),
    build.run(sql`delete from ${teamMembers} where team_id = ${hold}`),
    ...team.memberIds.map((memberId, slot) =>
      build.run(sql`insert into ${teamMembers} (team_id, tournament_id, player_id, slot)
        select tp.id, tp.tournament_id, ${memberId}, ${slot} from ${tournamentPlayers} tp where tp.id = ${hold}`),
    ),
  ];
}

/**
 * Tells the captain's teammates they are in the team (the outbox locally); an
 * invited teammate also gets the link to set the new account's password. Each
 * address only while under the hour's limit of e-mails to it (the payment
 * comes between the joining batch and this, so it is counted here).
 */
export async function tellTeammates(db: Sender, mailer: Mailer, team: CheckedTeam, origin: string): Promise<void> {
  const [captain, ...others] = team.members;
  const t = team.tournament;
  const emails = others.map((member) => ({
    to: member.email,
    subject: `You're in team ${team.name} — ${t.name}`,
    text: [
      `Hi ${member.name},`,
      "",
      `${captain?.name ?? "Your captain"} has entered you in team "${team.name}" for ${t.name} at ${t.venue}`,
      `on ${emailDateTime(t)}. The captain pays the whole team's entry; nothing is due from you.`,
      ...(member.invited ? ["", ...invitationLines(member.invited, origin)] : []),
      "",
      `The tournament: ${origin}/tournament/${t.slug}`,
      "You can leave the team there before the tournament starts.",
    ].join("\n"),
  }));
  await sendLimited(db, mailer, emails);
}
