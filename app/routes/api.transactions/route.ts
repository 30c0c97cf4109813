import { penceToDecimal } from "~/domain/pence.ts";
import { recentTransactionsQuery } from "~/features/money/server/dashboard.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";

/** The signed-in user's transactions, newest first. */
const api = endpoint({
  GET: on({ who: "signed-in" }, async ({ request, caller }) => {
    const limit = Math.min(Math.max(Number(new URL(request.url).searchParams.get("limit")) || 50, 1), 200);
    const { rows } = await caller.read({ rows: recentTransactionsQuery(caller.userType, caller.id, limit) });
    return Response.json(
      rows.map((t) => ({
        id: t.id,
        type: t.type,
        description: t.description,
        amount: penceToDecimal(t.amountPence),
        createdAt: new Date(t.createdAt).toISOString(),
      })),
      { headers: { "Cache-Control": "private, no-store" } },
    );
  }),
});
export { api as loader, api as action };
