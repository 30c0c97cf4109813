import { z } from "zod";
import { nameField } from "~/domain/text.ts";
import { parseStartsAt } from "~/features/tournaments/domain/tournament-edit.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { isJsonContentType, jsonError, readJson } from "~/web/http.server.ts";
import { runAgain } from "~/features/tournaments/server/use-cases.server.ts";
import { tournamentByIdQuery, tournamentJson } from "~/features/tournaments/server/tournaments.server.ts";
import { perform } from "~/web/use-case.server.ts";

/** `startsAt`: an ISO instant with its offset, or the venue's wall-clock time ("2026-12-10T19:30", UK time). */
const RunAgainSchema = z.object({
  startsAt: z.string({ error: "Enter the new start like 2026-12-10T19:30" }).max(40).optional(),
  // The new night's name; without one, the suggestion ("Week 2" after "Week 1", else the new date).
  name: z.optional(nameField("Tournament name")),
});

/** "Run again": a copy of the director's tournament (its settings, not its entries), open, a week later by default. */
const api = endpoint({
  POST: on({ who: "organiser", params: ["id"] }, async ({ caller, params, request, app }) => {
    if (params.id.length > 64) return jsonError(404, "Tournament not found");
    // The body is optional: without one the copy starts a week after the original.
    const hasBody = isJsonContentType(request.headers.get("Content-Type"));
    const { startsAt, name } = hasBody ? await readJson(request, RunAgainSchema) : {};
    const now = Date.now();
    const chosen = startsAt === undefined ? undefined : parseStartsAt(startsAt, now);
    if (chosen && "error" in chosen) return jsonError(400, chosen.error, { startsAt: [chosen.error] });
    const { user, source } = await caller.read({ source: tournamentByIdQuery(params.id) });
    const copy = await perform(app, caller, runAgain, {
      organiserId: caller.id,
      t: source,
      startsAt: chosen,
      name,
      now,
    });
    // A new tournament has no entries yet: no need to read it back.
    return Response.json(tournamentJson({ ...copy, tdName: user.name, playerCount: 0, players: [] }), {
      status: 201,
    });
  }),
});
export { api as loader, api as action };
