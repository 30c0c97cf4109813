import { z } from "zod";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { isJsonContentType, readJson } from "~/web/http.server.ts";
import { start } from "~/features/play/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";

/** `dropAbsent: true` (decision 014): those not checked in are dropped, their entry fees back; else everyone plays. */
const StartSchema = z.object({
  dropAbsent: z.boolean({ error: "dropAbsent must be true or false" }).optional(),
});

const api = endpoint({
  POST: on({ who: "organiser", params: ["id"] }, async ({ caller, params, app, request }) => {
    // The body is optional: a start without one (as before) starts anyway.
    const hasBody = isJsonContentType(request.headers.get("Content-Type"));
    const { dropAbsent = false } = hasBody ? await readJson(request, StartSchema) : {};
    const input = { organiserId: caller.id, tournament: { id: params.id }, dropAbsent };
    const { matches, players, dropped } = await perform(app, caller, start, input);
    return Response.json({ message: "Tournament started", matches, players, dropped });
  }),
});
export { api as loader, api as action };
