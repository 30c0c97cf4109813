// The Worker's configuration, parsed once per isolate from wrangler vars and
// secrets (locally: .dev.vars, written by `npm start` when missing).
import { z } from "zod";

const EnvSchema = z.object({
  APP_ENV: z.enum(["production", "development", "test"]).default("production"),
  // The site's own address: every link the app sends (e-mails, share links,
  // scoreboard URLs, the payment return) is built from it, never from the
  // request's Host header.
  APP_URL: z
    .url({ protocol: /^https?$/, error: "APP_URL must be the site's address, like https://breakandrun.app" })
    .transform((url) => new URL(url).origin),
  TURSO_DATABASE_URL: z.url({ protocol: /^(https?|libsql)$/ }),
  TURSO_AUTH_TOKEN: z.string().optional(),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters"),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  // Tests point the Stripe SDK at a local fake API: http://127.0.0.1:PORT
  STRIPE_API_BASE: z.url().optional(),
  EMAIL_API_URL: z.url().optional(),
  EMAIL_API_KEY: z.string().optional(),
  EMAIL_FROM: z.string().default("Break & Run <no-reply@breakandrun.app>"),
});

export type AppEnv = z.infer<typeof EnvSchema>;

let cached: { source: unknown; env: AppEnv } | undefined;

export function parseEnv(source: Record<string, unknown>): AppEnv {
  if (cached?.source === source) return cached.env;
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`Invalid Worker configuration: ${problems}`);
  }
  cached = { source, env: result.data };
  return result.data;
}
