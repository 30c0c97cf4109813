import { appContext } from "~/context.server.ts";
import { penceToDecimal } from "~/domain/money.ts";
import { claimApiUser } from "~/services/guards.server.ts";
import { apiHandler, methodNotAllowed } from "~/services/http.server.ts";
import { finalizeTournament } from "~/services/play.server.ts";
import type { Route } from "./+types/route";

export function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const claim = await claimApiUser(context, "organiser");
    const { db } = context.get(appContext);
    const [, result] = await claim.confirm(finalizeTournament(db, claim.id, { id: params.id }));
    return Response.json({
      message: "Payouts confirmed",
      prizePool: penceToDecimal(result.poolPence),
      rake: penceToDecimal(result.rakePence),
      payouts: result.payouts.map((p) => ({ playerId: p.playerId, position: p.position, amount: penceToDecimal(p.amountPence) })),
    });
  });
}

export const loader = () => methodNotAllowed("POST");
