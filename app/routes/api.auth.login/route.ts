import { LoginSchema } from "~/domain/accounts.ts";
import { logIn } from "~/features/accounts/server/use-cases.server.ts";
import { signedInResponse } from "~/web/api-auth.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { clientOf } from "~/features/accounts/server/sessions.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  POST: on({ who: "anyone", body: LoginSchema }, async ({ request, caller, body, app }) => {
    const signedIn = await perform(app, caller, logIn, { credentials: body, client: clientOf(request) });
    return signedInResponse(app.env, signedIn, "Signed in");
  }),
});
export { api as loader, api as action };
