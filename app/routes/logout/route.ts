import { redirect } from "react-router";
import { signedOut } from "~/features/accounts/server/sign-out.server.ts";
import type { Route } from "./+types/route";

/** Ends this session on the server (copies of the cookie stop working) and clears the cookie. */
export async function action({ context }: Route.ActionArgs) {
  return redirect("/", { headers: { "Set-Cookie": await signedOut(context) } });
}

export function loader() {
  return redirect("/");
}
