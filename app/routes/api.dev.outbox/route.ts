import { appContext } from "~/context.server.ts";
import { outboxIsReadable, readOutbox } from "~/services/email.server.ts";
import { jsonError, methodNotAllowed } from "~/services/http.server.ts";
import type { Route } from "./+types/route";

// DESIGN §6: the local outbox as JSON, newest first; 404 in production.
export async function loader({ context }: Route.LoaderArgs) {
  const { env, database } = context.get(appContext);
  if (!outboxIsReadable(env)) return jsonError(404, "Not found");
  return Response.json(await readOutbox(database), { headers: { "Cache-Control": "private, no-store" } });
}

export const action = () => methodNotAllowed("GET, HEAD");
