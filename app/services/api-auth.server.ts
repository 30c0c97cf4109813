// JSON answers that sign a user in.
import type { AppEnv } from "~/env.server.ts";
import { publicUser, type CurrentUser } from "./accounts.server.ts";
import { commitSession } from "./session.server.ts";

export async function signedInResponse(env: AppEnv, user: CurrentUser, message: string, status = 200): Promise<Response> {
  const cookie = await commitSession(env, { userId: user.id, userType: user.userType, version: user.sessionVersion });
  return Response.json({ user: publicUser(user), message }, { status, headers: { "Set-Cookie": cookie } });
}
