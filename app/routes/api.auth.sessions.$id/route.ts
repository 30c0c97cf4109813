import { signOut } from "~/services/access.server.ts";
import { endpoint, on } from "~/services/endpoint.server.ts";
import { jsonError } from "~/services/http.server.ts";
import { endSessionById } from "~/services/sessions.server.ts";

/** Signs one of the caller's devices out; its own session ends like a logout. */
const api = endpoint({
  DELETE: on({ who: "signed-in", params: ["id"] }, async ({ caller, params, context }) => {
    if (params.id === caller.session.sessionId) {
      await caller.read(); // only a current session signs itself out
      return Response.json({ message: "Signed out" }, { headers: { "Set-Cookie": await signOut(context) } });
    }
    const ended = await caller.write(endSessionById(caller.session, params.id.slice(0, 100)));
    if (ended === 0) return jsonError(404, "Session not found");
    return Response.json({ message: "Device signed out" });
  }),
});
export { api as loader, api as action };
