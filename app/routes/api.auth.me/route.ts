import { publicUser } from "~/services/accounts.server.ts";
import { apiHandler, methodNotAllowed } from "~/services/http.server.ts";
import { requireApiUser } from "~/services/guards.server.ts";
import type { Route } from "./+types/route";

export function loader({ context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    return Response.json(publicUser(await requireApiUser(context)), { headers: { "Cache-Control": "private, no-store" } });
  });
}

export const action = () => methodNotAllowed("GET, HEAD");
