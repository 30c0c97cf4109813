import { redirect } from "react-router";
import { signOut } from "~/services/access.server.ts";
import type { Route } from "./+types/route";

/** Ends this session on the server (copies of the cookie stop working) and clears the cookie. */
export async function action({ context }: Route.ActionArgs) {
  return redirect("/", { headers: { "Set-Cookie": await signOut(context) } });
}

export function loader() {
  return redirect("/");
}
