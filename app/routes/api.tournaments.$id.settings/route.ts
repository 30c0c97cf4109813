import { TournamentSettingsSchema } from "~/features/floor/domain/queue-schema.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { jsonError } from "~/web/http.server.ts";
import { saveScoringSettings, saveSettings } from "~/features/play/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";

/**
 * A tournament's settings, changed by its director: the floor's switch and no-show minutes (decisions 013–015), how
 * results from the tables are taken and who breaks (decision 012). Answers the settings it changed.
 */
const api = endpoint({
  PATCH: on(
    { who: "organiser", body: TournamentSettingsSchema, params: ["id"] },
    async ({ caller, body, params, app }) => {
      if (params.id.length > 64) return jsonError(404, "Tournament not found");
      const { autoAssign, noShowMinutes, resultsFromTables, breakRule } = body;
      const target = { organiserId: caller.id, tournament: { id: params.id } };
      const floor = autoAssign !== undefined || noShowMinutes !== undefined;
      const scoring = resultsFromTables !== undefined || breakRule !== undefined;
      // The answer names the settings the call changed.
      const changed = (saved: { resultsFromTables: string; breakRule: string }) =>
        scoring ? { resultsFromTables: saved.resultsFromTables, breakRule: saved.breakRule } : {};
      if (!floor) {
        const settings = { resultsFromTables, breakRule };
        const saved = await perform(app, caller, saveScoringSettings, { ...target, settings });
        return Response.json({ message: "Settings saved", settings: changed(saved) });
      }
      // Both kinds in one write; a finished tournament's floor refuses the whole call, as before.
      // Turned on mid-evening: the free tables fill at once.
      const saved = await perform(app, caller, saveSettings, { ...target, settings: body });
      const settings = { autoAssign: saved.autoAssign, noShowMinutes: saved.noShowMinutes, ...changed(saved) };
      return Response.json({ message: "Settings saved", settings });
    },
  ),
});
export { api as loader, api as action };
