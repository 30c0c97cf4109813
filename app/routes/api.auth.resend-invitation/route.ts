import { invitationMessages, ResendInvitationSchema } from "~/domain/accounts.ts";
import { getMailer } from "~/services/email.server.ts";
import { endpoint, on } from "~/services/endpoint.server.ts";
import { resendInvitation } from "~/services/invited-accounts.server.ts";

/** Sends an unused invited account's invitation again (the sign-up's 409 `invited` offers it). */
const api = endpoint({
  POST: on({ who: "anyone", body: ResendInvitationSchema }, async ({ caller, body, app }) => {
    await resendInvitation(caller, getMailer(app.env, app.database), { email: body.email, origin: app.env.APP_URL });
    // The same answer whether or not an invitation is waiting.
    return Response.json({ message: invitationMessages.resent });
  }),
});
export { api as loader, api as action };
