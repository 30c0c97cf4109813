import { appContext } from "~/context.server.ts";
import { ForgotPasswordSchema } from "~/domain/accounts.ts";
import { requestPasswordReset } from "~/services/accounts.server.ts";
import { getMailer } from "~/services/email.server.ts";
import { apiHandler, methodNotAllowed, readJson } from "~/services/http.server.ts";
import { clientAddress } from "~/services/rate-limit.server.ts";
import { visitor } from "~/services/access.server.ts";
import type { Route } from "./+types/route";

export function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const { env, database } = context.get(appContext);
    const { email } = await readJson(request, ForgotPasswordSchema);
    await requestPasswordReset(await visitor(context), getMailer(env, database), { email, address: clientAddress(request), origin: env.APP_URL });
    // The same answer whether or not an account exists.
    return Response.json({
      message: "If an account exists for that email, we've sent a password reset link. It expires in 1 hour.",
    });
  });
}

export const loader = () => methodNotAllowed("POST");
