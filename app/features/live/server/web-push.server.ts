// Sending one Web Push message (decisions 013–015): the payload encrypted for the
// browser with RFC 8291 aes128gcm (@block65/webcrypto-web-push, Web Crypto,
// runs in workerd) and the request signed with an RFC 8292 VAPID JWT (ES256,
// Web Crypto here). The library's own VAPID header refuses http endpoints,
// which the tests' local fake push service is, so the JWT is signed here.
import { encryptNotification } from "@block65/webcrypto-web-push";
import { base64UrlBytes, pushEndpointProblem } from "~/features/live/domain/push.ts";
import type { AppEnv } from "~/env.server.ts";

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };
/** A browser's subscription as stored. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** The server's VAPID keys, or null when Web Push is not set up (no opt-in is offered then). */
export function vapidKeys(env: AppEnv): VapidKeys | null {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) return null;
  return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT };
}

/** Development and tests: push to an http fake on this machine is allowed. */
export const isLocal = (env: AppEnv) => env.APP_ENV !== "production";

const base64Url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const utf8 = (text: string) => new TextEncoder().encode(text);

/** RFC 8292 §2: an ES256 JWT for the push service at `audience`, valid for 12 hours. */
async function vapidJwt(keys: VapidKeys, audience: string, now: number): Promise<string> {
  const point = base64UrlBytes(keys.publicKey);
  if (point?.length !== 65) throw new Error("VAPID_PUBLIC_KEY is not an uncompressed P-256 point");
  const key = await crypto.subtle.importKey(
    "jwk",
    { kty: "EC", crv: "P-256", x: base64Url(point.slice(1, 33)), y: base64Url(point.slice(33)), d: keys.privateKey },
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["sign"],
  );
  const header = base64Url(utf8(JSON.stringify({ typ: "JWT", alg: "ES256" })));
  const claims = base64Url(
    utf8(JSON.stringify({ aud: audience, exp: Math.floor(now / 1000) + 12 * 60 * 60, sub: keys.subject })),
  );
  // Web Crypto's ECDSA signature is r || s, as JWS wants it.
  const signature = await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, key, utf8(`${header}.${claims}`));
  return `${header}.${claims}.${base64Url(signature)}`;
}

/** How long a push service keeps a call for a browser that is offline: a call is stale after this. */
const CALL_TTL_SECONDS = 15 * 60;
const SEND_DEADLINE_MS = 10_000;

/**
 * Sends `payload` to one browser; the push service's status (201 sent; 404/410 the subscription is gone).
 * Throws when the endpoint is not one the server may call, or the service cannot be reached.
 */
export async function sendWebPush(
  env: AppEnv,
  keys: VapidKeys,
  target: PushTarget,
  payload: unknown,
  now = Date.now(),
): Promise<number> {
  const problem = pushEndpointProblem(target.endpoint, isLocal(env));
  if (problem) throw new Error(problem);
  const body = await encryptNotification(
    { endpoint: target.endpoint, expirationTime: null, keys: { p256dh: target.p256dh, auth: target.auth } },
    utf8(JSON.stringify(payload)),
  );
  const jwt = await vapidJwt(keys, new URL(target.endpoint).origin, now);
  const response = await fetch(target.endpoint, {
    method: "POST",
    headers: {
      Authorization: `vapid t=${jwt}, k=${keys.publicKey}`,
      "Content-Encoding": "aes128gcm",
      "Content-Type": "application/octet-stream",
      TTL: String(CALL_TTL_SECONDS),
      Urgency: "high",
    },
    body,
    // The endpoint is a user's: never follow it elsewhere.
    redirect: "manual",
    signal: AbortSignal.timeout(SEND_DEADLINE_MS),
  });
  await response.body?.cancel();
  return response.status;
}
