import { penceToDecimal } from "~/domain/money.ts";
import { apiCaller } from "~/services/access.server.ts";
import { apiHandler, methodNotAllowed } from "~/services/http.server.ts";
import { payoutPreview } from "~/domain/play.ts";
import { payoutPlanQuery } from "~/services/play.server.ts";
import type { Route } from "./+types/route";

/** SPEC's payout preview rows; 409 unless the tournament is in progress with its final played. */
export function loader({ params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const claim = await apiCaller(context, "organiser");
    const { plan } = await claim.read({ plan: payoutPlanQuery({ id: params.id }) });
    const preview = payoutPreview(plan, claim.id);
    return Response.json(preview.rows.map((r) => ({ playerId: r.playerId, playerName: r.playerName, position: r.position, amount: penceToDecimal(r.amountPence) })));
  });
}

export const action = () => methodNotAllowed("GET, HEAD");
