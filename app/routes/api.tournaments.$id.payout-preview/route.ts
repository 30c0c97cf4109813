import { penceToDecimal } from "~/domain/pence.ts";
import { payoutPreview } from "~/features/play/domain/payout-plan.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { payoutPlanQuery } from "~/features/play/server/finalize.server.ts";

/** SPEC's payout preview rows; 409 unless the tournament is in progress with its final played. */
const api = endpoint({
  GET: on({ who: "organiser", params: ["id"] }, async ({ caller, params }) => {
    const { plan } = await caller.read({ plan: payoutPlanQuery({ id: params.id }) });
    const { rows } = payoutPreview(plan, caller.id);
    return Response.json(
      rows.map((r) => ({
        playerId: r.playerId,
        playerName: r.playerName,
        position: r.position,
        amount: penceToDecimal(r.amountPence),
      })),
    );
  }),
});
export { api as loader, api as action };
