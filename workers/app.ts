import { createRequestHandler } from "react-router";
import { appContext, createRequestContext } from "../app/context.server.ts";
import { admitRequest, createNonce, finishResponse } from "../app/edge.server.ts";
import { parseEnv } from "../app/env.server.ts";
import { isLivePath, openLiveChannel } from "../app/features/live/server/live.server.ts";
import { withSettledAddress } from "../app/server/rate-limit.server.ts";
import { runScheduledTasks } from "../app/features/live/server/scheduled.server.ts";

export { LiveClient } from "./live-client.ts";
export { LiveHub } from "./live-hub.ts";

const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

export default {
  async fetch(incoming, rawEnv, ctx) {
    const env = parseEnv(rawEnv as unknown as Record<string, unknown>);
    const admitted = await admitRequest(incoming);
    const nonce = createNonce();
    const answer = { nonce, production: env.APP_ENV === "production", dev: import.meta.env.DEV, databaseFailed: false };
    if (admitted instanceof Response) return finishResponse(incoming, admitted, answer);
    // Who is asking, once: a CF-Connecting-IP the client made up counts only behind Cloudflare, which overwrites it.
    const request = withSettledAddress(admitted, env);
    const context = createRequestContext({ request, env, ctx, nonce, live: rawEnv.LIVE });
    // A push channel's WebSocket goes straight to its Durable Object: the upgrade is not React Router's to answer.
    const live = isLivePath(new URL(request.url).pathname) ? await openLiveChannel(request, context) : null;
    if (live?.status === 101) return live;
    const response = live ?? (await requestHandler(request, context));
    answer.databaseFailed = context.get(appContext).databaseHealth.failed;
    return finishResponse(request, response, answer);
  },
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(
      runScheduledTasks(env, { live: env.LIVE, cache: ctx.cache, waitUntil: (promise) => ctx.waitUntil(promise) }),
    );
  },
} satisfies ExportedHandler<Env>;
