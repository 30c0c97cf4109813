import { endpoint, on } from "~/web/endpoint.server.ts";
import { signedInDevicesQuery } from "~/features/accounts/server/sessions.server.ts";

/** The caller's signed-in devices, this one marked `current`. */
const api = endpoint({
  GET: on({ who: "signed-in" }, async ({ caller }) => {
    const { sessions } = await caller.read({ sessions: signedInDevicesQuery(caller.session, Date.now()) });
    return Response.json({ sessions });
  }),
});
export { api as loader, api as action };
