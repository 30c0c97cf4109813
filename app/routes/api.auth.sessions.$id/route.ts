import { endDevice } from "~/features/accounts/server/use-cases.server.ts";
import { signedOut } from "~/features/accounts/server/sign-out.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { jsonError } from "~/web/http.server.ts";
import { perform } from "~/web/use-case.server.ts";

/** Signs one of the caller's devices out; its own session ends like a logout. */
const api = endpoint({
  DELETE: on({ who: "signed-in", params: ["id"] }, async ({ caller, params, context, app }) => {
    if (params.id === caller.session.sessionId) {
      await caller.read(); // only a current session signs itself out
      return Response.json({ message: "Signed out" }, { headers: { "Set-Cookie": await signedOut(context) } });
    }
    const ended = await perform(app, caller, endDevice, {
      session: caller.session,
      sessionId: params.id.slice(0, 100),
    });
    if (ended === 0) return jsonError(404, "Session not found");
    return Response.json({ message: "Device signed out" });
  }),
});
export { api as loader, api as action };
