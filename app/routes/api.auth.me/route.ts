import { publicUser } from "~/services/accounts.server.ts";
import { apiHandler, methodNotAllowed } from "~/services/http.server.ts";
import { apiCaller } from "~/services/access.server.ts";
import type { Route } from "./+types/route";

export function loader({ context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    return Response.json(publicUser((await (await apiCaller(context)).read()).user), { headers: { "Cache-Control": "private, no-store" } });
  });
}

export const action = () => methodNotAllowed("GET, HEAD");
