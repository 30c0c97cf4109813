import { appContext } from "~/context.server.ts";
import { penceToDecimal } from "~/domain/money.ts";
import { claimApiUser } from "~/services/guards.server.ts";
import { apiHandler, methodNotAllowed } from "~/services/http.server.ts";
import { payoutPreview } from "~/services/play.server.ts";
import type { Route } from "./+types/route";

/** SPEC's payout preview rows; 409 unless the tournament is in progress with its final played. */
export function loader({ params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const claim = await claimApiUser(context, "organiser");
    const { db } = context.get(appContext);
    const [, preview] = await claim.confirm(payoutPreview(db, claim.id, { id: params.id }));
    return Response.json(preview.rows.map((r) => ({ playerId: r.playerId, playerName: r.playerName, position: r.position, amount: penceToDecimal(r.amountPence) })));
  });
}

export const action = () => methodNotAllowed("GET, HEAD");
