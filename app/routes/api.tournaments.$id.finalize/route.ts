import { penceToDecimal } from "~/domain/pence.ts";
import { endpoint, on } from "~/services/endpoint.server.ts";
import { afterChange } from "~/services/after-change.server.ts";
import { finalizeTournament, settlementJson } from "~/services/finalize.server.ts";

const api = endpoint({
  POST: on({ who: "organiser", params: ["id"] }, async ({ caller, params, app }) => {
    const result = await finalizeTournament(caller, { organiserId: caller.id, tournament: { id: params.id } });
    await afterChange(caller, app, { organiserId: caller.id, tournamentId: result.tournamentId, what: "finalize" });
    return Response.json({
      message: "Payouts confirmed",
      prizePool: penceToDecimal(result.poolPence),
      rake: penceToDecimal(result.rakePence),
      payouts: result.payouts.map((p) => ({
        playerId: p.playerId,
        position: p.position,
        amount: penceToDecimal(p.amountPence),
      })),
      settlement: settlementJson(result.settlement),
    });
  }),
});
export { api as loader, api as action };
