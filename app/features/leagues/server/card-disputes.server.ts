// A match card in dispute (DESIGN §11): a captain disputes it before both have confirmed (the secretary is e-mailed),
// and the league's secretary settles it — resolving the frames' winners (then it is `played`) or awarding every frame
// to one side (`awarded`), with a note both captains see — until the season is finished, when its results stand. The
// secretary may also void a fixture that will never count.
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  assertInBatch,
  build,
  first,
  isBatchGuardFailure,
  isForeignKeyViolation,
  reads,
  trailing,
  type Sender,
  write,
} from "~/db/batch.server.ts";
import { leagueFixtures, leagueFrames, leagues, organisers, seasons } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import { isClosedStatus, LEAGUE_MESSAGES } from "~/features/leagues/domain/leagues.ts";
import {
  CARD_MESSAGES,
  type CardFrame,
  cardScore,
  frameSlots,
  readyToPlay,
  type Side,
  unfinishedFrames,
} from "~/features/leagues/domain/match-card.ts";
import { type CardRead, cardFrames, formatOf } from "~/features/leagues/server/card-read.server.ts";
import {
  type By,
  captainOf,
  found,
  isSecretary,
  refusedAfresh,
  writeThenRead,
  cardChanged,
} from "~/features/leagues/server/match-card.server.ts";
import { sendQuietly } from "~/server/email.server.ts";
import type { Done } from "~/web/done.ts";

/** The statuses a card may be disputed in: anything before both captains confirmed it, and not already disputed. */
const DISPUTABLE = ["scheduled", "postponed", "in_progress"] as const;

const scoresOf = (frames: readonly { winner: Side | null }[]) => {
  const { home, away } = cardScore(frames);
  return { homeScore: home, awayScore: away };
};

/** A note as stored: none for an empty one. */
const noteOf = (note: string) => (note === "" ? null : note);

/**
 * A captain of either team disputes the card, before both have confirmed it: `disputed`, the reason kept, and the
 * league's secretary e-mailed. The update asserts the status read, so a card confirmed meanwhile is not disputed.
 */
export async function disputeFixture(
  db: Sender,
  { by, read: maybe, reason }: { by: By; read: CardRead | null; reason: string },
): Promise<Done<{ status: "disputed" }>> {
  const read = found(maybe);
  const side = captainOf(by, read);
  if (!side) throw new DomainError(403, CARD_MESSAGES.captainsOnly);
  const refuse = (r: CardRead) => {
    if (isClosedStatus(r.fixture.status)) {
      throw new DomainError(409, CARD_MESSAGES.closed, { code: "card-closed" });
    }
    if (r.fixture.status === "disputed") throw new DomainError(409, CARD_MESSAGES.inDispute, { code: "in-dispute" });
  };
  refuse(read);
  const id = read.fixture.id;
  const secretary = first(
    build
      .select({ email: organisers.email, name: organisers.name })
      .from(leagueFixtures)
      .innerJoin(seasons, eq(seasons.id, leagueFixtures.seasonId))
      .innerJoin(leagues, eq(leagues.id, seasons.leagueId))
      .innerJoin(organisers, eq(organisers.id, leagues.organiserId))
      .where(eq(leagueFixtures.id, id)),
  );
  const { updated, to } = await db.write(
    write(
      [
        build
          .update(leagueFixtures)
          .set({ status: "disputed", disputeReason: reason })
          .where(and(eq(leagueFixtures.id, id), inArray(leagueFixtures.status, [...DISPUTABLE])))
          .returning({ id: leagueFixtures.id }),
        ...secretary.items,
      ],
      (raw) => ({ updated: (raw[raw.length - 2] as unknown[]).length > 0, to: trailing(raw, secretary)[0] }),
    ),
  );
  if (!updated) return refusedAfresh(db, id, refuse);
  const captain = read.rosters[side].find((p) => p.id === by.id)?.name ?? "A captain";
  const f = read.fixture;
  return {
    answer: { status: "disputed" },
    changes: [cardChanged(read)],
    mail: to
      ? [
          (mailer, origin) =>
            sendQuietly(mailer, {
              to: to.email,
              subject: `A fixture is in dispute — ${f.home} v ${f.away}`,
              text: [
                `Hi ${to.name},`,
                "",
                `${captain} (${side === "home" ? f.home : f.away}'s captain) has disputed ${f.home} v ${f.away}` +
                  `${f.date ? ` on ${f.date}` : ""} in ${read.league.name}:`,
                "",
                reason,
                "",
                "As the league's secretary you resolve it: set the frames' winners, or award the fixture.",
                "",
                `The league: ${origin}/td/leagues/${read.league.slug}`,
              ].join("\n"),
            }),
        ]
      : [],
  };
}

/** The 403 for anyone but the league's secretary. */
function secretaryOnly(by: By, read: CardRead) {
  if (!isSecretary(by, read)) throw new DomainError(403, LEAGUE_MESSAGES.notYourLeague);
}

/** SQL: the fixture's season isn't finished — its champions stand on its results, so they no longer change. */
const seasonOpen = (seasonId: string) =>
  assertInBatch(sql`not exists (select 1 from ${seasons} where ${seasons.id} = ${seasonId}
    and ${seasons.status} = 'finished')`);

/** The 409 for a season finished meanwhile (a fresh read), or null when something else refused the batch. */
async function refuseIfFinished(db: Sender, seasonId: string) {
  const { row } = await db.send(
    reads({ row: first(build.select({ status: seasons.status }).from(seasons).where(eq(seasons.id, seasonId))) }),
  );
  if (row?.status === "finished") {
    throw new DomainError(409, LEAGUE_MESSAGES.seasonFinished, { code: "season-finished" });
  }
}

/**
 * The secretary resolves the card: the winners of the frames given (each with its players named, else a 409 naming
 * it), then every frame must have a result; it is `played`, with the note. The batch asserts the card is as read.
 */
export async function resolveFixture(
  db: Sender,
  {
    by,
    read: maybe,
    frames = [],
    note,
    now = Date.now(),
  }: { by: By; read: CardRead | null; frames?: { number: number; winner: Side }[]; note: string; now?: number },
) {
  const read = found(maybe);
  secretaryOnly(by, read);
  const format = formatOf(read);
  const before = cardFrames(read);
  const byNumber = new Map(before.map((f) => [f.number, f]));
  const seen = new Set<number>();
  for (const given of frames) {
    const frame = byNumber.get(given.number);
    if (!frame) throw new DomainError(400, CARD_MESSAGES.noFrame(given.number), { field: `frames.${given.number}` });
    if (seen.has(given.number)) {
      throw new DomainError(400, CARD_MESSAGES.frameTwice(given.number), { field: `frames.${given.number}` });
    }
    seen.add(given.number);
    if (!readyToPlay(format, frame)) throw new DomainError(409, CARD_MESSAGES.setPlayersFirst(given.number));
  }
  const winners = new Map(frames.map((f) => [f.number, f.winner]));
  const next: CardFrame[] = before.map((f) => ({ ...f, winner: winners.get(f.number) ?? f.winner }));
  const unfinished = unfinishedFrames(format, next);
  if (unfinished.length > 0) throw new DomainError(409, CARD_MESSAGES.unfinished(unfinished), { code: "unfinished" });
  const id = read.fixture.id;
  const changed = next.filter((f) => f.winner !== byNumber.get(f.number)?.winner);
  try {
    const after = await writeThenRead(db, id, [
      seasonOpen(read.fixture.seasonId),
      assertInBatch(sql`exists (select 1 from ${leagueFixtures} where ${leagueFixtures.id} = ${id}
        and ${leagueFixtures.status} = ${read.fixture.status})`),
      assertInBatch(sql`${cardSql(id)} = ${cardText(before)}`),
      ...changed.map((f) =>
        build
          .update(leagueFrames)
          .set({ winner: f.winner, playedAt: now })
          .where(and(eq(leagueFrames.fixtureId, id), eq(leagueFrames.number, f.number))),
      ),
      build
        .update(leagueFixtures)
        // The card is asserted as read: its scores are those of its frames as resolved.
        .set({ ...scoresOf(next), status: "played", note: noteOf(note) })
        .where(eq(leagueFixtures.id, id)),
    ]);
    // Played as resolved: its singles frames are racks for the ratings, replayed from the earliest changed.
    return { answer: { fixture: after.fixture }, changes: [cardChanged(read, true)] };
  } catch (error) {
    if (!isBatchGuardFailure(error)) throw error;
    await refuseIfFinished(db, read.fixture.seasonId);
    return refusedAfresh(db, id, () => undefined);
  }
}

/** SQL: every frame row of the card — players and winner — as text to compare with `cardText`. */
const cardSql = (fixtureId: string) =>
  sql`coalesce((select group_concat(x, ';') from (select ${leagueFrames.number} || ':'
    || coalesce(${leagueFrames.homePlayer1}, '') || ',' || coalesce(${leagueFrames.homePlayer2}, '') || ','
    || coalesce(${leagueFrames.awayPlayer1}, '') || ',' || coalesce(${leagueFrames.awayPlayer2}, '') || ','
    || coalesce(${leagueFrames.winner}, '') as x from ${leagueFrames} where ${leagueFrames.fixtureId} = ${fixtureId}
    and (${leagueFrames.homePlayer1} is not null or ${leagueFrames.homePlayer2} is not null
      or ${leagueFrames.awayPlayer1} is not null or ${leagueFrames.awayPlayer2} is not null
      or ${leagueFrames.winner} is not null)
    order by ${leagueFrames.number})), '')`;
const cardText = (frames: readonly CardFrame[]) =>
  frames
    .filter((f) => f.home.length + f.away.length > 0 || f.winner !== null)
    .map(
      (f) =>
        `${f.number}:${f.home[0] ?? ""},${f.home[1] ?? ""},${f.away[0] ?? ""},${f.away[1] ?? ""},${f.winner ?? ""}`,
    )
    .join(";");

/**
 * The secretary awards the fixture to one side: every frame of the format won by it (rows made as needed, players as
 * they are), so the score is all the frames to none; `awarded`, with the note. Whatever the card was, this is final.
 */
export async function awardFixture(
  db: Sender,
  {
    by,
    read: maybe,
    to,
    note,
    now = Date.now(),
  }: { by: By; read: CardRead | null; to: Side; note: string; now?: number },
) {
  const read = found(maybe);
  secretaryOnly(by, read);
  const id = read.fixture.id;
  const slots = frameSlots(formatOf(read));
  try {
    const after = await writeThenRead(db, id, [
      seasonOpen(read.fixture.seasonId),
      ...slots.map((slot) =>
        build
          .insert(leagueFrames)
          .values({ fixtureId: id, number: slot.number, winner: to, playedAt: now })
          .onConflictDoUpdate({
            target: [leagueFrames.fixtureId, leagueFrames.number],
            set: { winner: to, playedAt: now },
          }),
      ),
      build
        .update(leagueFixtures)
        .set({ ...scoresOf(slots.map(() => ({ winner: to }))), status: "awarded", note: noteOf(note) })
        .where(eq(leagueFixtures.id, id)),
    ]);
    // Awarded: a played card's frames no longer count for the ratings.
    return { answer: { fixture: after.fixture }, changes: [cardChanged(read, true)] };
  } catch (error) {
    // The fixture list made again meanwhile (it can't be once this is in): no fixture.
    if (isForeignKeyViolation(error)) throw new DomainError(404, LEAGUE_MESSAGES.fixtureNotFound);
    if (!isBatchGuardFailure(error)) throw error;
    await refuseIfFinished(db, read.fixture.seasonId);
    throw error;
  }
}

/**
 * The secretary voids the fixture (a team withdrawn, a match that will never be played): `voided`, with the note; its
 * frames stay on the card but count for nothing — not the table, not the ratings. Voided again, nothing changes. Not
 * once the season is finished (its champions stand on its results), checked by the batch itself.
 */
export async function voidFixture(
  db: Sender,
  { by, read: maybe, note }: { by: By; read: CardRead | null; note: string },
) {
  const read = found(maybe);
  secretaryOnly(by, read);
  const id = read.fixture.id;
  try {
    const after = await writeThenRead(db, id, [
      seasonOpen(read.fixture.seasonId),
      build
        .update(leagueFixtures)
        .set({ status: "voided", note: noteOf(note), homeConfirmed: false, awayConfirmed: false })
        .where(eq(leagueFixtures.id, id)),
    ]);
    // A played card's frames no longer count for the ratings (the trigger marks them; the replay follows).
    return { answer: { fixture: after.fixture }, changes: [cardChanged(read, read.fixture.status !== "voided")] };
  } catch (error) {
    if (!isBatchGuardFailure(error)) throw error;
    await refuseIfFinished(db, read.fixture.seasonId);
    throw error;
  }
}
