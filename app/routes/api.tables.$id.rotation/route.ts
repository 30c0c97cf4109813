import { RotationSchema } from "~/domain/queue-schema.ts";
import { endpoint, on } from "~/services/endpoint.server.ts";
import { afterChange } from "~/services/after-change.server.ts";
import { setRotation } from "~/services/queue.server.ts";

/** Takes a table out of rotation (it then takes only matches pinned to it) or puts it back: `{ inRotation }`. */
const api = endpoint({
  PATCH: on({ who: "organiser", body: RotationSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    const saved = await setRotation(caller, {
      organiserId: caller.id,
      tableId: params.id,
      inRotation: body.inRotation,
    });
    await afterChange(caller, app, { organiserId: caller.id, tournamentId: null, what: "table", floors: saved.floors });
    return Response.json({
      message: saved.inRotation ? "Table back in rotation" : "Table out of rotation",
      inRotation: saved.inRotation,
    });
  }),
});
export { api as loader, api as action };
