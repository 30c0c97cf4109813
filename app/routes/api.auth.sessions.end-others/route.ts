import { appContext } from "~/context.server.ts";
import { claimApiUser } from "~/services/guards.server.ts";
import { apiHandler, methodNotAllowed } from "~/services/http.server.ts";
import { endOtherSessions } from "~/services/sessions.server.ts";
import type { Route } from "./+types/route";

/** "Sign out everywhere else": every session of the caller's account but this one. */
export function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const claim = await claimApiUser(context);
    await claim.user();
    const ended = await endOtherSessions(context.get(appContext).db, claim.session);
    return Response.json({ message: "Signed out everywhere else", ended });
  });
}

export const loader = () => methodNotAllowed("POST");
