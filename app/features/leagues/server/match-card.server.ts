// A fixture's match card written by its captains (DESIGN §11): each side's lineup, each frame's winner as it is
// played, and each captain's confirmation — the card `played` once both have confirmed. Every write is one batch that
// asserts what it was decided on (the fixture's status, the frames it read), so two captains at once, or a frame
// changed while the card is confirmed, never leave a confirmed card whose frames changed after it: the later write is
// refused with a 409 said afresh from a new read.
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  assertInBatch,
  build,
  isBatchGuardFailure,
  isForeignKeyViolation,
  type Item,
  type Sender,
  trailing,
  write,
} from "~/db/batch.server.ts";
import { leagueFixtures, leagueFrames } from "~/db/schema.ts";
import type { Change } from "~/domain/changes.ts";
import { DomainError } from "~/domain/errors.ts";
import type { FixtureStatus } from "~/features/leagues/domain/leagues.ts";
import { isClosedStatus, LEAGUE_MESSAGES } from "~/features/leagues/domain/leagues.ts";
import {
  CARD_MESSAGES,
  type CardFrame,
  checkLineup,
  type LineupEntry,
  readyToPlay,
  type Side,
  unfinishedFrames,
} from "~/features/leagues/domain/match-card.ts";
import { type CardRead, cardFrames, cardQuery, formatOf } from "~/features/leagues/server/card-read.server.ts";
import { quiet } from "~/web/done.ts";

/** Who writes: the caller's account and its kind. */
export type By = { id: string; userType: string };

export const isSecretary = (by: By, read: CardRead) => by.userType === "organiser" && by.id === read.access.organiserId;

/** The side whose captain `by` is, or null (a player captains at most one of a fixture's teams: one team a season). */
export function captainOf(by: By, read: CardRead): Side | null {
  if (by.userType !== "player") return null;
  if (by.id === read.access.homeCaptainId) return "home";
  if (by.id === read.access.awayCaptainId) return "away";
  return null;
}

/** The 404 for no fixture, and the 409s of a card no longer open to `by`'s kind of write. */
export function found(read: CardRead | null): CardRead {
  if (!read) throw new DomainError(404, LEAGUE_MESSAGES.fixtureNotFound);
  return read;
}
function refuseIfClosed(read: CardRead, secretary: boolean) {
  if (isClosedStatus(read.fixture.status)) throw new DomainError(409, CARD_MESSAGES.closed, { code: "card-closed" });
  if (read.fixture.status === "disputed" && !secretary) {
    throw new DomainError(409, CARD_MESSAGES.inDispute, { code: "in-dispute" });
  }
}

/** The 409 for a batch refused by its guard: what the card is now says why, else it changed meanwhile. */
export async function refusedAfresh(db: Sender, fixtureId: string, explain: (fresh: CardRead) => void): Promise<never> {
  const fresh = found(await db.send(cardQuery(fixtureId)));
  explain(fresh);
  throw new DomainError(409, CARD_MESSAGES.changed, { code: "card-changed" });
}

/**
 * The card changed: its page and its season's hear of it; `rated`, its frames count for the ratings now or no longer
 * (played, resolved, awarded), and the replay follows the answer.
 */
export const cardChanged = (read: CardRead, rated = false): Change => ({
  organiserId: read.access.organiserId,
  tournamentId: null,
  what: "league-card",
  card: { fixtureId: read.fixture.id, seasonId: read.fixture.seasonId, rated },
});

/** The season's table or status changed with no card (a penalty, its end): its pages hear of it. */
export const seasonChanged = (organiserId: string, seasonId: string): Change => ({
  organiserId,
  tournamentId: null,
  what: "league-card",
  card: { fixtureId: null, seasonId, rated: false },
});

/** SQL: the fixture's status is one of these. */
const statusIn = (fixtureId: string, statuses: readonly string[]) =>
  sql`exists (select 1 from ${leagueFixtures} where ${leagueFixtures.id} = ${fixtureId}
    and ${inArray(leagueFixtures.status, [...statuses] as FixtureStatus[])})`;

/** SQL: a side's players on the card, frame by frame, as text to compare with `sideText`. */
const sideSql = (fixtureId: string, side: Side) => {
  const [p1, p2] =
    side === "home"
      ? [leagueFrames.homePlayer1, leagueFrames.homePlayer2]
      : [leagueFrames.awayPlayer1, leagueFrames.awayPlayer2];
  return sql`coalesce((select group_concat(x, ';') from (select ${leagueFrames.number} || ':' || coalesce(${p1}, '')
    || ',' || coalesce(${p2}, '') as x from ${leagueFrames} where ${leagueFrames.fixtureId} = ${fixtureId}
    and (${p1} is not null or ${p2} is not null) order by ${leagueFrames.number})), '')`;
};
const sideText = (frames: readonly CardFrame[], side: Side) =>
  frames
    .filter((f) => f[side].length > 0)
    .map((f) => `${f.number}:${f[side][0] ?? ""},${f[side][1] ?? ""}`)
    .join(";");

/** SQL: the card's winners, frame by frame, as text to compare with `winnersText`. */
const winnersSql = (fixtureId: string) =>
  sql`coalesce((select group_concat(x, ';') from (select ${leagueFrames.number} || ':' || ${leagueFrames.winner} as x
    from ${leagueFrames} where ${leagueFrames.fixtureId} = ${fixtureId} and ${leagueFrames.winner} is not null
    order by ${leagueFrames.number})), '')`;
const winnersText = (frames: readonly CardFrame[]) =>
  frames
    .filter((f) => f.winner !== null)
    .map((f) => `${f.number}:${f.winner}`)
    .join(";");

/** SQL: one frame's row is as read — its players and its winner. */
const frameAsRead = (fixtureId: string, frame: CardFrame) =>
  sql`exists (select 1 from ${leagueFrames} where ${leagueFrames.fixtureId} = ${fixtureId}
    and ${leagueFrames.number} = ${frame.number}
    and ${leagueFrames.homePlayer1} is ${frame.home[0] ?? null}
    and ${leagueFrames.homePlayer2} is ${frame.home[1] ?? null}
    and ${leagueFrames.awayPlayer1} is ${frame.away[0] ?? null}
    and ${leagueFrames.awayPlayer2} is ${frame.away[1] ?? null}
    and ${leagueFrames.winner} is ${frame.winner})`;

/** The fixture's scores as its frames make them, for an update's `set`. */
const scoresFromFrames = (fixtureId: string) => ({
  homeScore: sql`(select count(*) from ${leagueFrames} where ${leagueFrames.fixtureId} = ${fixtureId}
    and ${leagueFrames.winner} = 'home')`,
  awayScore: sql`(select count(*) from ${leagueFrames} where ${leagueFrames.fixtureId} = ${fixtureId}
    and ${leagueFrames.winner} = 'away')`,
});

/** Sends `items` then the card read afresh, in one batch: the card as it is once they are in. */
export async function writeThenRead(db: Sender, fixtureId: string, items: Item[]): Promise<CardRead> {
  const after = cardQuery(fixtureId);
  const read = await db.write(write([...items, ...after.items], (raw) => trailing(raw, after)[0]));
  return found(read);
}

/**
 * A side's lineup set by its captain or the league's secretary: for the frames given, that side's players (checked
 * against the format, the roster and the singles limit over the whole card, a 400 naming the frame; a frame with a
 * result keeps its players, a 409). The batch asserts the side's players and the frames' lack of a result as read.
 */
export async function setLineup(
  db: Sender,
  { by, read: maybe, side, frames }: { by: By; read: CardRead | null; side: Side; frames: LineupEntry[] },
) {
  const read = found(maybe);
  const secretary = isSecretary(by, read);
  if (!secretary && captainOf(by, read) !== side) throw new DomainError(403, CARD_MESSAGES.notYourSide);
  refuseIfClosed(read, secretary);
  const decide = (r: CardRead) => {
    const roster = new Map(r.rosters[side].map((p) => [p.id, p.name]));
    const checked = checkLineup(formatOf(r), cardFrames(r), side, frames, roster);
    if (!checked.ok) throw new DomainError(checked.status, checked.message, { field: `frames.${checked.frame}` });
    return checked.card;
  };
  const before = cardFrames(read);
  const next = decide(read);
  const changed = next.filter((f, i) => (before[i] as CardFrame)[side].join(",") !== f[side].join(","));
  if (changed.length === 0) return quiet({ card: read.card });
  const id = read.fixture.id;
  const players = (f: CardFrame) =>
    side === "home"
      ? { homePlayer1: f.home[0] ?? null, homePlayer2: f.home[1] ?? null }
      : { awayPlayer1: f.away[0] ?? null, awayPlayer2: f.away[1] ?? null };
  const open = secretary
    ? ["scheduled", "postponed", "in_progress", "disputed"]
    : ["scheduled", "postponed", "in_progress"];
  try {
    const after = await writeThenRead(db, id, [
      assertInBatch(statusIn(id, open)),
      assertInBatch(sql`${sideSql(id, side)} = ${sideText(before, side)}`),
      assertInBatch(sql`not exists (select 1 from ${leagueFrames} where ${leagueFrames.fixtureId} = ${id}
        and ${inArray(
          leagueFrames.number,
          changed.map((f) => f.number),
        )} and ${leagueFrames.winner} is not null)`),
      ...changed.map((f) =>
        build
          .insert(leagueFrames)
          .values({ fixtureId: id, number: f.number, ...players(f) })
          .onConflictDoUpdate({ target: [leagueFrames.fixtureId, leagueFrames.number], set: players(f) }),
      ),
    ]);
    return { answer: { card: after.card }, changes: [cardChanged(read)] };
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new DomainError(404, LEAGUE_MESSAGES.fixtureNotFound);
    if (!isBatchGuardFailure(error)) throw error;
    return refusedAfresh(db, id, (fresh) => {
      refuseIfClosed(fresh, secretary);
      decide(fresh);
    });
  }
}

/**
 * A frame's winner recorded by either captain or the secretary, once both its players are named. The same winner
 * again changes nothing; another clears both confirmations. The first result starts the card (`in_progress`); a
 * postponed fixture takes none until it has a date again. The fixture's scores follow its frames in the same batch,
 * which asserts the frame is as read and the card still open.
 */
export async function recordFrame(
  db: Sender,
  {
    by,
    read: maybe,
    number,
    winner,
    now = Date.now(),
  }: { by: By; read: CardRead | null; number: number; winner: Side; now?: number },
) {
  const read = found(maybe);
  const secretary = isSecretary(by, read);
  if (!secretary && captainOf(by, read) === null) throw new DomainError(403, CARD_MESSAGES.notYourCard);
  const frame = cardFrames(read).find((f) => f.number === number);
  if (!frame) throw new DomainError(404, CARD_MESSAGES.noFrame(number));
  const refuse = (r: CardRead, f: CardFrame) => {
    refuseIfClosed(r, secretary);
    if (r.fixture.status === "postponed") throw new DomainError(409, CARD_MESSAGES.notPlayable);
    if (!readyToPlay(formatOf(r), f)) throw new DomainError(409, CARD_MESSAGES.setPlayersFirst(number));
  };
  refuse(read, frame);
  const answer = (r: CardRead) => ({
    card: r.card,
    homeScore: r.fixture.homeScore ?? 0,
    awayScore: r.fixture.awayScore ?? 0,
  });
  if (frame.winner === winner) return quiet(answer(read));
  const id = read.fixture.id;
  const open = secretary ? ["scheduled", "in_progress", "disputed"] : ["scheduled", "in_progress"];
  try {
    const after = await writeThenRead(db, id, [
      assertInBatch(statusIn(id, open)),
      assertInBatch(frameAsRead(id, frame)),
      build
        .update(leagueFrames)
        .set({ winner, playedAt: now })
        .where(and(eq(leagueFrames.fixtureId, id), eq(leagueFrames.number, number))),
      build
        .update(leagueFixtures)
        .set({
          ...scoresFromFrames(id),
          status: sql`case when ${leagueFixtures.status} = 'scheduled' then 'in_progress'
            else ${leagueFixtures.status} end`,
          // A changed frame unconfirms the card: a confirmation is of the frames as they were.
          homeConfirmed: false,
          awayConfirmed: false,
        })
        .where(eq(leagueFixtures.id, id)),
    ]);
    return { answer: answer(after), changes: [cardChanged(read)] };
  } catch (error) {
    if (!isBatchGuardFailure(error)) throw error;
    return refusedAfresh(db, id, (fresh) => {
      const current = cardFrames(fresh).find((f) => f.number === number);
      if (current) refuse(fresh, current);
    });
  }
}

/**
 * A captain confirms their side of the card once every frame has a result (a 409 naming those without). When both
 * have, it is `played`, in the same statement: of two confirmations at once, the later one finds the other's. The
 * batch asserts the winners are those read, so a frame changed meanwhile refuses it.
 */
export async function confirmCard(db: Sender, { by, read: maybe }: { by: By; read: CardRead | null }) {
  const read = found(maybe);
  const side = captainOf(by, read);
  if (!side) throw new DomainError(403, CARD_MESSAGES.captainsOnly);
  const answer = (r: CardRead) => ({ status: r.fixture.status, confirmations: r.fixture.confirmations });
  const refuse = (r: CardRead) => {
    // Confirming a card played (both confirmed) again is what it is.
    if (r.fixture.status === "played") return true;
    refuseIfClosed(r, false);
    const unfinished = unfinishedFrames(formatOf(r), cardFrames(r));
    if (unfinished.length > 0) throw new DomainError(409, CARD_MESSAGES.unfinished(unfinished), { code: "unfinished" });
    return r.fixture.confirmations[side];
  };
  if (refuse(read)) return quiet(answer(read));
  const id = read.fixture.id;
  const mine = side === "home" ? leagueFixtures.homeConfirmed : leagueFixtures.awayConfirmed;
  const theirs = side === "home" ? leagueFixtures.awayConfirmed : leagueFixtures.homeConfirmed;
  try {
    const after = await writeThenRead(db, id, [
      assertInBatch(statusIn(id, ["in_progress"])),
      assertInBatch(sql`${winnersSql(id)} = ${winnersText(cardFrames(read))}`),
      build
        .update(leagueFixtures)
        .set({
          [side === "home" ? "homeConfirmed" : "awayConfirmed"]: true,
          status: sql`case when ${theirs} = 1 then 'played' else ${leagueFixtures.status} end`,
        })
        .where(and(eq(leagueFixtures.id, id), eq(mine, false))),
    ]);
    // Both confirmed: the card is played, and its singles frames are racks for the ratings.
    return { answer: answer(after), changes: [cardChanged(read, after.fixture.status === "played")] };
  } catch (error) {
    if (!isBatchGuardFailure(error)) throw error;
    const fresh = found(await db.send(cardQuery(id)));
    if (refuse(fresh)) return quiet(answer(fresh));
    throw new DomainError(409, CARD_MESSAGES.changed, { code: "card-changed" });
  }
}
