import { ForgotPasswordSchema } from "~/domain/accounts.ts";
import { requestPasswordReset } from "~/features/accounts/server/accounts.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { clientAddress } from "~/server/rate-limit.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  POST: on({ who: "anyone", body: ForgotPasswordSchema }, async ({ request, caller, body, app }) => {
    await perform(app, caller, requestPasswordReset, { email: body.email, address: clientAddress(request) });
    // The same answer whether or not an account exists.
    return Response.json({
      message: "If an account exists for that email, we've sent a password reset link. It expires in 1 hour.",
    });
  }),
});
export { api as loader, api as action };
