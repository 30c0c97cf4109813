import { endpoint, on } from "~/web/endpoint.server.ts";
import { checkInAsPlayer, checkInForEntry } from "~/features/entries/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { isJsonContentType, readJson } from "~/web/http.server.ts";
import { checkInMessages } from "~/features/entries/domain/check-in.ts";
import { CheckInBodySchema } from "~/features/entries/domain/check-in-schema.ts";
import { DomainError } from "~/domain/errors.ts";

/**
 * "I'm here" (decisions 013–015): a player entered in the tournament, before the start. The director ticks an entry in
 * for someone without a phone, or takes the tick back, with `{ playerId, checkedIn? }` (decision 021).
 */
const api = endpoint({
  POST: on({ who: "signed-in", params: ["id"] }, async ({ caller, params, app, request }) => {
    // The body is optional: a player's own check-in sends none (as before).
    const hasBody = isJsonContentType(request.headers.get("Content-Type"));
    const body = hasBody ? await readJson(request, CheckInBodySchema) : {};
    const tournament = { id: params.id };
    if (caller.userType === "organiser") {
      if (body.playerId === undefined) {
        throw new DomainError(400, "Name the entry to check in (playerId)", { field: "playerId" });
      }
      const checked = await perform(app, caller, checkInForEntry, {
        organiserId: caller.id,
        tournament,
        entry: body.playerId,
        checkedIn: body.checkedIn ?? true,
      });
      return Response.json(checked);
    }
    const someoneElse = body.playerId !== undefined && body.playerId !== caller.id;
    if (someoneElse || body.checkedIn === false) throw new DomainError(403, checkInMessages.directorChecksIn);
    return Response.json(await perform(app, caller, checkInAsPlayer, { playerId: caller.id, tournament }));
  }),
});
export { api as loader, api as action };
