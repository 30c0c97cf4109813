import { apiCaller } from "~/services/access.server.ts";
import { apiHandler, jsonError, methodNotAllowed } from "~/services/http.server.ts";
import { endSessionById } from "~/services/sessions.server.ts";
import { signOut } from "~/services/access.server.ts";
import type { Route } from "./+types/route";

/** Signs one of the caller's devices out; its own session ends like a logout. */
export function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "DELETE") return methodNotAllowed("DELETE");
    const claim = await apiCaller(context);
    if (params.id === claim.session.sessionId) {
      await claim.read(); // only a current session signs itself out
      return Response.json({ message: "Signed out" }, { headers: { "Set-Cookie": await signOut(context) } });
    }
    const ended = await claim.write(endSessionById(claim.session, params.id.slice(0, 100)));
    if (ended === 0) return jsonError(404, "Session not found");
    return Response.json({ message: "Device signed out" });
  });
}

export const loader = () => methodNotAllowed("DELETE");
