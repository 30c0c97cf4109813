import { apiCaller } from "~/services/access.server.ts";
import { apiHandler, methodNotAllowed } from "~/services/http.server.ts";
import { endOtherSessions } from "~/services/sessions.server.ts";
import type { Route } from "./+types/route";

/** "Sign out everywhere else": every session of the caller's account but this one. */
export function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const claim = await apiCaller(context);
    const ended = await claim.write(endOtherSessions(claim.session));
    return Response.json({ message: "Signed out everywhere else", ended });
  });
}

export const loader = () => methodNotAllowed("POST");
