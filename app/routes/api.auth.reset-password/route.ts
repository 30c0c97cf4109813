import { visitor } from "~/services/access.server.ts";
import { ResetPasswordApiSchema } from "~/domain/accounts.ts";
import { resetPassword } from "~/services/accounts.server.ts";
import { apiHandler, methodNotAllowed, readJson } from "~/services/http.server.ts";
import type { Route } from "./+types/route";

export function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    await resetPassword(await visitor(context), await readJson(request, ResetPasswordApiSchema));
    return Response.json({ message: "Your password has been reset. You can now sign in." });
  });
}

export const loader = () => methodNotAllowed("POST");
