// Prints a new VAPID key pair (RFC 8292) for Web Push, as the Worker reads it:
// node scripts/vapid-keys.ts, then `npx wrangler secret put VAPID_PUBLIC_KEY` (and VAPID_PRIVATE_KEY).
import { newVapidKeys } from "./lib/dev-vars.ts";

for (const [name, value] of Object.entries(newVapidKeys())) console.log(`${name}=${value}`);
