import { appContext } from "~/context.server.ts";
import { methodNotAllowed } from "~/services/http.server.ts";
import { destroySession } from "~/services/session.server.ts";
import type { Route } from "./+types/route";

export async function action({ context }: Route.ActionArgs) {
  const { env } = context.get(appContext);
  return Response.json({ message: "Signed out" }, { headers: { "Set-Cookie": await destroySession(env) } });
}

export const loader = methodNotAllowed;
