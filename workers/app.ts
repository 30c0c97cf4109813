import { createRequestHandler } from "react-router";
import { createRequestContext } from "../app/context.server.ts";
import { discardBody } from "../app/services/http.server.ts";
import { runScheduledTasks } from "../app/services/scheduled.server.ts";

const requestHandler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

const MAX_BODY_BYTES = 1024 * 1024;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses what no route should see: mutations from another site (DESIGN §6)
 * and oversized bodies. Stripe's webhook is server-to-server and signed.
 */
async function guard(request: Request): Promise<Response | null> {
  if (SAFE_METHODS.has(request.method)) return null;
  const url = new URL(request.url);
  if (url.pathname !== "/api/stripe/webhook") {
    const origin = request.headers.get("Origin");
    const fetchSite = request.headers.get("Sec-Fetch-Site");
    if ((origin !== null && origin !== url.origin) || fetchSite === "cross-site") {
      await discardBody(request);
      return Response.json({ message: "Cross-origin request refused" }, { status: 403 });
    }
  }
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > MAX_BODY_BYTES) {
    await discardBody(request);
    return Response.json({ message: "Request body too large" }, { status: 413 });
  }
  return null;
}

export default {
  async fetch(request, env, ctx) {
    const refused = await guard(request);
    if (refused) return refused;
    const response = await requestHandler(request, createRequestContext({ request, env, ctx }));
    // A body nobody read (a refusal before parsing, a route that takes no
    // payload) is drained, so the connection stays usable for the next request.
    if (!SAFE_METHODS.has(request.method) && request.body && !request.bodyUsed) await discardBody(request);
    return response;
  },
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(runScheduledTasks(env));
  },
} satisfies ExportedHandler<Env>;
