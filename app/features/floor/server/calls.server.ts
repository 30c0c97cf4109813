// "You're up on Table 3" (decisions 013–015): when a match is given a table, every
// player of it — in a team event every member of both teams — is told by
// e-mail and, on the browsers they opted in, by Web Push. (Their open pages
// hear of it through the tournament's live channel: live.server.ts.)
//
// One entry point, `notifyCalled`, called after the write that gave the table
// has committed: it runs in waitUntil and never fails that write. Each call is
// told once: `call_notices` holds the table each match was last told of, and
// only the notice that writes a new table there sends (a retried request, or
// two announcements of one assignment, find it taken). A move to another table
// is a new call; unassigning the table clears the notice (table-assignment.server.ts).
import { and, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { AppContext } from "~/context.server.ts";
import { build, query, reads, systemSender, write, type Sender } from "~/db/batch.server.ts";
import type { Database } from "~/db/client.server.ts";
import { callNotices, matches, players, pushSubscriptions, tables, teamMembers, tournaments } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import { callPayload, pushEndpointProblem, pushKeysProblem, upOnText } from "~/features/live/domain/push.ts";
import type { AppEnv } from "~/env.server.ts";
import { getMailer } from "~/server/email.server.ts";
import { entryName } from "~/features/entries/server/entries.server.ts";
import { isLocal, sendWebPush, vapidKeys } from "~/features/live/server/web-push.server.ts";

/** SQL: whether `player` plays in the joined match: as its entry, or as a member of a team that is. */
const playsIn = (player: SQLiteColumn): SQL =>
  sql`(${player} in (${matches.player1Id}, ${matches.player2Id}) or ${player} in
    (select tm.player_id from ${teamMembers} tm where tm.team_id in (${matches.player1Id}, ${matches.player2Id})))`;

/** SQL: 1 when `player` is on the joined match's first side, else 2. */
const sideOf = (player: SQLiteColumn) =>
  sql<number>`case when ${player} = ${matches.player1Id} or exists (select 1 from ${teamMembers} tm
    where tm.team_id = ${matches.player1Id} and tm.player_id = ${player}) then 1 else 2 end`;

/** The matches of `matchIds` at a table and not yet played, their players and those players' opted-in browsers. */
function callsQuery(matchIds: readonly string[]) {
  const ids = [...matchIds];
  return reads({
    calls: query(
      build
        .select({
          matchId: matches.id,
          tableId: tables.id,
          tableName: tables.name,
          label: matches.label,
          matchNumber: matches.matchNumber,
          tournamentName: tournaments.name,
          slug: tournaments.slug,
          entry1: entryName(matches.player1Id),
          entry2: entryName(matches.player2Id),
        })
        .from(matches)
        .innerJoin(tables, eq(tables.id, matches.tableId))
        .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
        .where(and(inArray(matches.id, ids), ne(matches.status, "completed"))),
    ),
    people: query(
      build
        .select({
          matchId: matches.id,
          name: players.name,
          email: players.email,
          side: sideOf(players.id),
        })
        .from(matches)
        .innerJoin(players, playsIn(players.id))
        .where(inArray(matches.id, ids)),
    ),
    devices: query(
      build
        .select({
          matchId: matches.id,
          id: pushSubscriptions.id,
          side: sideOf(pushSubscriptions.playerId),
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(matches)
        .innerJoin(pushSubscriptions, playsIn(pushSubscriptions.playerId))
        .where(inArray(matches.id, ids)),
    ),
  });
}

/**
 * Takes each call's notice: the matches whose table is new to `call_notices` (a first call, or a move), and
 * so are this notice's to tell. One statement per match, each guarded by the table it writes.
 */
function claimCalls(calls: readonly { matchId: string; tableId: string }[], now: number) {
  return write(
    calls.map((c) =>
      build
        .insert(callNotices)
        .values({ matchId: c.matchId, tableId: c.tableId, calledAt: now })
        .onConflictDoUpdate({
          target: callNotices.matchId,
          set: { tableId: sql`excluded.table_id`, calledAt: sql`excluded.called_at` },
          setWhere: sql`${callNotices.tableId} != excluded.table_id`,
        })
        .returning({ matchId: callNotices.matchId }),
    ),
    (raw) => new Set((raw as { matchId: string }[][]).flat().map((r) => r.matchId)),
  );
}

/** Clears a match's notice when its table is taken away: a later call, to any table, is told again. */
export const forgetCall = (matchId: string) => build.delete(callNotices).where(eq(callNotices.matchId, matchId));

const GONE = new Set([404, 410]);

/** Tells the players of `matchIds` that their match has a table (once per call); resolves when all is sent. */
async function sendCallNotices(
  env: AppEnv,
  database: Database,
  matchIds: readonly string[],
  now = Date.now(),
): Promise<void> {
  if (matchIds.length === 0) return;
  const db: Sender = systemSender(database);
  const read = await db.send(callsQuery(matchIds));
  const calls = read.calls;
  if (calls.length === 0) return;
  const claimed = await db.write(claimCalls(calls, now));
  const mailer = getMailer(env, database);
  const keys = vapidKeys(env);
  const sends: Promise<unknown>[] = [];
  const gone: string[] = [];
  for (const call of calls.filter((c) => claimed.has(c.matchId))) {
    const opponentOf = (side: number) => (side === 1 ? call.entry2 : call.entry1) ?? "TBD";
    const link = `${env.APP_URL}/tournament/${encodeURIComponent(call.slug)}?tab=bracket`;
    const which = `${call.label ? `${call.label}, ` : ""}match ${call.matchNumber}`;
    for (const person of read.people.filter((p) => p.matchId === call.matchId)) {
      sends.push(
        mailer.send({
          to: person.email,
          subject: upOnText(call.tableName),
          text:
            `Hi ${person.name},\n\n${upOnText(call.tableName)} vs ${opponentOf(person.side)} in ` +
            `${call.tournamentName} (${which}). Please make your way to the table now.\n\n` +
            `Follow the evening: ${link}\n`,
        }),
      );
    }
    if (!keys) continue;
    for (const device of read.devices.filter((d) => d.matchId === call.matchId)) {
      const payload = callPayload({ ...call, opponent: opponentOf(device.side) });
      sends.push(
        sendWebPush(env, keys, device, payload, now).then((status) => {
          if (GONE.has(status)) gone.push(device.id);
        }),
      );
    }
  }
  const results = await Promise.allSettled(sends);
  for (const result of results) {
    if (result.status === "rejected") console.error("A call notice was not sent", result.reason);
  }
  // The push service says the browser unsubscribed (or never will read again): forget it.
  if (gone.length > 0) {
    await db.write(write([build.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone))]));
  }
}

/**
 * The one entry point: after the write that gave `matchIds` a table has committed, tell their players. In
 * waitUntil, so the write's answer never waits for it, and nothing here can fail it.
 */
export function notifyCalled(app: Pick<AppContext, "env" | "database" | "waitUntil">, matchIds: readonly string[]) {
  app.waitUntil(
    sendCallNotices(app.env, app.database, matchIds).catch((error: unknown) => {
      console.error("Call notices failed", error);
    }),
  );
}

/** The most browsers one player keeps subscribed: the newest ones. */
const MAX_DEVICES = 10;

export type NewSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

/** Checks a browser's subscription before it is stored: a 400 saying what is wrong. */
export function checkSubscription(env: AppEnv, subscription: NewSubscription): void {
  const endpointProblem = pushEndpointProblem(subscription.endpoint, isLocal(env));
  if (endpointProblem) throw new DomainError(400, endpointProblem, { field: "endpoint" });
  const keysProblem = pushKeysProblem(subscription.keys);
  if (keysProblem) throw new DomainError(400, keysProblem, { field: "keys" });
}

/**
 * Stores a player's browser (the endpoint moves to this player when another had it: a shared device) and keeps
 * only their newest few.
 */
export function savePushSubscription(playerId: string, subscription: NewSubscription, now = Date.now()) {
  const { endpoint, keys } = subscription;
  const newest = build
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.playerId, playerId))
    .orderBy(sql`${pushSubscriptions.createdAt} desc`)
    .limit(MAX_DEVICES);
  return write([
    build
      .insert(pushSubscriptions)
      .values({ playerId, endpoint, p256dh: keys.p256dh, auth: keys.auth, createdAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { playerId, p256dh: keys.p256dh, auth: keys.auth, createdAt: now },
      }),
    build
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.playerId, playerId), sql`${pushSubscriptions.id} not in ${newest}`)),
  ]);
}

/** Forgets one of a player's browsers; whether it was theirs to forget. */
export function removePushSubscription(playerId: string, endpoint: string) {
  return write(
    [
      build
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.playerId, playerId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id }),
    ],
    ([rows]) => (rows as unknown[]).length > 0,
  );
}
