import { endpoint, on } from "~/services/endpoint.server.ts";
import { saveTableScoringSettings, TableScoringSettingsSchema } from "~/services/table-scoring.server.ts";

/** A tournament's settings, changed by its director at any time. */
const api = endpoint({
  PATCH: on(
    { who: "organiser", body: TableScoringSettingsSchema, params: ["id"] },
    async ({ caller, body, params }) => {
      const settings = await saveTableScoringSettings(caller, {
        organiserId: caller.id,
        tournament: { id: params.id },
        settings: body,
      });
      return Response.json(settings);
    },
  ),
});
export { api as loader, api as action };
