import { CreateSeriesSchema } from "~/domain/series.ts";
import { endpoint, on } from "~/services/endpoint.server.ts";
import { createSeries, organiserSeriesQuery, seriesJson } from "~/services/series.server.ts";

const api = endpoint({
  /** The signed-in director's series, newest first. */
  GET: on({ who: "organiser" }, async ({ caller }) => {
    const { mine } = await caller.read({ mine: organiserSeriesQuery(caller.id) });
    return Response.json({ series: mine.map(seriesJson) });
  }),
  POST: on({ who: "organiser", body: CreateSeriesSchema }, async ({ caller, body }) => {
    const created = await createSeries(caller, caller.id, body);
    return Response.json({ series: seriesJson(created) }, { status: 201 });
  }),
});
export { api as loader, api as action };
