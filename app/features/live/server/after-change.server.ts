// What follows a committed change, declared once for every caller — the JSON
// API, the forms, the tablets and the scheduled tidy-up: the screens hear of
// it, free tables fill from the floor, and the players of every match called
// are told. A write returns a `Change`; routes hand it here and call none of
// these themselves. A new consequence (ratings, series points) is one line in
// `afterChange`.
import type { AppContext } from "~/context.server.ts";
import { systemSender, type Sender } from "~/db/batch.server.ts";
import type { Change } from "~/domain/changes.ts";
import { notifyCalled } from "~/features/floor/server/calls.server.ts";
import { drawBoards } from "~/features/floor/server/boards.server.tsx";
import type { Scoreboard } from "~/features/floor/domain/scoreboard.ts";
import {
  announceCard,
  announceChange,
  disconnectTable,
  forgetTables,
  nudgeTable,
  tabletsOnline,
} from "./live.server.ts";
import { fillFreeTables } from "~/features/floor/server/queue.server.ts";
import { setDueRaces } from "~/features/play/server/handicap.server.ts";
import { recomputeRatings } from "~/features/ratings/server/ratings.server.ts";

/** What a committed write changed. */
/** What the consequences need of a request's (or the scheduler's) context. */
export type Consequences = Pick<AppContext, "live" | "cache" | "waitUntil" | "env" | "database">;

/** The boards, drawn for their tablets where there are push channels to send them on. */
const boardsOf = (app: Consequences, boards: Readonly<Record<string, Scoreboard>> | undefined) =>
  app.live && boards && Object.keys(boards).length > 0 ? () => Promise.resolve(drawBoards(boards)) : undefined;

/**
 * Runs everything that follows `change` once it has committed. It never fails
 * the change: a push that is lost costs a client one poll, a table left
 * unfilled fills at the next change.
 */
export async function afterChange(db: Sender, app: Consequences, change: Change | null | undefined): Promise<void> {
  if (!change) return;
  // A league card changed: its page and its season's pages hear of it; played, resolved or awarded, its singles frames
  // move the players' ratings (DESIGN §11). No tournament's page, table or floor has anything to hear.
  const { what } = change;
  if (what === "league-card") {
    if (change.card) announceCard(app, change.card);
    if (change.card?.rated) rerate(app);
    return;
  }
  // The change's matches were read as it committed, just now: its news says so, however long what follows takes.
  const readAt = Date.now();
  const { organiserId, tournamentId } = change;
  // A handicapped event's matches that now have both players get their races before anyone hears of them or the
  // floor calls them (decision 028).
  const raced = await dueRaces(app, change);
  const rated = raced.rated;
  if (raced.races.size > 0 && change.matches) {
    change = {
      ...change,
      matches: change.matches.map((m) => {
        const races = raced.races.get(m.id);
        return races ? { ...m, race1: races.race1, race2: races.race2 } : m;
      }),
    };
  }
  if (change.replacedCode) disconnectTable(app, { id: change.replacedCode, organiserId });
  else if (change.deletedTable) disconnectTable(app, { id: change.deletedTable, organiserId }, "deleted");
  else if (change.sentTablet) nudgeTable(app, { id: change.sentTablet, organiserId });
  else if (tournamentId !== null) {
    const { matches } = change;
    announceChange(app, { organiserId, tournamentId, what, matches, at: readAt }, boardsOf(app, change.boards));
  }
  // The director's tables alone (added, deleted, in or out of rotation): what the edge cached of them goes.
  else forgetTables(app, organiserId);
  const {
    called: filled,
    boards,
    matches,
  } = await fillFreeTables(db, {
    organiserId,
    floors: change.floors ?? null,
    holdBack: change.holdBack ?? null,
    tablets: () => tabletsOnline(app, organiserId),
  });
  // Pages and tablets of every tournament the floor called a match in hear of it, with those matches and their
  // tables' boards (the director's own assignment, `change.called`, is in the change's own message).
  for (const calledIn of new Set(filled.map((c) => c.tournamentId))) {
    const here = filled.filter((c) => c.tournamentId === calledIn);
    const tables = new Set(here.map((c) => c.tableId));
    const ids = new Set(here.map((c) => c.matchId));
    const theirs: Record<string, Scoreboard> = {};
    for (const [tableId, board] of Object.entries(boards)) if (tables.has(tableId)) theirs[tableId] = board;
    const calls = {
      organiserId,
      tournamentId: calledIn,
      what: "table" as const,
      matches: matches.filter((m) => ids.has(m.id)),
    };
    announceChange(app, calls, boardsOf(app, theirs));
  }
  // A result recorded, corrected or taken back moves the players' ratings (decision 027): after the answer, never
  // failing it; a replay missed here is made whole by the next result's.
  if (change.what === "result" && !rated) rerate(app);
  // Their players are told.
  const called = [...(change.called ?? []), ...filled];
  if (called.length > 0) {
    notifyCalled(
      app,
      called.map((c) => c.matchId),
    );
  }
}

/** The ratings brought to the results after the answer, never failing it: a replay missed is made whole by the next. */
const rerate = (app: Consequences) =>
  app.waitUntil(
    recomputeRatings(systemSender(app.database)).catch((error: unknown) => console.error("Ratings", error)),
  );

/**
 * The races due after a handicapped event's result (the draw sets the first ones itself); a failure sets none (the
 * next result will).
 */
function dueRaces(app: Consequences, change: Change): ReturnType<typeof setDueRaces> {
  const { tournamentId, what } = change;
  const none = { races: new Map(), rated: false };
  if (tournamentId === null || what !== "result" || !change.handicapped) return Promise.resolve(none);
  return setDueRaces(systemSender(app.database), tournamentId).catch((error: unknown) => {
    console.error("Races", error);
    return none;
  });
}

/** Several changes from one write (a table deleted with matches of two tournaments on the director's tables). */
export async function afterChanges(db: Sender, app: Consequences, changes: readonly Change[]): Promise<void> {
  for (const change of changes) await afterChange(db, app, change);
}
