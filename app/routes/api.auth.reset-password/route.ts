import { ResetPasswordApiSchema } from "~/domain/accounts.ts";
import { resetPassword } from "~/services/accounts.server.ts";
import { endpoint, on } from "~/services/endpoint.server.ts";

const api = endpoint({
  POST: on({ who: "anyone", body: ResetPasswordApiSchema }, async ({ caller, body }) => {
    await resetPassword(caller, body);
    return Response.json({ message: "Your password has been reset. You can now sign in." });
  }),
});
export { api as loader, api as action };
