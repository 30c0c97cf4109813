// An account's writes: signing up, signing in and out, a new password, and the devices signed in. None of them is
// shown on anyone else's screen: each is quiet. The page's form and the JSON route both run these with `perform`.
import type { Sender } from "~/db/batch.server.ts";
import type { Login, OrganiserSignup, PlayerSignup } from "~/domain/accounts.ts";
import * as accounts from "~/features/accounts/server/accounts.server.ts";
import {
  endOtherSessions,
  endSession,
  endSessionById,
  type SessionData,
} from "~/features/accounts/server/sessions.server.ts";
import { quiet } from "~/web/done.ts";

type SignUp =
  | { userType: "player"; fields: PlayerSignup; device: string }
  | { userType: "organiser"; fields: OrganiserSignup; device: string };

/** A new account, signed in on this device. */
export async function signUp(db: Sender, input: SignUp) {
  const signedIn =
    input.userType === "player"
      ? await accounts.signUpPlayer(db, input.fields, input.device)
      : await accounts.signUpOrganiser(db, input.fields, input.device);
  return quiet(signedIn);
}

/** A sign-in: counted against the limits, and a new session when the password is right. */
export async function logIn(db: Sender, { credentials, client }: { credentials: Login; client: accounts.Client }) {
  return quiet(await accounts.logIn(db, credentials, client));
}

/** A reset link used: the new password, and every session of the account ended. */
export async function resetPassword(db: Sender, input: { token: string; email: string; password: string }) {
  return quiet(await accounts.resetPassword(db, input));
}

/** An invitation's link used: the invited account's password set, and this device signed in (null: no such link). */
export async function acceptInvitation(
  db: Sender,
  input: { token: string; email: string; password: string; device: string },
) {
  return quiet(await accounts.acceptInvitation(db, input));
}

/** This device signs out: its session ends on the server (nothing when the cookie names none). */
export async function signOut(db: Sender, { session }: { session: SessionData | null }) {
  if (session) await db.write(endSession(session));
  return quiet(null);
}

/** One of the account's other devices signed out: how many sessions ended (0 for one unknown or already over). */
export async function endDevice(db: Sender, { session, sessionId }: { session: SessionData; sessionId: string }) {
  return quiet(await db.write(endSessionById(session, sessionId)));
}

/** "Sign out everywhere else": how many other sessions ended. */
export async function endOtherDevices(db: Sender, { session }: { session: SessionData }) {
  return quiet(await db.write(endOtherSessions(session)));
}
