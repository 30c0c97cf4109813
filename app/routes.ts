import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/_landing/route.tsx"),
  route("action/set-theme", "routes/action.set-theme/route.ts"),
  route("healthz", "routes/healthz/route.ts"),
  route("api/health", "routes/api.health/route.ts"),
  route("*", "routes/not-found/route.tsx"),
] satisfies RouteConfig;
