import { penceToDecimal } from "~/domain/pence.ts";
import { endpoint, on } from "~/services/endpoint.server.ts";
import { settlementJson } from "~/services/finalize.server.ts";
import { finalize } from "~/features/play/server/play.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  POST: on({ who: "organiser", params: ["id"] }, async ({ caller, params, app }) => {
    const result = await perform(app, caller, finalize, { organiserId: caller.id, tournament: { id: params.id } });
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
