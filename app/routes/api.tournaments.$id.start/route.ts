import { endpoint, on } from "~/services/endpoint.server.ts";
import { startTournament } from "~/services/play.server.ts";

const api = endpoint({
  POST: on({ who: "organiser", params: ["id"] }, async ({ caller, params }) => {
    const result = await startTournament(caller, { organiserId: caller.id, tournament: { id: params.id } });
    return Response.json({ message: "Tournament started", ...result });
  }),
});
export { api as loader, api as action };
