// Signing this device out, for the routes that do (the logout page and call, a device list's own row, a tablet
// handed to another table): the session ends on the server through its use case, and the cookie is cleared.
import type { RouterContextProvider } from "react-router";
import { appContext } from "~/context.server.ts";
import { visitor } from "~/web/access.server.ts";
import { destroySession } from "~/web/session.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { signOut } from "./use-cases.server.ts";

/** Ends the cookie's session (copies of the cookie stop working); answers the Set-Cookie that clears it. */
export async function signedOut(context: Readonly<RouterContextProvider>): Promise<string> {
  const app = context.get(appContext);
  const db = await visitor(context);
  await perform(app, db, signOut, { session: db.session });
  return destroySession(app.env);
}
