import { redirect } from "react-router";
import { appContext } from "~/context.server.ts";
import { destroySession } from "~/services/session.server.ts";
import type { Route } from "./+types/route";

export async function action({ context }: Route.ActionArgs) {
  const { env } = context.get(appContext);
  return redirect("/", { headers: { "Set-Cookie": await destroySession(env) } });
}

export function loader() {
  return redirect("/");
}
