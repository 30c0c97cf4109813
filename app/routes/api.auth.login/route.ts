import { LoginSchema } from "~/domain/accounts.ts";
import { logIn } from "~/services/accounts.server.ts";
import { signedInResponse } from "~/services/api-auth.server.ts";
import { endpoint, on } from "~/services/endpoint.server.ts";
import { clientOf } from "~/services/sessions.server.ts";

const api = endpoint({
  POST: on({ who: "anyone", body: LoginSchema }, async ({ request, caller, body, app }) =>
    signedInResponse(app.env, await logIn(caller, body, clientOf(request)), "Signed in"),
  ),
});
export { api as loader, api as action };
