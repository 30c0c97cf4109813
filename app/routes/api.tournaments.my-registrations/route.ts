import { appContext } from "~/context.server.ts";
import { requireApiUser } from "~/services/guards.server.ts";
import { apiHandler, methodNotAllowed } from "~/services/http.server.ts";
import { playerRegistrations } from "~/services/registration.server.ts";
import type { Route } from "./+types/route";

/** The player's paid entries and pending holds. */
export function loader({ context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const player = await requireApiUser(context, "player");
    const { db } = context.get(appContext);
    const rows = await playerRegistrations(db, player.id);
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
