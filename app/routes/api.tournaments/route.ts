import { CreateTournamentSchema } from "~/features/tournaments/domain/tournament-schema.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { createTournament } from "~/features/tournaments/server/use-cases.server.ts";
import { seriesOwnerQuery } from "~/features/series/server/series.server.ts";
import { openTournamentsQuery } from "~/features/tournaments/server/tournament-lists.server.ts";
import { tournamentJson } from "~/features/tournaments/server/tournaments.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  /** Open tournaments with tdName and playerCount. */
  GET: on({ who: "anyone" }, async ({ caller }) => {
    const { open } = await caller.read({ open: openTournamentsQuery() });
    return Response.json(open.map((t) => tournamentJson(t)));
  }),
  POST: on({ who: "organiser", body: CreateTournamentSchema }, async ({ caller, body, app }) => {
    const { user: organiser, series } = await caller.read({ series: seriesOwnerQuery(body.seriesId) });
    const created = await perform(app, caller, createTournament, { organiserId: organiser.id, fields: body, series });
    // A new tournament has no entries yet: no need to read it back.
    return Response.json(tournamentJson({ ...created, tdName: organiser.name, playerCount: 0, players: [] }), {
      status: 201,
    });
  }),
});
export { api as loader, api as action };
