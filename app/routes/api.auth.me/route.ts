import { publicUser } from "~/features/accounts/server/accounts.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";

const api = endpoint({
  GET: on({ who: "signed-in" }, async ({ caller }) =>
    Response.json(publicUser((await caller.read()).user), { headers: { "Cache-Control": "private, no-store" } }),
  ),
});
export { api as loader, api as action };
