import { endpoint, on } from "~/web/endpoint.server.ts";
import { registrationsQuery } from "~/features/entries/server/joining.server.ts";

/** The player's paid entries and pending holds. */
const api = endpoint({
  GET: on({ who: "player" }, async ({ caller }) => {
    const { rows } = await caller.read({ rows: registrationsQuery(caller.id) });
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
  }),
});
export { api as loader, api as action };
