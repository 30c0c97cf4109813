// A team before the start (decision 011): a member leaves, the captain names a
// replacement. No money moves; a team a player short cannot start.
import { and, asc, eq, sql } from "drizzle-orm";
import {
  assertInBatch,
  build,
  first,
  isBatchGuardFailure,
  isUniqueViolation,
  mapRead,
  query,
  reads,
  trailing,
  write,
  type ReadResult,
  type Sender,
} from "~/db/batch.server.ts";
import { players, teamMembers, teams, tournamentPlayers, tournaments } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import { deliverable, teammateName } from "~/features/entries/domain/team-entry.ts";
import { teamMessages, teamSize } from "~/features/entries/domain/teams.ts";
import type { Change } from "~/domain/changes.ts";
import { countMail, sendCounted } from "~/server/email.server.ts";
import type { Mail } from "~/web/done.ts";
import {
  invitation,
  invitationLines,
  invitedAccountStatement,
  playersByEmailQuery,
} from "~/features/accounts/server/invited-accounts.server.ts";
import { livePlace } from "~/features/play/server/places.server.ts";
import { countWithinLimit, currentCount, INVITED_ACCOUNTS_LIMIT, refuseIfOver } from "~/server/rate-limit.server.ts";

const teamChangeMessages = {
  notFound: "Team not found",
  started: "A team can only change before the tournament starts",
  captainOnly: "Only the team's captain can name a replacement",
  memberOnly: "Only a member of the team can leave it",
  captainStays: "The captain cannot leave the team: the captain paid for it",
  captainNotReplaced: "The captain cannot be replaced",
  notInTeam: (email: string) => `${email} is not in this team`,
  full: "The team is full: name who the new member replaces",
  changed: "The team changed meanwhile: check it and try again",
} as const;

/** The team (in this tournament), its tournament's status and its members with their e-mails: one read. */
function teamRead(tournamentId: string, teamId: string) {
  return reads({
    team: first(
      build
        .select({
          id: teams.id,
          name: teams.name,
          captainId: teams.captainId,
          organiserId: tournaments.organiserId,
          status: tournaments.status,
          matchType: tournaments.matchType,
          tournamentName: tournaments.name,
          slug: tournaments.slug,
          live: sql<number>`(${tournamentPlayers.paid} = 1 or ${tournamentPlayers.holdExpiresAt} > ${Date.now()})`,
        })
        .from(teams)
        .innerJoin(tournaments, eq(tournaments.id, teams.tournamentId))
        .innerJoin(tournamentPlayers, eq(tournamentPlayers.id, teams.id))
        .where(and(eq(teams.id, teamId), eq(teams.tournamentId, tournamentId)))
        .limit(1),
    ),
    members: query(
      build
        .select({ id: players.id, email: players.email, name: players.name, slot: teamMembers.slot })
        .from(teamMembers)
        .innerJoin(players, eq(players.id, teamMembers.playerId))
        .where(eq(teamMembers.teamId, teamId))
        .orderBy(asc(teamMembers.slot)),
    ),
  });
}

const stillOpen = (tournamentId: string) =>
  assertInBatch(sql`exists (select 1 from ${tournaments} t where t.id = ${tournamentId} and t.status = 'open')`);

const refusedAsChanged = (error: unknown) =>
  isBatchGuardFailure(error) || isUniqueViolation(error) ? new DomainError(409, teamChangeMessages.changed) : undefined;

/** A member leaves their team before the start; the captain stays (they paid). */
export async function leaveTeam(
  db: Sender,
  { playerId, tournamentId, teamId }: { playerId: string; tournamentId: string; teamId: string },
) {
  const { team, members } = await db.send(teamRead(tournamentId, teamId));
  if (!team || !Number(team.live)) throw new DomainError(404, teamChangeMessages.notFound);
  if (!members.some((m) => m.id === playerId)) throw new DomainError(403, teamChangeMessages.memberOnly);
  if (team.captainId === playerId) throw new DomainError(409, teamChangeMessages.captainStays);
  if (team.status !== "open") throw new DomainError(409, teamChangeMessages.started);
  await db.write(
    write(
      [
        stillOpen(tournamentId),
        build
          .delete(teamMembers)
          .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.playerId, playerId)))
          .returning({ id: teamMembers.playerId }),
      ],
      ([, removed]) => {
        if (!(removed as unknown[])[0]) throw new DomainError(409, teamChangeMessages.changed);
      },
      (error) => (isBatchGuardFailure(error) ? new DomainError(409, teamChangeMessages.started) : undefined),
    ),
  );
  const changes: Change[] = [{ organiserId: team.organiserId, tournamentId, what: "entries" }];
  return { answer: { left: true as const }, changes };
}

/** Who is replaced, by whom: as the captain's form or the JSON API names them. */
type Replacement = {
  captainId: string;
  tournamentId: string;
  teamId: string;
  /** Who is replaced: an e-mail (the JSON API), or a member's id (the page, which shows no e-mails). */
  from: string;
  fromId?: string;
  to: string;
  /** The name of an account made for `to`; blank, the e-mail's local part. */
  toName?: unknown;
  now?: number;
};

/** The team, whether the newcomer has an account or a place in another team already, and the hour's invitations. */
function replacementRead(captainId: string, tournamentId: string, teamId: string, toEmail: string, now: number) {
  return reads({
    found: teamRead(tournamentId, teamId),
    newcomer: mapRead(playersByEmailQuery([toEmail]), ([found]) => found),
    elsewhere: query(
      build.all<{ n: number }>(sql`select count(*) as n from ${teamMembers} tm
        join ${tournamentPlayers} tp on tp.id = tm.team_id
        join ${players} p on p.id = tm.player_id
        where tm.tournament_id = ${tournamentId} and p.email = ${toEmail} and ${livePlace("tp", now)}`),
      ([row]) => Number(row?.n ?? 0) > 0,
    ),
    invites: query(currentCount(INVITED_ACCOUNTS_LIMIT, captainId, now)),
  });
}

type ReplacementRead = ReadResult<ReturnType<typeof replacementRead>>;

/**
 * Whether the captain may make this replacement, as read: the member who leaves (none when a place is empty) and
 * the slot the newcomer takes (the leaver's, or the first empty one).
 */
function checkReplacement(
  read: ReplacementRead,
  { captainId, fromId, fromEmail, toEmail }: { captainId: string; fromId?: string; fromEmail: string; toEmail: string },
) {
  const { team, members } = read.found;
  if (!team || !Number(team.live)) throw new DomainError(404, teamChangeMessages.notFound);
  if (team.captainId !== captainId) throw new DomainError(403, teamChangeMessages.captainOnly);
  if (team.status !== "open") throw new DomainError(409, teamChangeMessages.started);
  const captain = members.find((m) => m.id === captainId);
  if (fromEmail === captain?.email || fromId === captainId)
    throw new DomainError(400, teamChangeMessages.captainNotReplaced);
  if (!read.newcomer && !deliverable(toEmail))
    throw new DomainError(400, teamMessages.noAccount(toEmail), { field: "to" });
  if (read.elsewhere) throw new DomainError(409, teamMessages.alreadyIn(toEmail), { field: "to" });
  const size = teamSize(team.matchType);
  const leaving = members.find((m) => m.email === fromEmail || (fromId !== undefined && m.id === fromId));
  if (!leaving && members.length >= size) throw new DomainError(400, teamChangeMessages.notInTeam(fromEmail));
  // The newcomer takes the leaver's slot, or the first empty one.
  const taken = new Set(members.filter((m) => m !== leaving).map((m) => m.slot));
  const slot = leaving?.slot ?? Array.from({ length: size }, (_, i) => i).find((i) => !taken.has(i)) ?? size;
  return { team, captain, size, leaving, slot };
}

/**
 * The captain names a replacement: `from` is a member (swapped out) or the
 * one who left (their place is empty); `to` has no place in the tournament
 * (an e-mail no player has gets an invited account, named `toName` or by the
 * e-mail: decision 011). One batch, asserting what was read.
 */
export async function replaceTeamMember(
  db: Sender,
  { captainId, tournamentId, teamId, from, fromId, to, toName, now = Date.now() }: Replacement,
) {
  const fromEmail = from.trim().toLowerCase();
  const toEmail = to.trim().toLowerCase();
  const read = await db.send(replacementRead(captainId, tournamentId, teamId, toEmail, now));
  const { team, captain, size, leaving, slot } = checkReplacement(read, { captainId, fromId, fromEmail, toEmail });
  const named = teammateName(toName, toEmail);
  if (!named.ok) throw new DomainError(400, named.message, { field: "name" });
  const invited = read.newcomer ? null : await invitation(named.name, toEmail);
  const newcomer = read.newcomer ?? invited;
  if (!newcomer) throw new DomainError(400, teamMessages.noAccount(toEmail), { field: "to" });
  // An invited account locks an address: at most so many an hour from one captain, or nothing is written.
  if (invited) refuseIfOver(read.invites, INVITED_ACCOUNTS_LIMIT, now, INVITED_ACCOUNTS_LIMIT.limit - 1);
  // The e-mail to come is counted with the change: a refused change counts none.
  const mail = countMail([newcomer.email], now);

  const mailTo = await db.write(
    write(
      [
        stillOpen(tournamentId),
        assertInBatch(sql`not exists (select 1 from ${teamMembers} tm join ${tournamentPlayers} tp on tp.id = tm.team_id
          where tm.tournament_id = ${tournamentId} and tm.player_id = ${newcomer.id} and ${livePlace("tp", now)})`),
        // An e-mail taken meanwhile refuses the batch by its unique key: "The team changed meanwhile".
        ...(invited
          ? [invitedAccountStatement(invited, now), ...countWithinLimit(INVITED_ACCOUNTS_LIMIT, captainId, now, 1)]
          : []),
        ...(leaving
          ? [build.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.playerId, leaving.id)))]
          : []),
        build.insert(teamMembers).values({ teamId, tournamentId, playerId: newcomer.id, slot }),
        assertInBatch(sql`(select count(*) from ${teamMembers} tm where tm.team_id = ${teamId}) <= ${size}`),
        ...mail.items,
      ],
      (raw) => trailing(raw, mail)[0],
      refusedAsChanged,
    ),
  );
  const told: Mail = (mailer, origin) =>
    sendCounted(mailer, mailTo, [
      {
        to: newcomer.email,
        subject: `You're in team ${team.name} — ${team.tournamentName}`,
        text: [
          `Hi ${newcomer.name},`,
          "",
          `${captain?.name ?? "The captain"} has named you in team "${team.name}" for ${team.tournamentName}.`,
          "The captain has paid the team's entry; nothing is due from you.",
          ...(invited ? ["", ...invitationLines(invited, origin)] : []),
          "",
          `The tournament: ${origin}/tournament/${team.slug}`,
        ].join("\n"),
      },
    ]);
  const changes: Change[] = [{ organiserId: team.organiserId, tournamentId, what: "entries" }];
  return { answer: { replaced: { from: fromEmail, to: toEmail } }, changes, mail: [told] };
}
