// The JSON answer that signs a user in: sign-up and login end with it.
import type { AppEnv } from "~/env.server.ts";
import { publicUser, type SignedIn } from "../features/accounts/server/accounts.server.ts";
import { commitSession } from "./session.server.ts";

export async function signedInResponse(
  env: AppEnv,
  { user, session }: SignedIn,
  message: string,
  status = 200,
): Promise<Response> {
  const cookie = await commitSession(env, session);
  return Response.json({ user: publicUser(user), message }, { status, headers: { "Set-Cookie": cookie } });
}
