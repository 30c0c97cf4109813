import { apiCaller } from "~/services/access.server.ts";
import { apiHandler, methodNotAllowed } from "~/services/http.server.ts";
import { signedInDevicesQuery } from "~/services/sessions.server.ts";
import type { Route } from "./+types/route";

/** The caller's signed-in devices, this one marked `current`. */
export function loader({ context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const claim = await apiCaller(context);
    const { sessions } = await claim.read({ sessions: signedInDevicesQuery(claim.session, Date.now()) });
    return Response.json({ sessions });
  });
}

export const action = () => methodNotAllowed("GET, HEAD");
