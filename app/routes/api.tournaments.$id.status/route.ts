import { StatusChangeSchema } from "~/features/tournaments/domain/tournament-schema.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { changeStatus } from "~/features/tournaments/server/use-cases.server.ts";
import { tournamentBySlugQuery, tournamentJson } from "~/features/tournaments/server/tournaments.server.ts";
import { perform } from "~/web/use-case.server.ts";

/** Archive (→ finished) and restore (→ open), DESIGN §5. */
const api = endpoint({
  PATCH: on({ who: "organiser", body: StatusChangeSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    const row = await perform(app, caller, changeStatus, {
      organiserId: caller.id,
      tournamentId: params.id,
      to: body.status,
    });
    const { detail } = await caller.read({ detail: tournamentBySlugQuery(row.slug) });
    return Response.json(detail ? tournamentJson(detail) : { id: row.id, status: row.status });
  }),
});
export { api as loader, api as action };
