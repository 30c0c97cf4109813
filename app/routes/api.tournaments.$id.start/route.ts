import { z } from "zod";
import { endpoint, on } from "~/services/endpoint.server.ts";
import { isJsonContentType, readJson } from "~/services/http.server.ts";
import { announceChange } from "~/services/live.server.ts";
import { startTournament } from "~/services/play.server.ts";

/** `dropAbsent: true` (issue 19): those not checked in are dropped, their entry fees back; else everyone plays. */
const StartSchema = z.object({
  dropAbsent: z.boolean({ error: "dropAbsent must be true or false" }).optional(),
});

const api = endpoint({
  POST: on({ who: "organiser", params: ["id"] }, async ({ caller, params, app, request }) => {
    // The body is optional: a start without one (as before) starts anyway.
    const hasBody = isJsonContentType(request.headers.get("Content-Type"));
    const { dropAbsent = false } = hasBody ? await readJson(request, StartSchema) : {};
    const { tournamentId, ...result } = await startTournament(caller, {
      organiserId: caller.id,
      tournament: { id: params.id },
      dropAbsent,
    });
    announceChange(app, { organiserId: caller.id, tournamentId, what: "start" });
    return Response.json({ message: "Tournament started", ...result });
  }),
});
export { api as loader, api as action };
