import { CreateSeriesSchema } from "~/features/series/domain/series.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { createSeries } from "~/features/series/server/use-cases.server.ts";
import { organiserSeriesQuery, seriesJson } from "~/features/series/server/series.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  /** The signed-in director's series, newest first. */
  GET: on({ who: "organiser" }, async ({ caller }) => {
    const { mine } = await caller.read({ mine: organiserSeriesQuery(caller.id) });
    return Response.json({ series: mine.map(seriesJson) });
  }),
  POST: on({ who: "organiser", body: CreateSeriesSchema }, async ({ caller, body, app }) => {
    const created = await perform(app, caller, createSeries, { organiserId: caller.id, fields: body });
    return Response.json({ series: seriesJson(created) }, { status: 201 });
  }),
});
export { api as loader, api as action };
