import { signedOut } from "~/features/accounts/server/sign-out.server.ts";
import { endpoint, on } from "~/web/endpoint.server.ts";

/** Ends this session on the server (copies of the cookie stop working) and clears the cookie. */
const api = endpoint({
  POST: on({ who: "system" }, async ({ context }) =>
    Response.json({ message: "Signed out" }, { headers: { "Set-Cookie": await signedOut(context) } }),
  ),
});
export { api as loader, api as action };
