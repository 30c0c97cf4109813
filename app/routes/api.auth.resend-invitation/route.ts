import { invitationMessages, ResendInvitationSchema } from "~/domain/accounts.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";
import { resendInvitation } from "~/features/accounts/server/invited-accounts.server.ts";
import { perform } from "~/web/use-case.server.ts";

/** Sends an unused invited account's invitation again (the sign-up's 409 `invited` offers it). */
const api = endpoint({
  POST: on({ who: "anyone", body: ResendInvitationSchema }, async ({ caller, body, app }) => {
    await perform(app, caller, resendInvitation, { email: body.email });
    // The same answer whether or not an invitation is waiting.
    return Response.json({ message: invitationMessages.resent });
  }),
});
export { api as loader, api as action };
