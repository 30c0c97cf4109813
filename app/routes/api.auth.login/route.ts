import { appContext } from "~/context.server.ts";
import { visitor } from "~/services/access.server.ts";
import { LoginSchema } from "~/domain/accounts.ts";
import { logIn } from "~/services/accounts.server.ts";
import { signedInResponse } from "~/services/api-auth.server.ts";
import { apiHandler, methodNotAllowed, readJson } from "~/services/http.server.ts";
import { clientOf } from "~/services/sessions.server.ts";
import type { Route } from "./+types/route";

export function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const { env } = context.get(appContext);
    const input = await readJson(request, LoginSchema);
    return signedInResponse(env, await logIn(await visitor(context), input, clientOf(request)), "Signed in");
  });
}

export const loader = () => methodNotAllowed("POST");
