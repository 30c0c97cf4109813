import { endOtherDevices } from "~/features/accounts/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

/** "Sign out everywhere else": every session of the caller's account but this one. */
const api = endpoint({
  POST: on({ who: "signed-in" }, async ({ caller, app }) => {
    const ended = await perform(app, caller, endOtherDevices, { session: caller.session });
    return Response.json({ message: "Signed out everywhere else", ended });
  }),
});
export { api as loader, api as action };
