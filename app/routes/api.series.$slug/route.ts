import { endpoint, on } from "~/services/endpoint.server.ts";
import { jsonError } from "~/services/http.server.ts";
import { SERIES_NOT_FOUND, seriesPageJson, seriesPageQuery } from "~/services/series.server.ts";

const api = endpoint({
  /** Public, like a tournament: the series, its nights and its standings. */
  GET: on({ who: "anyone", params: ["slug"] }, async ({ caller, params }) => {
    if (params.slug.length > 120) return jsonError(404, SERIES_NOT_FOUND);
    const { page } = await caller.read({ page: seriesPageQuery(params.slug) });
    return page ? Response.json(seriesPageJson(page)) : jsonError(404, SERIES_NOT_FOUND);
  }),
});
export { api as loader, api as action };
