import { RotationSchema } from "~/features/floor/domain/queue-schema.ts";
import { rotateTable } from "~/features/floor/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

/** Takes a table out of rotation (it then takes only matches pinned to it) or puts it back: `{ inRotation }`. */
const api = endpoint({
  PATCH: on({ who: "organiser", body: RotationSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    const input = { organiserId: caller.id, tableId: params.id, inRotation: body.inRotation };
    const { inRotation } = await perform(app, caller, rotateTable, input);
    return Response.json({ message: inRotation ? "Table back in rotation" : "Table out of rotation", inRotation });
  }),
});
export { api as loader, api as action };
