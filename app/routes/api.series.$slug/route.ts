import { UpdateSeriesSchema } from "~/features/series/domain/series.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { jsonError } from "~/web/http.server.ts";
import { editSeries } from "~/features/series/server/use-cases.server.ts";
import { seriesByIdQuery } from "~/features/series/server/series-edit.server.ts";
import { perform } from "~/web/use-case.server.ts";
import {
  SERIES_NOT_FOUND,
  seriesJson,
  seriesPageJson,
  seriesPageQuery,
} from "~/features/series/server/series.server.ts";

const api = endpoint({
  /** Public, like a tournament: the series, its nights and its standings. */
  GET: on({ who: "anyone", params: ["slug"] }, async ({ caller, params }) => {
    if (params.slug.length > 120) return jsonError(404, SERIES_NOT_FOUND);
    const { page } = await caller.read({ page: seriesPageQuery(params.slug) });
    return page ? Response.json(seriesPageJson(page)) : jsonError(404, SERIES_NOT_FOUND);
  }),
  /**
   * PATCH /api/series/{id} (by id, as a tournament's edit): the director changes the name, points, best N or top N;
   * the points are a 409 once a night in the series is finalized. The ranking is worked out when read: nothing else
   * follows the change.
   */
  PATCH: on({ who: "organiser", body: UpdateSeriesSchema, params: ["slug"] }, async ({ caller, body, params, app }) => {
    if (params.slug.length > 64) return jsonError(404, SERIES_NOT_FOUND);
    const { row } = await caller.read({ row: seriesByIdQuery(params.slug) });
    const saved = await perform(app, caller, editSeries, { organiserId: caller.id, row, fields: body });
    return Response.json({ series: seriesJson(saved) });
  }),
});
export { api as loader, api as action };
