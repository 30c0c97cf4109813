import { appContext } from "~/context.server.ts";
import { LoginSchema } from "~/domain/accounts.ts";
import { logIn } from "~/services/accounts.server.ts";
import { signedInResponse } from "~/services/api-auth.server.ts";
import { apiHandler, methodNotAllowed, readJson } from "~/services/http.server.ts";
import { clientAddress, enforceRateLimit, LOGIN_LIMIT } from "~/services/rate-limit.server.ts";
import type { Route } from "./+types/route";

export function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const { env, db } = context.get(appContext);
    const input = await readJson(request, LoginSchema);
    await enforceRateLimit(db, LOGIN_LIMIT, `${clientAddress(request)}:${input.email}`);
    return signedInResponse(env, await logIn(db, input), "Signed in");
  });
}

export const loader = methodNotAllowed;
