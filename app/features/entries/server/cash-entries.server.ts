// Walk-ins paying at the bar (DESIGN §10): the director enters a player or a
// team as paid in cash — no payment, no ledger row; the cash is in the
// director's hand and settled at finalize. A known e-mail enters that player,
// an unknown one makes an invited account (e-mailed a link to set a
// password), none a guest (a name only, whose id is its entry's). Removing a
// cash entry before the start writes nothing to the ledger: the director
// hands the cash back.
import { and, eq, type SQL, sql } from "drizzle-orm";
import {
  assertInBatch,
  build,
  first,
  isBatchGuardFailure,
  known as knownValue,
  isUniqueViolation,
  query,
  reads,
  trailing,
  write,
  type Item,
  type Sender,
} from "~/db/batch.server.ts";
import { players, teamMembers, teams, tournamentPlayers, tournaments } from "~/db/schema.ts";
import {
  cashEntryMessages,
  SAME_NAME,
  type CashEntryInput,
  type WalkIn,
} from "~/features/entries/domain/cash-entry.ts";
import { DomainError } from "~/domain/errors.ts";
import { emailDateTime } from "~/domain/dates.ts";
import { ownTournament } from "~/features/play/domain/play-checks.ts";
import { teamMessages, teamNameKey, teamSize } from "~/features/entries/domain/teams.ts";
import { joinRefusals } from "~/domain/tournaments.ts";
import { offerStatements, type Offered } from "./reserves.server.ts";
import { countMail, sendCounted, type Email, type MailAllowance, type Mailer } from "~/server/email.server.ts";
import {
  invitation,
  invitationLines,
  guestAccountStatement,
  invitedAccountStatement,
  playersByEmailQuery,
  type Invitation,
} from "~/features/accounts/server/invited-accounts.server.ts";
import { livePlace, roomFor } from "~/features/play/server/places.server.ts";
import { countWithinLimit, currentCount, INVITED_ACCOUNTS_LIMIT, refuseIfOver } from "~/server/rate-limit.server.ts";
import { replayAfterStarts, startsWithoutEntry } from "~/features/ratings/server/starting-ratings.server.ts";
import { tournamentRow, type TournamentRef } from "~/features/tournaments/server/tournament-ref.server.ts";

type Tournament = typeof tournaments.$inferSelect;

/** A person of the entry as written: an account that exists, or one made now. */
type Person = WalkIn & {
  id: string;
  made: "none" | "invited" | "guest";
  /** An invited account's link to set its password. */
  invited: Invitation | null;
};

type CashEntry = { id: string; name: string; paidBy: "cash"; playerId: string | null; guest: boolean };

export type AddedCashEntry = {
  entry: CashEntry;
  tournament: Pick<Tournament, "id" | "organiserId" | "name" | "venue" | "date" | "time" | "slug">;
  /** Who gets an e-mail: invited accounts their link, players with an account that they are in. */
  people: Person[];
  /** Their addresses still under the hour's limit of e-mails to one address (counted with the entry). */
  mailTo: MailAllowance;
};

/** An entrant of the tournament already called this name (letters' case aside). */
function namesakeQuery(tournamentId: string, name: string) {
  return build
    .select({ id: players.id })
    .from(tournamentPlayers)
    .innerJoin(players, eq(players.id, tournamentPlayers.playerId))
    .where(
      and(
        eq(tournamentPlayers.tournamentId, tournamentId),
        eq(tournamentPlayers.paid, true),
        sql`lower(${players.name}) = lower(${name})`,
      ),
    )
    .limit(1);
}

/** The director's walk-in, written in one batch: its new accounts, the entry, a team and its members. */
export async function addCashEntry(
  db: Sender,
  {
    organiserId,
    tournament,
    check,
    sameName,
    now = Date.now(),
  }: {
    organiserId: string;
    tournament: TournamentRef;
    /** Checks the body for the tournament's team size (checkCashEntry). */
    check: (size: number) => CashEntryInput;
    /**
     * The page's warning before a second entrant of a name already entered: "ask" refuses such a walk-in with
     * `SAME_NAME` unless the director confirmed that very name (`confirmed`); absent, the name is not looked at (the
     * JSON API, whose clients may enter two Daves).
     */
    sameName?: { confirmed: string | null };
    now?: number;
  },
): Promise<AddedCashEntry> {
  const t = ownTournament(await db.send(first(tournamentRow(tournament))), organiserId);
  const input = check(teamSize(t.matchType));
  const named = input.kind === "single" ? [input.person] : input.members;
  const emails = named.flatMap((p) => (p.email ? [p.email] : []));
  const asked = sameName && input.kind === "single" && sameName.confirmed !== input.person.name;
  const { known, invites, namesake } = await db.send(
    reads({
      known: playersByEmailQuery(emails),
      invites: query(currentCount(INVITED_ACCOUNTS_LIMIT, organiserId, now)),
      namesake: asked && input.kind === "single" ? first(namesakeQuery(t.id, input.person.name)) : knownValue(null),
    }),
  );
  if (namesake && input.kind === "single") {
    throw new DomainError(409, cashEntryMessages.sameName(input.person.name), { field: "name", code: SAME_NAME });
  }
  const entryId = crypto.randomUUID();
  const people = await peopleOf(named, known, input.kind === "single" ? entryId : null);
  const [captain] = people;
  if (!captain) throw new DomainError(400, cashEntryMessages.teamMembers(teamSize(t.matchType)), { field: "members" });
  // Each invited account locks an address: at most so many an hour from one director, or nothing is written.
  const invitedCount = people.filter((p) => p.made === "invited").length;
  if (invitedCount > 0) refuseIfOver(invites, INVITED_ACCOUNTS_LIMIT, now, INVITED_ACCOUNTS_LIMIT.limit - invitedCount);
  const walkIn: WalkInEntry = {
    t,
    captain,
    people,
    inList: sql.join(
      people.map((p) => sql`${p.id}`),
      sql`, `,
    ),
    teamName: input.kind === "team" ? input.teamName : null,
    invitedCount,
    now,
  };
  const guards = entryGuards(walkIn);
  // The e-mails to come are counted with the entry: a refused entry counts none.
  const mail = countMail(
    mailed(people).map((p) => p.email),
    now,
  );
  let written: { id: string; mailTo: MailAllowance };
  try {
    written = await db.write(
      write([...guards, entryStatement(entryId, walkIn), ...teamStatements(walkIn), ...mail.items], (raw) => {
        const row = (raw[guards.length] as { id: string }[])[0];
        if (!row) throw new DomainError(409, cashEntryMessages.alreadyIn(captain.name));
        const [mailTo] = trailing(raw, mail);
        return { id: row.id, mailTo };
      }),
    );
  } catch (error) {
    // A new e-mail taken meanwhile (another entry naming it at the same moment): the unique key refused the batch.
    if (isUniqueViolation(error)) throw new DomainError(409, cashEntryMessages.tryAgain);
    if (!isBatchGuardFailure(error)) throw error;
    throw await whyRefused(db, walkIn);
  }
  const name = input.kind === "team" ? input.teamName : captain.name;
  const guest = input.kind === "single" && captain.made === "guest";
  const { id, organiserId: owner, venue, date, time, slug } = t;
  return {
    entry: { id: written.id, name, paidBy: "cash", playerId: guest ? null : captain.id, guest },
    tournament: { id, organiserId: owner, name: t.name, venue, date, time, slug },
    people,
    mailTo: written.mailTo,
  };
}

/** A walk-in entry as its batch is built and, if refused, explained. */
type WalkInEntry = {
  t: Tournament;
  captain: Person;
  people: Person[];
  /** The people's ids, as an SQL list. */
  inList: SQL;
  teamName: string | null;
  invitedCount: number;
  now: number;
};

/**
 * The people of a walk-in as written: a player with an account for a known e-mail, an invited account for a new
 * one, else a guest. A single guest's id is its entry's (`guestEntryId`): the match slots hold it, as the API says.
 */
function peopleOf(
  named: readonly WalkIn[],
  known: readonly { id: string; name: string; email: string }[],
  guestEntryId: string | null,
): Promise<Person[]> {
  const byEmail = new Map(known.map((p) => [p.email, p]));
  return Promise.all(
    named.map(async (p, i): Promise<Person> => {
      const account = p.email ? byEmail.get(p.email) : undefined;
      if (account) return { name: account.name, email: account.email, id: account.id, made: "none", invited: null };
      if (p.email) {
        const invited = await invitation(p.name, p.email);
        return { ...p, id: invited.id, made: "invited", invited };
      }
      const id = guestEntryId !== null && i === 0 ? guestEntryId : crypto.randomUUID();
      return { ...p, id, made: "guest", invited: null };
    }),
  );
}

/**
 * The place, asserted before anything is written: still open (a walk-in may come after the online deadline), not
 * full (reserves first); nobody named is in it already (entered, or in another live team); the team's name free.
 * Then the accounts made for it, counted against the hour's invitations.
 */
function entryGuards({ t, captain, people, inList, teamName, invitedCount, now }: WalkInEntry): Item[] {
  const open = sql`exists (select 1 from ${tournaments} where id = ${t.id} and status = 'open')`;
  return [
    assertInBatch(sql`${open} and ${roomFor(t.id, captain.id, now)}`),
    assertInBatch(sql`not ${alreadyIn(t.id, captain.id, inList, now)}`),
    ...(teamName !== null ? [assertInBatch(sql`not ${teamNameTaken(t.id, captain.id, teamName, now)}`)] : []),
    ...people.filter((p) => p.made !== "none").map((p) => newAccount(p, now)),
    ...(invitedCount > 0 ? countWithinLimit(INVITED_ACCOUNTS_LIMIT, t.organiserId, now, invitedCount) : []),
  ];
}

/** The entry; a hold the player had (paying by card) becomes it, and a late card payment is then refunded. */
function entryStatement(entryId: string, { t, captain, now }: WalkInEntry) {
  return build.all<{ id: string }>(sql`insert into ${tournamentPlayers}
      (id, tournament_id, player_id, paid, paid_at, paid_by, joined_at)
    values (${entryId}, ${t.id}, ${captain.id}, 1, ${now}, 'cash', ${now})
    on conflict (tournament_id, player_id) do update
      set paid = 1, paid_at = excluded.paid_at, paid_by = 'cash', hold_expires_at = null, payment_intent_id = null
      where tournament_players.paid = 0
    returning id`);
}

/** A team entry's team and its members, in their slots (the captain first); nothing for a single player. */
function teamStatements({ t, captain, people, teamName, now }: WalkInEntry): Item[] {
  if (teamName === null) return [];
  const registration = sql`(select id from ${tournamentPlayers}
    where tournament_id = ${t.id} and player_id = ${captain.id})`;
  return [
    build.run(sql`insert into ${teams} (id, tournament_id, name, name_key, captain_id, created_at)
      select ${registration}, ${t.id}, ${teamName}, ${teamNameKey(teamName)}, ${captain.id}, ${now}
      on conflict (id) do update set name = excluded.name, name_key = excluded.name_key,
        captain_id = excluded.captain_id`),
    build.run(sql`delete from ${teamMembers} where team_id = ${registration}`),
    ...people.map((p, slot) =>
      build.run(sql`insert into ${teamMembers} (team_id, tournament_id, player_id, slot)
        select ${registration}, ${t.id}, ${p.id}, ${slot}`),
    ),
  ];
}

/** SQL: someone of `inList` is in the tournament already: entered, or in a live team other than the captain's. */
const alreadyIn = (tournamentId: string, captainId: string, inList: SQL, now: number) =>
  sql`(exists (select 1 from ${tournamentPlayers} tp where tp.tournament_id = ${tournamentId}
      and tp.player_id in (${inList}) and tp.paid = 1)
    or exists (select 1 from ${teamMembers} tm join ${tournamentPlayers} tp on tp.id = tm.team_id
      where tm.tournament_id = ${tournamentId} and tm.player_id in (${inList}) and tp.player_id != ${captainId}
        and ${livePlace("tp", now)}))`;

/** SQL: another live team of the tournament has this name (by its key: composed, case ignored). */
const teamNameTaken = (tournamentId: string, captainId: string, name: string, now: number) =>
  sql`exists (select 1 from ${teams} te join ${tournamentPlayers} tp on tp.id = te.id
    where te.tournament_id = ${tournamentId} and tp.player_id != ${captainId} and ${livePlace("tp", now)}
      and te.name_key = ${teamNameKey(name)})`;

/** An invited account (no password until set from its e-mail's link) or a guest (a name only). */
function newAccount(p: Person, now: number): Item {
  if (p.invited) return invitedAccountStatement(p.invited, now);
  return guestAccountStatement(p.id, p.name);
}

/** Why the batch's guards refused the walk-in, read afresh. */
async function whyRefused(
  db: Sender,
  { t, captain, people, inList, teamName, invitedCount, now }: WalkInEntry,
): Promise<DomainError> {
  const { facts, invites } = await db.send(
    reads({
      invites: query(currentCount(INVITED_ACCOUNTS_LIMIT, t.organiserId, now)),
      facts: first(
        build.all<{ status: string | null; room: number; inAlready: number; nameTaken: number }>(sql`select
        (select status from ${tournaments} where id = ${t.id}) as status,
        ${roomFor(t.id, captain.id, now)} as room,
        ${alreadyIn(t.id, captain.id, inList, now)} as inAlready,
        ${teamName === null ? sql`0` : teamNameTaken(t.id, captain.id, teamName, now)} as nameTaken`),
      ),
    }),
  );
  // Another walk-in at the same moment took the hour's last invitations.
  if (invitedCount > 0) refuseIfOver(invites, INVITED_ACCOUNTS_LIMIT, now, INVITED_ACCOUNTS_LIMIT.limit - invitedCount);
  if (facts?.status !== "open") return new DomainError(409, cashEntryMessages.started);
  if (Number(facts.inAlready)) {
    const known = people.filter((p) => p.made === "none").map((p) => p.name);
    return new DomainError(409, cashEntryMessages.alreadyIn(known.join(" or ") || captain.name));
  }
  if (!Number(facts.room)) return new DomainError(409, joinRefusals.full);
  if (Number(facts.nameTaken)) return new DomainError(409, teamMessages.nameTaken, { field: "teamName" });
  return new DomainError(409, cashEntryMessages.tryAgain);
}

/** The people of a walk-in entry who are e-mailed: all but guests. */
const mailed = (people: readonly Person[]) =>
  people.flatMap((p) => (p.email && p.made !== "guest" ? [{ ...p, email: p.email }] : []));

/**
 * E-mails the people of a walk-in entry: an invited account its link to set a password, a player that they are
 * in — each only while its address is under the hour's limit.
 */
export async function tellWalkIns(mailer: Mailer, added: AddedCashEntry, origin: string): Promise<void> {
  const t = added.tournament;
  const where = `${t.name} at ${t.venue} on ${emailDateTime(t)}`;
  const emails = mailed(added.people).map((p): Email => {
    const lines = p.invited
      ? [
          `Hi ${p.name},`,
          "",
          `You're entered in ${where} (paid at the bar).`,
          ...invitationLines(p.invited, origin),
          "",
          `The tournament: ${origin}/tournament/${t.slug}`,
        ]
      : [
          `Hi ${p.name},`,
          "",
          `The director has entered you in ${where} (paid at the bar).`,
          "",
          `The tournament: ${origin}/tournament/${t.slug}`,
        ];
    return { to: p.email, subject: `You're in ${t.name}`, text: lines.join("\n") };
  });
  await sendCounted(mailer, added.mailTo, emails);
}

export type RemovedCashEntry = { tournamentId: string; organiserId: string; offered: Offered[] };

/**
 * Takes a cash entry out before the start (the director hands the cash back): nothing in the ledger. Its guests
 * go with it; a freed place is offered to the first reserve, in the same batch.
 */
export async function removeCashEntry(
  db: Sender,
  {
    organiserId,
    tournament,
    entryId,
    now = Date.now(),
  }: {
    organiserId: string;
    tournament: TournamentRef;
    entryId: string;
    now?: number;
  },
): Promise<RemovedCashEntry> {
  const t = ownTournament(await db.send(first(tournamentRow(tournament))), organiserId);
  const entry = await db.send(
    first(
      build
        .select({ id: tournamentPlayers.id, paid: tournamentPlayers.paid, paidBy: tournamentPlayers.paidBy })
        .from(tournamentPlayers)
        .where(and(eq(tournamentPlayers.id, entryId), eq(tournamentPlayers.tournamentId, t.id)))
        .limit(1),
    ),
  );
  if (!entry) throw new DomainError(404, cashEntryMessages.notFound);
  if (!entry.paid || entry.paidBy !== "cash") throw new DomainError(409, cashEntryMessages.notCash);
  if (t.status !== "open") throw new DomainError(409, cashEntryMessages.started);
  // Its guests: the entry's own (a player's guest has its id) and a team's guest members.
  const guests = sql`(select p.id from ${players} p where p.guest = 1 and (p.id = ${entryId}
    or p.id in (select tm.player_id from ${teamMembers} tm where tm.team_id = ${entryId})))`;
  const stillOpen = sql`exists (select 1 from ${tournaments} where id = ${t.id} and status = 'open')`;
  const removed = await db.write(
    write(
      [
        build.all<{ id: string }>(sql`select id from ${tournamentPlayers}
          where id = ${entryId} and paid_by = 'cash' and ${stillOpen}`),
        // The guests first (the entry goes with them, by its foreign key), then the entry itself.
        build.run(sql`delete from ${players} where id in ${guests} and ${stillOpen}
          and exists (select 1 from ${tournamentPlayers} where id = ${entryId} and paid_by = 'cash')`),
        build.run(sql`delete from ${tournamentPlayers} where id = ${entryId} and paid_by = 'cash' and ${stillOpen}`),
        // A starting rating set for the walk-in goes with the entry (decision 031).
        startsWithoutEntry(t.id),
        ...offerStatements(t.id, now),
      ],
      (raw) => {
        if (!(raw[0] as unknown[])[0]) throw new DomainError(409, cashEntryMessages.started);
        const takenBack = (raw[3] as unknown[]).length > 0;
        return { tournamentId: t.id, organiserId: t.organiserId, offered: raw.at(-1) as Offered[], takenBack };
      },
    ),
  );
  await replayAfterStarts(db, removed.takenBack);
  return { tournamentId: removed.tournamentId, organiserId: removed.organiserId, offered: removed.offered };
}
