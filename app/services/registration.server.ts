// Registration and payment (DESIGN §4): holds, payment intents, paying
// from the balance, and the one place a successful payment takes effect —
// by webhook or by the return from checkout, whichever comes first.
import { and, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from "drizzle-orm";
import {
  assertInBatch,
  build,
  first,
  isBatchGuardFailure,
  isCheckViolation,
  known,
  outer,
  query,
  reads,
  write,
  type Item,
  type Read,
  type Sender,
} from "~/db/batch.server.ts";
import {
  payments,
  players,
  processedWebhooks,
  reserves,
  teamMembers,
  teams,
  tournamentPlayers,
  tournaments,
} from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import type { Pence } from "~/domain/pence.ts";
import {
  creditedToBalance,
  placeLost,
  placeLostReason,
  placeNotKeptFromBalance,
  placeNotKeptMessage,
  type PlaceLost,
  type PlaceLostFacts,
} from "~/domain/payments.ts";
import { checkoutEntry, HOLD_EXPIRED, HOLD_MS, type CheckoutEntry } from "~/domain/holds.ts";
import { isTeamEvent, normaliseEmails, teamEntryTotalPence, teamMessages, teamSize } from "~/domain/teams.ts";
import { checkTeamEntry, type TeamEntry } from "~/domain/team-entry.ts";
import { joinRefusals, registrationState } from "~/domain/tournaments.ts";
import type { Mailer } from "./email.server.ts";
import { hasFunds, movementStatement } from "./ledger.server.ts";
import type { PaymentIntent, PaymentsProvider } from "./payments/provider.ts";
import { inTournament, tournamentIdSql, tournamentRow, type TournamentRef } from "./tournament-ref.server.ts";

type Tournament = typeof tournaments.$inferSelect;

/** A tournament's id, or SQL that finds it (tournament-ref.server.ts). */
type TournamentKey = string | SQL;

/** SQL: a registration (`alias` of tournament_players) that holds or has a place (paid, or a live hold). */
export const livePlace = (alias: string, now: number) =>
  sql`(${sql.raw(alias)}.paid = 1 or ${sql.raw(alias)}.hold_expires_at > ${now})`;

/** SQL: places taken by others — paid entries and live holds. */
function placesTakenByOthers(tournamentId: TournamentKey, playerId: string, now: number) {
  return sql`(select count(*) from ${tournamentPlayers} tp
    where tp.tournament_id = ${tournamentId} and tp.player_id != ${playerId} and ${livePlace("tp", now)})`;
}

/** SQL: reserve `alias` (of reserves) is waiting for a place: not offered one yet, and holding none. */
export const waitingReserve = (alias: string, now: number) =>
  sql`(${sql.raw(alias)}.offered_at is null and not exists (select 1 from ${tournamentPlayers} rp
    where rp.tournament_id = ${sql.raw(alias)}.tournament_id and rp.player_id = ${sql.raw(alias)}.player_id
      and ${livePlace("rp", now)}))`;

/** SQL: reserves other than the player still waiting for a place (issue 19): a freed place is theirs first. */
export function waitingReserves(tournamentId: TournamentKey, playerId: string | null, now: number) {
  return sql`(select count(*) from ${reserves} r where r.tournament_id = ${tournamentId}
    and r.player_id is not ${playerId} and ${waitingReserve("r", now)})`;
}

/**
 * SQL: there is a place for the player: places taken by others and the
 * reserves waiting ahead leave one, or the player already holds one (a hold,
 * or a reserve's offer).
 */
function roomFor(tournamentId: TournamentKey, playerId: string, now: number) {
  return sql`(${placesTakenByOthers(tournamentId, playerId, now)} + ${waitingReserves(tournamentId, playerId, now)}
      < ${maxPlayersOf(tournamentId)}
    or exists (select 1 from ${tournamentPlayers} mine where mine.tournament_id = ${tournamentId}
      and mine.player_id = ${playerId} and mine.paid = 0 and mine.hold_expires_at > ${now}))`;
}

/** SQL: the tournament still takes entries. */
export function openForEntries(tournamentId: TournamentKey, now: number) {
  return sql`exists (select 1 from ${tournaments} t where t.id = ${tournamentId} and t.status = 'open'
    and (t.registration_deadline is null or t.registration_deadline > ${now}))`;
}

function maxPlayersOf(tournamentId: TournamentKey) {
  return sql`(select max_players from ${tournaments} where id = ${tournamentId})`;
}

/** What a refusal is explained from: the player's entry and the places others hold (read in the joining batch). */
function refusalStatements(tournament: TournamentKey, playerId: string, now: number) {
  return [
    build
      .select({ paid: tournamentPlayers.paid })
      .from(tournamentPlayers)
      .where(and(sql`${tournamentPlayers.tournamentId} = ${tournament}`, eq(tournamentPlayers.playerId, playerId))),
    build.all<{ n: number }>(
      sql`select ${placesTakenByOthers(tournament, playerId, now)}
        + ${waitingReserves(tournament, playerId, now)} as n`,
    ),
  ] as const;
}

/** Why a join was refused, in words a player understands. */
function refusal(
  t: Tournament,
  entry: { paid: boolean } | undefined,
  count: { n: number } | undefined,
  now: number,
  kind: EntryKind = "single",
): DomainError {
  if (kind === "single" && isTeamEvent(t.matchType)) return new DomainError(400, teamMessages.nameRequired);
  if (kind === "team" && !isTeamEvent(t.matchType)) return new DomainError(400, NOT_A_TEAM_EVENT);
  const state = registrationState({
    status: t.status,
    registrationDeadline: t.registrationDeadline,
    playerCount: Number(count?.n ?? 0),
    maxPlayers: t.maxPlayers,
    registered: entry?.paid === true,
    now,
  });
  return new DomainError(409, joinRefusals[state]);
}

const NOT_A_TEAM_EVENT = "This tournament is for single players, not teams";
const NAME_YOUR_TEAM = "Name your team on the tournament page first";
const TEAM_CHANGED = "A teammate or the team name was taken meanwhile: check your team and try again";

/** A single player's entry, or a team's (its captain's registration). */
type EntryKind = "single" | "team";

/** SQL: the tournament takes this kind of entry: a team event only teams, singles only players. */
function takesEntriesOf(tournament: TournamentKey, kind: EntryKind) {
  return sql`((select match_type from ${tournaments} where id = ${tournament}) = '1v1') = ${kind === "single" ? 1 : 0}`;
}

/**
 * Takes (or renews) the player's hold on a place, in one guarded statement:
 * paid entries plus live holds never exceed maxPlayers, even when several
 * players go for the last place at once.
 */
function holdStatement(tournament: TournamentKey, playerId: string, now: number, kind: EntryKind = "single") {
  const id = crypto.randomUUID();
  const expires = now + HOLD_MS;
  return build.all<{ id: string; paid: number; payment_intent_id: string | null; hold_expires_at: number }>(sql`
    insert into ${tournamentPlayers} (id, tournament_id, player_id, paid, hold_expires_at, joined_at)
    select ${id}, ${tournament}, ${playerId}, 0, ${expires}, ${now}
    where ${openForEntries(tournament, now)} and ${takesEntriesOf(tournament, kind)}
      and ${roomFor(tournament, playerId, now)}
    on conflict (tournament_id, player_id) do update
      set hold_expires_at = case when tournament_players.hold_expires_at > ${now}
            then tournament_players.hold_expires_at else excluded.hold_expires_at end,
          payment_intent_id = case when tournament_players.hold_expires_at > ${now}
            then tournament_players.payment_intent_id else null end
      where tournament_players.paid = 0
    returning id, paid, payment_intent_id, hold_expires_at`);
}

export type JoinResult =
  | { paid: true; registrationId: string }
  | { paid: false; registrationId: string; clientSecret: string; paymentIntentId: string; amountPence: Pence };

type Hold = { id: string; paid: number; payment_intent_id: string | null; hold_expires_at: number };

/**
 * Join: a free tournament registers at once; otherwise a hold and a payment
 * intent. The hold, the tournament's row and what a refusal is explained
 * from come back from the first batch.
 */
export async function joinTournament(
  db: Sender,
  provider: PaymentsProvider,
  {
    playerId,
    tournament,
    team,
    now = Date.now(),
  }: { playerId: string; tournament: TournamentRef; team?: CheckedTeam; now?: number },
): Promise<JoinResult> {
  const key = tournamentIdSql(tournament);
  const kind: EntryKind = team ? "team" : "single";
  const { hold, t } = await db.write(
    write(
      [
        holdStatement(key, playerId, now, kind),
        tournamentRow(tournament),
        ...refusalStatements(key, playerId, now),
        ...(team ? teamStatements(team, playerId, now) : []),
      ],
      ([holds, rows, entries, counts]) => {
        const t = (rows as Tournament[])[0];
        if (!t) throw new DomainError(404, "Tournament not found");
        const hold = (holds as Hold[])[0];
        if (!hold) throw refusal(t, (entries as { paid: boolean }[])[0], (counts as { n: number }[])[0], now, kind);
        return { hold, t };
      },
      (error) => (isBatchGuardFailure(error) ? new DomainError(409, TEAM_CHANGED) : undefined),
    ),
  );
  const amountPence = teamEntryTotalPence(t);

  if (amountPence === 0) {
    await db.write(
      write([
        build
          .update(tournamentPlayers)
          .set({ paid: true, paidAt: now, holdExpiresAt: null })
          .where(and(eq(tournamentPlayers.id, hold.id), eq(tournamentPlayers.paid, false))),
      ]),
    );
    return { paid: true, registrationId: hold.id };
  }

  // Reuse the hold's intent while it can still be paid.
  if (hold.payment_intent_id) {
    const existing = await provider.retrieveIntent(hold.payment_intent_id);
    if (
      existing &&
      existing.amountPence === amountPence &&
      (existing.status === "requires_payment_method" ||
        existing.status === "requires_confirmation" ||
        existing.status === "requires_action")
    ) {
      return {
        paid: false,
        registrationId: hold.id,
        clientSecret: existing.clientSecret,
        paymentIntentId: existing.id,
        amountPence,
      };
    }
  }

  const intent = await provider.createIntent({
    amountPence,
    currency: "gbp",
    description: `Entry: ${t.name}, ${t.venue}`,
    metadata: { tournamentId: t.id, playerId, registrationId: hold.id },
    // One intent per hold: a retried request cannot create a second charge.
    idempotencyKey: `hold:${hold.id}:${hold.hold_expires_at}`,
  });
  await db.write(
    write([
      build
        .insert(payments)
        .values({
          id: intent.id,
          provider: provider.kind,
          registrationId: hold.id,
          tournamentId: t.id,
          playerId,
          amountPence,
          currency: "gbp",
          clientSecret: intent.clientSecret,
        })
        .onConflictDoNothing({ target: payments.id }),
      build
        .update(tournamentPlayers)
        .set({ paymentIntentId: intent.id })
        .where(and(eq(tournamentPlayers.id, hold.id), eq(tournamentPlayers.paid, false))),
    ]),
  );
  return {
    paid: false,
    registrationId: hold.id,
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    amountPence,
  };
}

function entryMovements(t: Tournament, playerId: string, key: string, withDeposit: boolean) {
  const size = teamSize(t.matchType);
  const label = `${t.name}, ${t.venue}${size > 1 ? ` (a team of ${size})` : ""}`;
  return [
    ...(withDeposit
      ? [
          {
            type: "deposit" as const,
            amountPence: teamEntryTotalPence(t),
            description: `Card payment — ${label}`,
            suffix: "deposit",
          },
        ]
      : []),
    {
      type: "entry_fee" as const,
      amountPence: -t.entryFeePence * size,
      description: `Entry fee — ${label}`,
      suffix: "entry_fee",
    },
    {
      type: "site_fee" as const,
      amountPence: -t.siteFeePence * size,
      description: `Site fee — ${label}`,
      suffix: "site_fee",
    },
  ]
    .filter((m) => m.amountPence !== 0)
    .map((m) => ({
      userType: "player" as const,
      userId: playerId,
      type: m.type,
      amountPence: m.amountPence,
      description: m.description,
      tournamentId: t.id,
      idempotencyKey: `${key}:${m.suffix}`,
    }));
}

/** Pays the entry from the player's balance: the place and the ledger rows in one atomic batch. */
export async function payFromBalance(
  db: Sender,
  { playerId, tournament, now = Date.now() }: { playerId: string; tournament: TournamentRef; now?: number },
) {
  const t = await db.send(first(tournamentRow(tournament)));
  if (!t) throw new DomainError(404, "Tournament not found");
  const amount = teamEntryTotalPence(t);
  // One key per payment (as a card's intent is): a player who left and pays again is charged again.
  const key = `balance:${t.id}:${playerId}:${now}`;
  const team = isTeamEvent(t.matchType);
  const registered = sql`exists (select 1 from ${tournamentPlayers}
    where tournament_id = ${t.id} and player_id = ${playerId} and paid = 1 and payment_intent_id = ${key})`;
  const uncovered = () => new DomainError(409, "Your balance does not cover the entry");
  const movements = entryMovements(t, playerId, key, false).map((m) => movementStatement(m, registered));
  return db.write(
    write(
      [
        // A team pays for the hold its captain took when naming it; a single player may pay straight away.
        team
          ? build.all<{ id: string }>(sql`
        update ${tournamentPlayers} set paid = 1, paid_at = ${now}, hold_expires_at = null, payment_intent_id = ${key}
        where tournament_id = ${t.id} and player_id = ${playerId} and paid = 0 and hold_expires_at > ${now}
          and ${openForEntries(t.id, now)} and ${hasFunds("player", playerId, amount)}
          and ${teamStillStands(t, outer(tournamentPlayers.id), now)}
        returning id`)
          : build.all<{ id: string }>(sql`
        insert into ${tournamentPlayers} (id, tournament_id, player_id, paid, paid_at, payment_intent_id, joined_at)
        select ${crypto.randomUUID()}, ${t.id}, ${playerId}, 1, ${now}, ${key}, ${now}
        where ${openForEntries(t.id, now)}
          and ${roomFor(t.id, playerId, now)}
          and ${hasFunds("player", playerId, amount)}
        on conflict (tournament_id, player_id) do update
          set paid = 1, paid_at = excluded.paid_at, hold_expires_at = null,
            payment_intent_id = excluded.payment_intent_id
          where tournament_players.paid = 0
        returning id`),
        // Why not, when not: read after the insert, in the same batch.
        build.all<{ ok: number }>(sql`select ${hasFunds("player", playerId, amount)} as ok`),
        ...refusalStatements(t.id, playerId, now),
        placeLostStatement(
          sql`(select id from ${tournamentPlayers} where tournament_id = ${t.id} and player_id = ${playerId})`,
          t.id,
          now,
        ),
        ...movements,
      ],
      ([entry, funds, entries, counts, facts]) => {
        const id = (entry as { id: string }[])[0]?.id;
        if (id) return { registrationId: id, amountPence: amount };
        if (!Number((funds as { ok: number }[])[0]?.ok)) throw uncovered();
        const found = (entries as { paid: boolean }[])[0];
        const lost = placeLost((facts as PlaceLostFacts[])[0] ?? { memberTaken: null, nameTaken: null, status: null });
        if (team && found && creditedToBalance(lost)) throw new DomainError(409, placeNotKeptFromBalance(lost));
        if (team && found?.paid !== true && t.status === "open") {
          throw new DomainError(409, found ? HOLD_EXPIRED : NAME_YOUR_TEAM);
        }
        throw refusal(t, found, (counts as { n: number }[])[0], now, team ? "team" : "single");
      },
      // The balance CHECK refused an overdraft: the whole batch rolled back.
      (error) => (isCheckViolation(error) ? uncovered() : undefined),
    ),
  );
}

/** A team as the captain named it, checked against the accounts: its members' ids, the captain first. */
export type CheckedTeam = {
  tournamentId: string;
  tournament: { name: string; venue: string; date: string; time: string; slug: string };
  name: string;
  memberIds: string[];
  members: { id: string; name: string; email: string }[];
};

/**
 * What a team entry is checked against, in one read: the tournament, the
 * captain, the named players' accounts, those already in another live team
 * of the tournament and whether another live team has the name.
 */
function teamCheckRead(tournament: TournamentRef, captainId: string, entry: TeamEntry, now: number) {
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
    named: query(
      build
        .select({ id: players.id, name: players.name, email: players.email })
        .from(players)
        .where(inArray(players.email, entry.teammates)),
    ),
    taken: query(
      build.all<{ playerId: string }>(sql`select tm.player_id as playerId from ${teamMembers} tm
        join ${tournamentPlayers} tp on tp.id = tm.team_id
        where tm.tournament_id = ${key} and tp.player_id != ${captainId} and ${livePlace("tp", now)}`),
    ),
    nameTaken: query(
      build.all<{ n: number }>(sql`select count(*) as n from ${teams} te
        join ${tournamentPlayers} tp on tp.id = te.id
        where te.tournament_id = ${key} and tp.player_id != ${captainId} and ${livePlace("tp", now)}
          and lower(te.name) = lower(${entry.teamName})`),
      ([row]) => Number(row?.n ?? 0) > 0,
    ),
  });
}

/**
 * A captain's team entry checked before anything is written (the issue's
 * messages); the joining batch asserts the same again, for two captains
 * naming the same player at once.
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
  // At most a 4v4's teammates and a few more are looked up; a longer list is refused by the count anyway.
  const names = Array.isArray(teammates)
    ? teammates.slice(0, 8).filter((e): e is string => typeof e === "string" && e.length <= 254)
    : [];
  const read = await db.send(
    teamCheckRead(tournament, captainId, { teamName: String(teamName ?? ""), teammates: normaliseEmails(names) }, now),
  );
  const { t, captain } = read;
  if (!t) throw new DomainError(404, "Tournament not found");
  if (!captain) throw new DomainError(403, "Only players can join tournaments");
  if (!isTeamEvent(t.matchType)) throw new DomainError(400, NOT_A_TEAM_EVENT);
  const checked = checkTeamEntry({ teamName, teammates }, teamSize(t.matchType), captain.email);
  if (!checked.ok) throw new DomainError(400, checked.message, { field: checked.field });
  const byEmail = new Map(read.named.map((p) => [p.email, p]));
  const members = [captain];
  for (const email of checked.entry.teammates) {
    const member = byEmail.get(email);
    if (!member) throw new DomainError(400, teamMessages.noAccount(email), { field: "teammates" });
    members.push(member);
  }
  const taken = new Set(read.taken.map((r) => r.playerId));
  const already = members.find((m) => taken.has(m.id));
  if (already) throw new DomainError(409, teamMessages.alreadyIn(already.email));
  if (read.nameTaken) throw new DomainError(409, teamMessages.nameTaken, { field: "teamName" });
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
 * again (nobody in another live team, the name free), then the team and its
 * members for the hold the batch has just taken or renewed.
 */
function teamStatements(team: CheckedTeam, captainId: string, now: number): Item[] {
  const hold = sql`(select tp.id from ${tournamentPlayers} tp where tp.player_id = ${captainId}
    and tp.tournament_id = ${team.tournamentId} and tp.paid = 0 and tp.hold_expires_at > ${now})`;
  const members = sql.join(
    team.memberIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return [
    assertInBatch(sql`not exists (select 1 from ${teamMembers} tm join ${tournamentPlayers} tp on tp.id = tm.team_id
      where tm.tournament_id = ${team.tournamentId} and tp.player_id != ${captainId}
        and ${livePlace("tp", now)} and tm.player_id in (${members}))`),
    assertInBatch(sql`not exists (select 1 from ${teams} te join ${tournamentPlayers} tp on tp.id = te.id
      where te.tournament_id = ${team.tournamentId} and tp.player_id != ${captainId}
        and ${livePlace("tp", now)} and lower(te.name) = lower(${team.name}))`),
    build.run(sql`insert into ${teams} (id, tournament_id, name, captain_id, created_at)
      select tp.id, tp.tournament_id, ${team.name}, ${captainId}, ${now} from ${tournamentPlayers} tp
      where tp.id = ${hold}
      on conflict (id) do update set name = excluded.name`),
    build.run(sql`delete from ${teamMembers} where team_id = ${hold}`),
    ...team.memberIds.map((memberId, slot) =>
      build.run(sql`insert into ${teamMembers} (team_id, tournament_id, player_id, slot)
        select tp.id, tp.tournament_id, ${memberId}, ${slot} from ${tournamentPlayers} tp where tp.id = ${hold}`),
    ),
  ];
}

/** An e-mail that must not undo what was done: a failure is logged, the entry stands. */
export async function sendQuietly(mailer: Mailer, email: Parameters<Mailer["send"]>[0]): Promise<void> {
  try {
    await mailer.send(email);
  } catch (error) {
    console.error("e-mail failed", error);
  }
}

/** Tells the captain's teammates they are in the team (the outbox locally). */
export async function tellTeammates(mailer: Mailer, team: CheckedTeam, origin: string): Promise<void> {
  const [captain, ...others] = team.members;
  const t = team.tournament;
  for (const member of others) {
    await sendQuietly(mailer, {
      to: member.email,
      subject: `You're in team ${team.name} — ${t.name}`,
      text: [
        `Hi ${member.name},`,
        "",
        `${captain?.name ?? "Your captain"} has entered you in team "${team.name}" for ${t.name} at ${t.venue}`,
        `on ${t.date} at ${t.time}. The captain pays the whole team's entry; nothing is due from you.`,
        "",
        `The tournament: ${origin}/tournament/${t.slug}`,
        "You can leave the team there before the tournament starts.",
      ].join("\n"),
    });
  }
}

type PaymentRecord = typeof payments.$inferSelect;
export type LoadedPayment = { record: PaymentRecord; t: Tournament } | null;

/** Our record of a payment and its tournament, in one statement. */
export function paymentQuery(intentId: string): Read<LoadedPayment> {
  return first(
    build
      .select({ record: payments, t: tournaments })
      .from(payments)
      .innerJoin(tournaments, eq(tournaments.id, payments.tournamentId))
      .where(eq(payments.id, intentId))
      .limit(1),
  );
}

/** What handling a successful payment did. */
type PaymentResult =
  | { kind: "applied" | "already-applied" | "not-ours" | "not-succeeded" }
  | { kind: "refunded" | "credited"; reason: string | null; amountPence: Pence | null };

/** A registration's id, or SQL naming it (the row a statement is updating). */
type RegistrationKey = string | SQL;
const registrationSql = (registration: RegistrationKey) =>
  typeof registration === "string" ? sql`${registration}` : registration;

/** SQL: the first member of the team entered by `registration` who is in another live team (their name), or null. */
function memberTakenSql(registration: RegistrationKey, now: number) {
  return sql`(select p.name from ${teamMembers} mine
    join ${teamMembers} theirs on theirs.tournament_id = mine.tournament_id and theirs.player_id = mine.player_id
      and theirs.team_id != mine.team_id
    join ${tournamentPlayers} tp on tp.id = theirs.team_id
    join ${players} p on p.id = mine.player_id
    where mine.team_id = ${registrationSql(registration)} and ${livePlace("tp", now)} limit 1)`;
}

/** SQL: another live team's name equal to the name of the team entered by `registration` (case ignored), or null. */
function teamNameTakenSql(registration: RegistrationKey, now: number) {
  return sql`(select theirs.name from ${teams} mine
    join ${teams} theirs on theirs.tournament_id = mine.tournament_id and theirs.id != mine.id
      and lower(theirs.name) = lower(mine.name)
    join ${tournamentPlayers} tp on tp.id = theirs.id
    where mine.id = ${registrationSql(registration)} and ${livePlace("tp", now)} limit 1)`;
}

/**
 * SQL: what a join asserted about a team, asserted again as its hold becomes
 * an entry (by card, webhook or balance) — a hold that lapsed may have seen a
 * teammate or its name taken meanwhile: the team is named, none of its
 * members is in another live team, no other live team has its name. (The
 * place itself is `roomFor`'s.) Always true for a single player's entry.
 */
function teamStillStands(t: Pick<Tournament, "matchType">, registration: RegistrationKey, now: number) {
  if (!isTeamEvent(t.matchType)) return sql`1`;
  return sql`(exists (select 1 from ${teams} where id = ${registrationSql(registration)})
    and ${memberTakenSql(registration, now)} is null and ${teamNameTakenSql(registration, now)} is null)`;
}

/** Why a paid-for hold did not become an entry, read in the batch that tried. */
function placeLostStatement(registration: RegistrationKey, tournamentId: string, now: number) {
  return build.all<{ memberTaken: string | null; nameTaken: string | null; status: string | null }>(sql`select
    ${memberTakenSql(registration, now)} as memberTaken,
    ${teamNameTakenSql(registration, now)} as nameTaken,
    (select status from ${tournaments} where id = ${tournamentId}) as status`);
}

/**
 * A payment succeeded: mark the entry paid and write the ledger rows
 * (deposit, entry fee, site fee) in one batch — or, when the entry can no
 * longer be honoured, give the money back: to the balance when the team
 * clashes with another (its captain usually re-forms it and pays again), to
 * the card when the place is gone. The payment's outcome is claimed once,
 * so a webhook and a return racing each other apply, credit or refund it
 * exactly once between them.
 */
async function paymentSucceeded(
  db: Sender,
  provider: PaymentsProvider,
  {
    intent,
    found,
    now = Date.now(),
  }: {
    intent: PaymentIntent;
    /** Our record of the intent (`paymentQuery`), read by the caller with its other reads. */
    found: LoadedPayment;
    now?: number;
  },
): Promise<PaymentResult> {
  if (intent.status !== "succeeded") return { kind: "not-succeeded" };
  if (!found) return { kind: "not-ours" };
  const { record, t } = found;
  // Set only in the batch that marked the entry paid by this very intent.
  if (record.outcome === "applied") return { kind: "already-applied" };
  if (record.outcome) return { kind: record.outcome, reason: record.failureMessage, amountPence: record.amountPence };

  const matches =
    record.registrationId !== null &&
    intent.amountPence === record.amountPence &&
    intent.currency === "gbp" &&
    intent.metadata.registrationId === record.registrationId &&
    intent.metadata.playerId === record.playerId &&
    record.amountPence === teamEntryTotalPence(t);

  // A hold the tidy-up deleted has no registration left.
  let lost: PlaceLost = matches || record.registrationId !== null ? { kind: "mismatch" } : { kind: "expired" };
  const registrationId = record.registrationId;
  if (matches && registrationId) {
    const paidByThis = sql`exists (select 1 from ${tournamentPlayers}
      where id = ${registrationId} and paid = 1 and payment_intent_id = ${intent.id})`;
    const outcome = await db.write(
      write(
        [
          // The entry as the batch finds it (same transaction): already paid by
          // this intent means a concurrent delivery won, with no second look.
          build
            .select({ paid: tournamentPlayers.paid, intent: tournamentPlayers.paymentIntentId })
            .from(tournamentPlayers)
            .where(eq(tournamentPlayers.id, registrationId))
            .limit(1),
          build.all<{ id: string }>(sql`
        update ${tournamentPlayers} set paid = 1, paid_at = ${now}, hold_expires_at = null
        where id = ${registrationId} and paid = 0 and payment_intent_id = ${intent.id}
          and (select outcome from ${payments} where id = ${intent.id}) is null
          and exists (select 1 from ${tournaments} where id = ${t.id} and status = 'open')
          and ${roomFor(t.id, record.playerId, now)}
          and ${teamStillStands(t, registrationId, now)}
        returning id`),
          placeLostStatement(registrationId, t.id, now),
          ...entryMovements(t, record.playerId, `payment:${intent.id}`, true).map((m) =>
            movementStatement(m, paidByThis),
          ),
          build
            .update(payments)
            .set({ status: "succeeded", outcome: "applied", updatedAt: now })
            .where(and(eq(payments.id, intent.id), sql`${paidByThis}`)),
        ],
        ([entryBefore, marked, facts]) => {
          if ((marked as unknown[])[0]) return { kind: "applied" as const };
          const entry = (entryBefore as { paid: boolean; intent: string | null }[])[0];
          if (entry?.paid && entry.intent === intent.id) return { kind: "already-applied" as const };
          return placeLost((facts as PlaceLostFacts[])[0] ?? { memberTaken: null, nameTaken: null, status: null });
        },
      ),
    );
    if (outcome.kind === "applied" || outcome.kind === "already-applied") return outcome;
    lost = outcome;
  }
  return giveBack(db, provider, { intent, record, t, lost, now });
}

/**
 * Gives a payment's money back once: the outcome is claimed first (a second
 * delivery finds it claimed and does nothing), with the balance's credit in
 * the same batch; a card refund follows the claim and releases it if the
 * provider fails, so the next delivery tries again.
 */
async function giveBack(
  db: Sender,
  provider: PaymentsProvider,
  {
    intent,
    record,
    t,
    lost,
    now,
  }: { intent: PaymentIntent; record: PaymentRecord; t: Tournament; lost: PlaceLost; now: number },
): Promise<PaymentResult> {
  const reason = placeLostReason(lost);
  const outcome = creditedToBalance(lost) ? ("credited" as const) : ("refunded" as const);
  const claimed = sql`exists (select 1 from ${payments} where id = ${intent.id} and outcome = 'credited')`;
  const mine = await db.write(
    write(
      [
        build
          .update(payments)
          .set({
            status: outcome === "refunded" ? "refunded" : "succeeded",
            outcome,
            failureMessage: reason,
            updatedAt: now,
          })
          .where(and(eq(payments.id, intent.id), isNull(payments.outcome)))
          .returning({ id: payments.id }),
        ...(outcome === "credited"
          ? [
              movementStatement(
                {
                  userType: "player",
                  userId: record.playerId,
                  type: "deposit",
                  amountPence: record.amountPence,
                  description: `Card payment added to your balance — ${t.name}, ${t.venue}: ${reason}`,
                  tournamentId: t.id,
                  idempotencyKey: `credit:${intent.id}`,
                },
                claimed,
              ),
            ]
          : []),
      ],
      ([rows]) => (rows as unknown[]).length > 0,
    ),
  );
  if (!mine) {
    const again = await db.send(paymentQuery(intent.id));
    const settled = again?.record;
    if (!settled?.outcome || settled.outcome === "applied") return { kind: "already-applied" };
    return { kind: settled.outcome, reason: settled.failureMessage, amountPence: settled.amountPence };
  }
  if (outcome === "refunded") {
    try {
      await provider.refund(intent.id, `refund:${intent.id}`);
    } catch (error) {
      await db.write(
        write([
          build
            .update(payments)
            .set({ status: "succeeded", outcome: null, failureMessage: null, updatedAt: now })
            .where(and(eq(payments.id, intent.id), eq(payments.outcome, "refunded"))),
        ]),
      );
      throw error;
    }
  }
  return { kind: outcome, reason, amountPence: record.amountPence };
}

/** The return from checkout: ask the provider (never the URL) and apply. */
export async function verifyPayment(
  db: Sender,
  provider: PaymentsProvider,
  {
    playerId,
    found,
  }: {
    playerId: string;
    /** Our record of the intent (`paymentQuery`), read by the caller with its other reads. */
    found: LoadedPayment;
  },
) {
  if (!found || found.record.playerId !== playerId) throw new DomainError(404, "Payment not found");
  const intent = await provider.retrieveIntent(found.record.id);
  if (!intent) throw new DomainError(404, "Payment not found");
  if (intent.status !== "succeeded") {
    return { success: false, paid: false, message: intent.lastError ?? "The payment has not completed" };
  }
  const result = await paymentSucceeded(db, provider, { intent, found });
  if (result.kind === "refunded" || result.kind === "credited") {
    return {
      success: true,
      paid: false,
      outcome: result.kind,
      message: placeNotKeptMessage(result.reason, result.kind, result.amountPence),
    };
  }
  return { success: true, paid: true, outcome: "applied" as const, message: "Payment successful" };
}

/** A webhook: verified by signature, handled once per event id. */
export async function handleWebhook(db: Sender, provider: PaymentsProvider, payload: string, signature: string) {
  let event: Awaited<ReturnType<PaymentsProvider["parseWebhook"]>>;
  try {
    event = await provider.parseWebhook(payload, signature);
  } catch {
    throw new DomainError(400, "Invalid webhook signature");
  }
  const succeeded = event.type === "payment_intent.succeeded" && event.intent ? event.intent : null;
  const { seen, found } = await db.send(
    reads({
      seen: first(build.select().from(processedWebhooks).where(eq(processedWebhooks.eventId, event.id)).limit(1)),
      found: succeeded ? paymentQuery(succeeded.id) : known(null),
    }),
  );
  if (seen) return { received: true, duplicate: true };
  if (succeeded) {
    // The event's copy may be stale: trust the provider's current state.
    const intent = (await provider.retrieveIntent(succeeded.id)) ?? succeeded;
    await paymentSucceeded(db, provider, { intent, found });
  }
  await db.write(
    write([build.insert(processedWebhooks).values({ eventId: event.id, type: event.type }).onConflictDoNothing()]),
  );
  return { received: true, duplicate: false };
}

/**
 * Expired holds stop counting at once (queries compare the expiry); this
 * tidies them: cancels their intents and deletes the holds that are still
 * expired and unpaid.
 */
export async function releaseExpiredHolds(db: Sender, provider: PaymentsProvider, now = Date.now()) {
  const expired = await db.send(
    query(
      build
        .select({ id: tournamentPlayers.id, intentId: tournamentPlayers.paymentIntentId })
        .from(tournamentPlayers)
        .where(
          and(
            eq(tournamentPlayers.paid, false),
            isNotNull(tournamentPlayers.holdExpiresAt),
            lte(tournamentPlayers.holdExpiresAt, now),
          ),
        )
        .limit(500),
    ),
  );
  for (const hold of expired) {
    if (hold.intentId) {
      try {
        await provider.cancelIntent(hold.intentId);
      } catch {
        // Already succeeded or gone: a late success is refunded by paymentSucceeded.
      }
    }
    await db.write(
      write([
        build
          .delete(tournamentPlayers)
          .where(
            and(
              eq(tournamentPlayers.id, hold.id),
              eq(tournamentPlayers.paid, false),
              lte(tournamentPlayers.holdExpiresAt, now),
            ),
          ),
      ]),
    );
  }
  return expired.length;
}

/** The player's entries: paid ones and live holds (shown as 'Payment pending'). */
export function registrationsQuery(playerId: string, now = Date.now()) {
  return query(
    build
      .select({
        registrationId: tournamentPlayers.id,
        tournamentId: tournamentPlayers.tournamentId,
        slug: tournaments.slug,
        name: tournaments.name,
        status: tournaments.status,
        paid: tournamentPlayers.paid,
        holdExpiresAt: tournamentPlayers.holdExpiresAt,
        paymentIntentId: tournamentPlayers.paymentIntentId,
      })
      .from(tournamentPlayers)
      .innerJoin(tournaments, eq(tournaments.id, tournamentPlayers.tournamentId))
      .where(
        and(
          eq(tournamentPlayers.playerId, playerId),
          sql`(${tournamentPlayers.paid} = 1 or ${tournamentPlayers.holdExpiresAt} > ${now})`,
        ),
      ),
  );
}

/**
 * The player's entry in one tournament as the checkout sees it (paid, held,
 * a hold that ran out, or none), in one statement: their row, and whether
 * they ever started paying for it (the record outlives a tidied hold).
 */
export function checkoutEntryQuery(playerId: string, tournament: TournamentRef, now = Date.now()): Read<CheckoutEntry> {
  return query(
    build.all<{ paid: number | null; holdExpiresAt: number | null; intentId: string | null; started: number }>(sql`
      select tp.paid as paid, tp.hold_expires_at as holdExpiresAt, tp.payment_intent_id as intentId,
        exists (select 1 from ${payments} where ${inTournament(payments.tournamentId, tournament)}
          and ${payments.playerId} = ${playerId}) as started
      from (select 1) left join ${tournamentPlayers} tp
        on tp.tournament_id = ${tournamentIdSql(tournament)} and tp.player_id = ${playerId}`),
    ([row]) =>
      checkoutEntry(
        row && row.paid !== null
          ? { paid: Number(row.paid) === 1, holdExpiresAt: row.holdExpiresAt, paymentIntentId: row.intentId }
          : null,
        Number(row?.started) === 1,
        now,
      ),
  );
}
