import { z } from "zod";
import { subscribe, unsubscribe } from "~/features/live/server/use-cases.server.ts";
import { checkSubscription } from "~/features/floor/server/calls.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { jsonError } from "~/web/http.server.ts";
import { vapidKeys } from "~/features/live/server/web-push.server.ts";
import { perform } from "~/web/use-case.server.ts";

const endpointField = z.string({ error: "endpoint is required" }).max(2048, "The push endpoint is too long");

/** What PushSubscription.toJSON() gives: the browser's push address and its RFC 8291 keys. */
const SubscribeSchema = z.object({
  endpoint: endpointField,
  keys: z.object(
    {
      p256dh: z.string({ error: "keys.p256dh is required" }).max(200),
      auth: z.string({ error: "keys.auth is required" }).max(200),
    },
    { error: "keys is required" },
  ),
});

/**
 * A player's browsers that want "You're up on Table 3" as a notification (decisions 013–015). POST stores the
 * subscription the browser made (201), DELETE forgets one of the caller's (by its endpoint).
 */
const api = endpoint({
  POST: on({ who: "player", body: SubscribeSchema }, async ({ caller, body, app }) => {
    if (!vapidKeys(app.env)) return jsonError(503, "Notifications are not set up on this site");
    checkSubscription(app.env, body);
    await perform(app, caller, subscribe, { playerId: caller.id, subscription: body });
    return Response.json({ message: "Notifications on for this device" }, { status: 201 });
  }),
  DELETE: on({ who: "player", body: z.object({ endpoint: endpointField }) }, async ({ caller, body, app }) => {
    const removed = await perform(app, caller, unsubscribe, { playerId: caller.id, endpoint: body.endpoint });
    if (!removed) return jsonError(404, "This device is not subscribed");
    return Response.json({ message: "Notifications off for this device" });
  }),
});
export { api as loader, api as action };
