import { ResetPasswordApiSchema } from "~/domain/accounts.ts";
import { resetPassword } from "~/features/accounts/server/use-cases.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { perform } from "~/web/use-case.server.ts";

const api = endpoint({
  POST: on({ who: "anyone", body: ResetPasswordApiSchema }, async ({ caller, body, app }) => {
    await perform(app, caller, resetPassword, body);
    return Response.json({ message: "Your password has been reset. You can now sign in." });
  }),
});
export { api as loader, api as action };
