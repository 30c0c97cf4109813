import { z } from "zod";
import { endpoint, on } from "~/services/endpoint.server.ts";
import { isJsonContentType, readJson } from "~/services/http.server.ts";
import { afterChange } from "~/services/after-change.server.ts";
import { startTournament } from "~/services/start.server.ts";
import { getMailer } from "~/services/email.server.ts";
import { tellDropped } from "~/services/check-in.server.ts";

/** `dropAbsent: true` (decision 014): those not checked in are dropped, their entry fees back; else everyone plays. */
const StartSchema = z.object({
  dropAbsent: z.boolean({ error: "dropAbsent must be true or false" }).optional(),
});

const api = endpoint({
  POST: on({ who: "organiser", params: ["id"] }, async ({ caller, params, app, request }) => {
    // The body is optional: a start without one (as before) starts anyway.
    const hasBody = isJsonContentType(request.headers.get("Content-Type"));
    const { dropAbsent = false } = hasBody ? await readJson(request, StartSchema) : {};
    const started = await startTournament(caller, {
      organiserId: caller.id,
      tournament: { id: params.id },
      dropAbsent,
    });
    await tellDropped(getMailer(app.env, app.database), started, app.env.APP_URL);
    // At the start every free table in rotation gets a match at once (when the floor assigns automatically).
    const { tournamentId, floors } = started;
    await afterChange(caller, app, { organiserId: caller.id, tournamentId, what: "start", floors });
    const { matches, players, dropped } = started;
    return Response.json({ message: "Tournament started", matches, players, dropped });
  }),
});
export { api as loader, api as action };
