import { penceToDecimal } from "~/domain/money.ts";
import { recentTransactionsQuery } from "~/services/dashboard.server.ts";
import { apiCaller } from "~/services/access.server.ts";
import { apiHandler, methodNotAllowed } from "~/services/http.server.ts";
import type { Route } from "./+types/route";

/** The signed-in user's transactions, newest first. */
export function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const claim = await apiCaller(context);
    const limit = Math.min(Math.max(Number(new URL(request.url).searchParams.get("limit")) || 50, 1), 200);
    const { rows } = await claim.read({ rows: recentTransactionsQuery(claim.userType, claim.id, limit) });
    return Response.json(
      rows.map((t) => ({ id: t.id, type: t.type, description: t.description, amount: penceToDecimal(t.amountPence), createdAt: new Date(t.createdAt).toISOString() })),
      { headers: { "Cache-Control": "private, no-store" } },
    );
  });
}

export const action = () => methodNotAllowed("GET, HEAD");
