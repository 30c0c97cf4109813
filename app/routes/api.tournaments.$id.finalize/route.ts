import { penceToDecimal } from "~/domain/pence.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { settlementJson } from "~/features/play/server/finalize.server.ts";
import { finalize } from "~/features/play/server/use-cases.server.ts";
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
