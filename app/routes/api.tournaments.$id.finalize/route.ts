import { penceToDecimal } from "~/domain/money.ts";
import { apiCaller } from "~/services/access.server.ts";
import { apiHandler, methodNotAllowed } from "~/services/http.server.ts";
import { finalizeTournament } from "~/services/play.server.ts";
import type { Route } from "./+types/route";

export function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const claim = await apiCaller(context, "organiser");
    const result = await finalizeTournament(claim, { organiserId: claim.id, tournament: { id: params.id } });
    return Response.json({
      message: "Payouts confirmed",
      prizePool: penceToDecimal(result.poolPence),
      rake: penceToDecimal(result.rakePence),
      payouts: result.payouts.map((p) => ({ playerId: p.playerId, position: p.position, amount: penceToDecimal(p.amountPence) })),
    });
  });
}

export const loader = () => methodNotAllowed("POST");
