import { ForgotPasswordSchema } from "~/domain/accounts.ts";
import { requestPasswordReset } from "~/services/accounts.server.ts";
import { getMailer } from "~/services/email.server.ts";
import { endpoint, on } from "~/services/endpoint.server.ts";
import { clientAddress } from "~/services/rate-limit.server.ts";

const api = endpoint({
  POST: on({ who: "anyone", body: ForgotPasswordSchema }, async ({ request, caller, body, app }) => {
    const mailer = getMailer(app.env, app.database);
    await requestPasswordReset(caller, mailer, {
      email: body.email,
      address: clientAddress(request),
      origin: app.env.APP_URL,
    });
    // The same answer whether or not an account exists.
    return Response.json({
      message: "If an account exists for that email, we've sent a password reset link. It expires in 1 hour.",
    });
  }),
});
export { api as loader, api as action };
