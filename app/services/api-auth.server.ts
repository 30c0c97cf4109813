// JSON answers that sign a user in, and the two sign-up endpoints they end.
import { OrganiserSignupSchema, PlayerSignupSchema, type UserType } from "~/domain/accounts.ts";
import type { AppEnv } from "~/env.server.ts";
import { publicUser, signUpOrganiser, signUpPlayer, type SignedIn } from "./accounts.server.ts";
import { endpoint, on } from "./endpoint.server.ts";
import { commitSession } from "./session.server.ts";
import { clientOf } from "./sessions.server.ts";

export async function signedInResponse(
  env: AppEnv,
  { user, session }: SignedIn,
  message: string,
  status = 200,
): Promise<Response> {
  const cookie = await commitSession(env, session);
  return Response.json({ user: publicUser(user), message }, { status, headers: { "Set-Cookie": cookie } });
}

/** POST /api/auth/signup/{player,organiser}: the account, signed in on this device. */
export function signUpEndpoint(userType: UserType) {
  const signedUp = "Account created";
  return endpoint({
    POST:
      userType === "player"
        ? on({ who: "anyone", body: PlayerSignupSchema }, async ({ request, caller, body, app }) =>
            signedInResponse(app.env, await signUpPlayer(caller, body, clientOf(request).device), signedUp, 201),
          )
        : on({ who: "anyone", body: OrganiserSignupSchema }, async ({ request, caller, body, app }) =>
            signedInResponse(app.env, await signUpOrganiser(caller, body, clientOf(request).device), signedUp, 201),
          ),
  });
}
