import { apiHandler, methodNotAllowed } from "~/services/http.server.ts";
import { signOut } from "~/services/access.server.ts";
import type { Route } from "./+types/route";

/** Ends this session on the server (copies of the cookie stop working) and clears the cookie. */
export function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const cookie = await signOut(context);
    return Response.json({ message: "Signed out" }, { headers: { "Set-Cookie": cookie } });
  });
}

export const loader = () => methodNotAllowed("POST");
