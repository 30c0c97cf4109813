import { apiCaller } from "~/services/access.server.ts";
import { apiHandler, methodNotAllowed } from "~/services/http.server.ts";
import { registrationsQuery } from "~/services/registration.server.ts";
import type { Route } from "./+types/route";

/** The player's paid entries and pending holds. */
export function loader({ context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const claim = await apiCaller(context, "player");
    const { rows } = await claim.read({ rows: registrationsQuery(claim.id) });
    return Response.json(
      rows.map((r) => ({
        id: r.tournamentId,
        tournamentId: r.tournamentId,
        registrationId: r.registrationId,
        slug: r.slug,
        name: r.name,
        status: r.status,
        paid: r.paid,
        paymentPending: !r.paid,
        holdExpiresAt: r.paid || r.holdExpiresAt === null ? null : new Date(r.holdExpiresAt).toISOString(),
      })),
    );
  });
}

export const action = () => methodNotAllowed("GET, HEAD");
