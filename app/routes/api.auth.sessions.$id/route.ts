import { appContext } from "~/context.server.ts";
import { claimApiUser } from "~/services/guards.server.ts";
import { apiHandler, jsonError, methodNotAllowed } from "~/services/http.server.ts";
import { endSessionById, signOut } from "~/services/sessions.server.ts";
import type { Route } from "./+types/route";

/** Signs one of the caller's devices out; its own session ends like a logout. */
export function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "DELETE") return methodNotAllowed("DELETE");
    const claim = await claimApiUser(context);
    const app = context.get(appContext);
    await claim.user();
    if (params.id === claim.session.sessionId) {
      return Response.json({ message: "Signed out" }, { headers: { "Set-Cookie": await signOut(app) } });
    }
    const ended = await endSessionById(app.db, claim.session, params.id.slice(0, 100));
    if (ended === 0) return jsonError(404, "Session not found");
    return Response.json({ message: "Device signed out" });
  });
}

export const loader = () => methodNotAllowed("DELETE");
