// A player's browser that wants "You're up on Table 3" as a notification (decisions 013–015): stored and forgotten.
// The player's own devices only: quiet.
import type { Sender } from "~/db/batch.server.ts";
import { removePushSubscription, savePushSubscription } from "~/features/floor/server/calls.server.ts";
import { quiet } from "~/web/done.ts";

type Subscription = Parameters<typeof savePushSubscription>[1];

/** The browser's push address and keys, stored for the player (the newest few of theirs kept). */
export async function subscribe(
  db: Sender,
  { playerId, subscription }: { playerId: string; subscription: Subscription },
) {
  await db.write(savePushSubscription(playerId, subscription));
  return quiet(null);
}

/** One of the player's browsers forgotten: whether it was theirs to forget. */
export async function unsubscribe(db: Sender, { playerId, endpoint }: { playerId: string; endpoint: string }) {
  return quiet(await db.write(removePushSubscription(playerId, endpoint)));
}
