import { FloorSettingsSchema } from "~/domain/queue-schema.ts";
import { endpoint, on } from "~/services/endpoint.server.ts";
import { fillFreeTables, saveFloorSettings } from "~/services/queue.server.ts";
import { jsonError } from "~/services/http.server.ts";

/** The director's settings of a tournament (issue 19): the floor's switch and the no-show minutes. */
const api = endpoint({
  PATCH: on({ who: "organiser", body: FloorSettingsSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    if (params.id.length > 64) return jsonError(404, "Tournament not found");
    const saved = await saveFloorSettings(caller, {
      organiserId: caller.id,
      tournament: { id: params.id },
      settings: body,
    });
    // Turned on mid-evening: the free tables fill at once.
    await fillFreeTables(caller, app, { organiserId: caller.id, floors: saved.floors });
    return Response.json({
      message: "Settings saved",
      settings: { autoAssign: saved.autoAssign, noShowMinutes: saved.noShowMinutes },
    });
  }),
});
export { api as loader, api as action };
