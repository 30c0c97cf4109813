import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/_landing/route.tsx"),
  route("signup", "routes/signup/route.tsx"),
  route("login", "routes/login/route.tsx"),
  route("logout", "routes/logout/route.ts"),
  route("forgot-password", "routes/forgot-password/route.tsx"),
  route("reset-password", "routes/reset-password/route.tsx"),
  route("td/dashboard", "routes/td.dashboard/route.tsx"),
  route("player/dashboard", "routes/player.dashboard/route.tsx"),
  route("td/create-tournament", "routes/td.create-tournament/route.tsx"),
  route("td/tournaments", "routes/td.tournaments/route.tsx"),
  route("player/tournaments", "routes/player.tournaments/route.tsx"),
  route("tournament/:slug", "routes/tournament.$slug/route.tsx"),
  route("dev/mailbox", "routes/dev.mailbox/route.tsx"),
  route("action/set-theme", "routes/action.set-theme/route.ts"),
  route("healthz", "routes/healthz/route.ts"),

  // JSON API (SPEC §7, DESIGN §7)
  route("api/health", "routes/api.health/route.ts"),
  route("api/auth/me", "routes/api.auth.me/route.ts"),
  route("api/auth/signup/player", "routes/api.auth.signup.player/route.ts"),
  route("api/auth/signup/organiser", "routes/api.auth.signup.organiser/route.ts"),
  route("api/auth/login", "routes/api.auth.login/route.ts"),
  route("api/auth/logout", "routes/api.auth.logout/route.ts"),
  route("api/auth/forgot-password", "routes/api.auth.forgot-password/route.ts"),
  route("api/auth/validate-reset-token", "routes/api.auth.validate-reset-token/route.ts"),
  route("api/auth/reset-password", "routes/api.auth.reset-password/route.ts"),
  route("api/tournaments", "routes/api.tournaments/route.ts"),
  route("api/tournaments/my", "routes/api.tournaments.my/route.ts"),
  route("api/tournaments/:slug", "routes/api.tournaments.$slug/route.ts"),
  route("api/tournaments/:id/status", "routes/api.tournaments.$id.status/route.ts"),
  route("api/dev/outbox", "routes/api.dev.outbox/route.ts"),
  route("api/*", "routes/api.not-found/route.ts"),

  route("*", "routes/not-found/route.tsx"),
] satisfies RouteConfig;
