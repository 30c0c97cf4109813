import { z } from "zod";
import { reads } from "~/db/batch.server.ts";
import { isDomainError } from "~/domain/errors.ts";
import { mergeEdit, storedFields } from "~/features/tournaments/domain/tournament-edit.ts";
import { editTournamentSchema } from "~/features/tournaments/domain/tournament-schema.ts";
import { editTournament } from "~/features/tournaments/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { issuesToErrors, jsonError } from "~/web/http.server.ts";
import {
  editReadQuery,
  FIELD_LOCKED,
  ownTournament,
  settingsOf,
} from "~/features/tournaments/server/tournament-edit.server.ts";
import { tournamentBySlugQuery, tournamentJson } from "~/features/tournaments/server/tournaments.server.ts";
import { seriesOwnerQuery } from "~/features/series/server/series.server.ts";
import { perform } from "~/web/use-case.server.ts";

/** An edit's body: any of the creation fields (checked once laid over the stored ones). */
const EditBody = z.record(z.string(), z.unknown(), { error: "Send the fields to change as a JSON object" });

const api = endpoint({
  GET: on({ who: "anyone", params: ["slug"] }, async ({ caller, params }) => {
    if (params.slug.length > 120) return jsonError(404, "Tournament not found");
    const { user, t: found } = await caller.read({ t: tournamentBySlugQuery(params.slug) });
    if (!found) return jsonError(404, "Tournament not found");
    const director = user?.userType === "organiser" && user.id === found.organiserId;
    return Response.json(tournamentJson(found, { director }));
  }),
  /**
   * PATCH /api/tournaments/{id}: the director edits any creation field; a field that can no longer change is a 409
   * `{ message, field }` saying why (features/tournaments/domain/tournament-edit.ts).
   */
  PATCH: on({ who: "organiser", body: EditBody, params: ["slug"] }, async ({ caller, body, params, app }) => {
    if (params.slug.length > 64) return jsonError(404, "Tournament not found");
    const now = Date.now();
    const { read, series } = await caller.send(
      reads({ read: editReadQuery({ id: params.slug }, now), series: seriesOwnerQuery(body.seriesId) }),
    );
    const t = ownTournament(read.t, caller.id);
    const parsed = z.safeParse(editTournamentSchema(t), mergeEdit(storedFields(settingsOf(t)), body));
    if (!parsed.success) {
      const { message, errors } = issuesToErrors(parsed.error.issues);
      return jsonError(400, message, errors);
    }
    try {
      const edit = { organiserId: caller.id, series, t, facts: read.facts, next: parsed.data, now };
      const { detail } = await perform(app, caller, editTournament, edit);
      return detail
        ? Response.json(tournamentJson(detail, { director: true }))
        : jsonError(404, "Tournament not found");
    } catch (error) {
      if (!isDomainError(error) || error.code !== FIELD_LOCKED) throw error;
      const field = error.field ?? "";
      return Response.json(
        { message: error.message, field, errors: { [field]: [error.message] } },
        { status: 409, headers: { "Refusal-Code": FIELD_LOCKED } },
      );
    }
  }),
});
export { api as loader, api as action };
