// The Worker's configuration, parsed once per isolate from wrangler vars and
// secrets (locally: .dev.vars, written by `npm start` when missing).
import { z } from "zod";

const Variables = z.object({
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
  // Web Push (decision 015), RFC 8292 VAPID: the application server's P-256 key pair, base64url — the public key as
  // the 65-byte uncompressed point browsers subscribe with, the private key as its 32-byte scalar. Without them
  // the dashboard offers no push notifications (the e-mail and the live pages still tell the player).
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, "VAPID_PUBLIC_KEY must be the base64url uncompressed P-256 public key")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "VAPID_PRIVATE_KEY must be the base64url P-256 private key")
    .optional(),
  // Who push services may contact about our messages (RFC 8292 "sub").
  VAPID_SUBJECT: z.string().default("mailto:support@breakandrun.app"),
  // Tests and benchmarks only: "on" lets a request name the client address it stands for (X-Test-Client-Address),
  // so many clients can come from one machine. Refused in production, where Cloudflare's CF-Connecting-IP says it.
  TEST_CLIENT_ADDRESSES: z.literal("on").optional(),
});

const EnvSchema = Variables.refine((env) => env.APP_ENV !== "production" || env.TEST_CLIENT_ADDRESSES === undefined, {
  path: ["TEST_CLIENT_ADDRESSES"],
  error: "TEST_CLIENT_ADDRESSES is for tests only, never in production",
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
