import { createRequestHandler } from "react-router";
import { createRequestContext } from "../app/context.server.ts";

const requestHandler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default {
  async fetch(request, env, ctx) {
    return requestHandler(request, createRequestContext({ env, ctx }));
  },
} satisfies ExportedHandler<Env>;
