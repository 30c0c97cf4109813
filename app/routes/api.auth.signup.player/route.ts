import { PlayerSignupSchema } from "~/domain/accounts.ts";
import { signUp } from "~/features/accounts/server/use-cases.server.ts";
import { signedInResponse } from "~/web/api-auth.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { clientOf } from "~/features/accounts/server/sessions.server.ts";
import { perform } from "~/web/use-case.server.ts";

/** POST /api/auth/signup/player: the account, signed in on this device. */
const api = endpoint({
  POST: on({ who: "anyone", body: PlayerSignupSchema }, async ({ request, caller, body, app }) => {
    const input = { userType: "player" as const, fields: body, device: clientOf(request).device };
    return signedInResponse(app.env, await perform(app, caller, signUp, input), "Account created", 201);
  }),
});
export { api as loader, api as action };
