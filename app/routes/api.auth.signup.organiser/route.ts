import { appContext } from "~/context.server.ts";
import { visitor } from "~/services/access.server.ts";
import { OrganiserSignupSchema } from "~/domain/accounts.ts";
import { signUpOrganiser } from "~/services/accounts.server.ts";
import { signedInResponse } from "~/services/api-auth.server.ts";
import { apiHandler, methodNotAllowed, readJson } from "~/services/http.server.ts";
import { clientOf } from "~/services/sessions.server.ts";
import type { Route } from "./+types/route";

export function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const { env } = context.get(appContext);
    const input = await readJson(request, OrganiserSignupSchema);
    return signedInResponse(env, await signUpOrganiser(await visitor(context), input, clientOf(request).device), "Account created", 201);
  });
}

export const loader = () => methodNotAllowed("POST");
