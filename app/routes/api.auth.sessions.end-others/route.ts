import { endpoint, on } from "~/services/endpoint.server.ts";
import { endOtherSessions } from "~/services/sessions.server.ts";

/** "Sign out everywhere else": every session of the caller's account but this one. */
const api = endpoint({
  POST: on({ who: "signed-in" }, async ({ caller }) => {
    const ended = await caller.write(endOtherSessions(caller.session));
    return Response.json({ message: "Signed out everywhere else", ended });
  }),
});
export { api as loader, api as action };
