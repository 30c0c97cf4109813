import { PlayerSignupSchema } from "~/domain/accounts.ts";
import { signUp } from "~/features/accounts/server/accounts.server.ts";
import { signedInResponse } from "~/services/api-auth.server.ts";
import { endpoint, on } from "~/services/endpoint.server.ts";
import { clientOf } from "~/services/sessions.server.ts";
import { perform } from "~/web/use-case.server.ts";

/** POST /api/auth/signup/player: the account, signed in on this device. */
const api = endpoint({
  POST: on({ who: "anyone", body: PlayerSignupSchema }, async ({ request, caller, body, app }) => {
    const input = { userType: "player" as const, fields: body, device: clientOf(request).device };
    return signedInResponse(app.env, await perform(app, caller, signUp, input), "Account created", 201);
  }),
});
export { api as loader, api as action };
