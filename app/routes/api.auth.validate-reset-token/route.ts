import { visitor } from "~/services/access.server.ts";
import { ValidateResetTokenSchema } from "~/domain/accounts.ts";
import { INVALID_RESET_LINK, resetTokenQuery } from "~/services/accounts.server.ts";
import { apiHandler, methodNotAllowed } from "~/services/http.server.ts";
import type { Route } from "./+types/route";

export function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const url = new URL(request.url);
    const parsed = ValidateResetTokenSchema.safeParse({
      token: url.searchParams.get("token") ?? undefined,
      email: url.searchParams.get("email") ?? undefined,
    });
    if (!parsed.success) {
      return Response.json({ valid: false, message: "This password reset link is invalid or incomplete" }, { status: 400 });
    }
    const { valid } = await (await visitor(context)).read({ valid: await resetTokenQuery(parsed.data.token, parsed.data.email) });
    return Response.json({ valid, message: valid ? "The link is valid" : INVALID_RESET_LINK });
  });
}

export const action = () => methodNotAllowed("GET, HEAD");
