import { endpoint, on } from "~/web/endpoint.server.ts";
import { jsonError, readJson } from "~/web/http.server.ts";
import { sentCode } from "~/features/floor/server/table-codes.server.ts";
import { isTapKind } from "~/features/floor/server/table-scoring.server.ts";
import { tabletTap } from "~/features/play/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";

/**
 * A tablet's tap (decision 012): `racks`, `undo`, `confirm` or `lag`, by the
 * table's access code; 201 with the current match, 200 for a tap already
 * applied (nothing changes).
 */
const api = endpoint({
  POST: on({ who: "anyone", params: ["code", "tap"] }, async ({ caller, params, request, app }) => {
    if (!isTapKind(params.tap)) return jsonError(404, "Not found");
    const { status, match } = await perform(app, caller, tabletTap, {
      sent: sentCode(request, params.code),
      kind: params.tap,
      read: (schema) => readJson(request, schema),
    });
    return Response.json(match, { status });
  }),
});
export { api as loader, api as action };
