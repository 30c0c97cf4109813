import { appContext } from "~/context.server.ts";
import { claimApiUser } from "~/services/guards.server.ts";
import { apiHandler, methodNotAllowed } from "~/services/http.server.ts";
import { signedInDevicesQuery, toSignedInDevices } from "~/services/sessions.server.ts";
import type { Route } from "./+types/route";

/** The caller's signed-in devices, this one marked `current`. */
export function loader({ context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const claim = await claimApiUser(context);
    const { db } = context.get(appContext);
    const [, rows] = await claim.confirm(signedInDevicesQuery(db, claim.session, Date.now()));
    return Response.json({ sessions: toSignedInDevices(rows, claim.session) });
  });
}

export const action = () => methodNotAllowed("GET, HEAD");
