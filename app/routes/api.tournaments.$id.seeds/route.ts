import { SeedsSchema } from "~/features/play/domain/seeding.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { saveSeeds } from "~/features/play/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";

/** PUT the director's seed order: every paid entry once, while open. */
const api = endpoint({
  PUT: on({ who: "organiser", body: SeedsSchema, params: ["id"] }, async ({ caller, body, params, app }) => {
    const saved = await perform(app, caller, saveSeeds, {
      organiserId: caller.id,
      tournament: { id: params.id },
      order: body.order,
    });
    return Response.json({ message: "Seeds saved", ...saved });
  }),
});
export { api as loader, api as action };
