import { ValidateResetTokenSchema } from "~/domain/accounts.ts";
import { INVALID_RESET_LINK, resetTokenQuery } from "~/features/accounts/server/accounts.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";

const api = endpoint({
  GET: on({ who: "anyone" }, async ({ request, caller }) => {
    const url = new URL(request.url);
    const parsed = ValidateResetTokenSchema.safeParse({
      token: url.searchParams.get("token") ?? undefined,
      email: url.searchParams.get("email") ?? undefined,
    });
    if (!parsed.success) {
      return Response.json(
        { valid: false, message: "This password reset link is invalid or incomplete" },
        { status: 400 },
      );
    }
    const { valid } = await caller.read({ valid: await resetTokenQuery(parsed.data.token, parsed.data.email) });
    return Response.json({ valid, message: valid ? "The link is valid" : INVALID_RESET_LINK });
  }),
});
export { api as loader, api as action };
