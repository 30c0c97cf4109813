import { SeedsSchema } from "~/domain/seeding.ts";
import { endpoint, on } from "~/services/endpoint.server.ts";
import { setSeeds } from "~/services/start.server.ts";

/** PUT the director's seed order: every paid entry once, while open. */
const api = endpoint({
  PUT: on({ who: "organiser", body: SeedsSchema, params: ["id"] }, async ({ caller, body, params }) => {
    const saved = await setSeeds(caller, { organiserId: caller.id, tournament: { id: params.id }, order: body.order });
    return Response.json({ message: "Seeds saved", ...saved });
  }),
});
export { api as loader, api as action };
