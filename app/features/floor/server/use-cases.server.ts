// The director's tables, one use case per write: add, delete, a new access code, a tablet sent to another table
// (and following there), a table in or out of rotation, a match pinned to a table. Each returns what the floor and
// the tablets hear of; the JSON routes, /td/tables and the tournament page's forms run them with `perform`.
import type { Sender } from "~/db/batch.server.ts";
import type { Change, QueuesAfter } from "~/domain/changes.ts";
import { pinMatch, setRotation } from "~/features/floor/server/queue.server.ts";
import { createTable, deleteTable, giveTableNewCode } from "~/features/floor/server/tables.server.ts";
import { followedSend, sendTablet } from "~/features/floor/server/tablets.server.ts";
import { type Done, quiet } from "~/web/done.ts";

type Mine = { organiserId: string; tableId: string };

/** The director's floors as a write left them: free tables fill, and the tournament's pages (if any) hear of it. */
export const floorChange = (organiserId: string, tournamentId: string | null, floors: QueuesAfter): Change => ({
  organiserId,
  tournamentId,
  what: "table",
  floors,
});

/** A new table (its access code made here); the floor may call a match to it at once. */
export async function addTable(db: Sender, { organiserId, name }: { organiserId: string; name: string }) {
  const { table, change } = await createTable(db, organiserId, name);
  return { answer: table, changes: [change] };
}

/** A table deleted: its tablets are told, and the matches on it go back to the floor (of any tournament). */
export async function removeTable(db: Sender, { organiserId, tableId }: Mine): Promise<Done<{ removed: true }>> {
  return { answer: { removed: true }, changes: await deleteTable(db, organiserId, tableId) };
}

/** A code seen by the wrong people is replaced; the tablets using it are disconnected. */
export async function newTableCode(db: Sender, { organiserId, tableId }: Mine) {
  const { table, change } = await giveTableNewCode(db, organiserId, tableId);
  return { answer: table, changes: [change] };
}

/** The tablets at one table go to another's board (decision 024). */
export async function sendTabletTo(db: Sender, { organiserId, tableId, toTableId }: Mine & { toTableId: string }) {
  const { change, ...sent } = await sendTablet(db, organiserId, tableId, toTableId);
  return { answer: sent, changes: [change] };
}

/** Out of rotation a table takes only matches pinned to it; back in, it fills from the floor. */
export async function rotateTable(db: Sender, input: Mine & { inRotation: boolean }) {
  const { inRotation, floors } = await setRotation(db, input);
  return {
    answer: { inRotation },
    changes: [floorChange(input.organiserId, null, floors)],
  };
}

/** A match kept for one table (the TV table), or let go to any. */
export async function pinMatchToTable(
  db: Sender,
  input: { organiserId: string; matchId: string; tableId: string | null },
) {
  const { tournamentId, floors } = await pinMatch(db, input);
  return {
    answer: { pinned: input.tableId !== null },
    changes: [floorChange(input.organiserId, tournamentId, floors)],
  };
}

/** A tablet sent to another table has gone there: the send is done (the board it follows reads it no more). */
export async function followSend(db: Sender, { code, targetId }: { code: string; targetId: string }) {
  await followedSend(db, code, targetId);
  return quiet(null);
}
