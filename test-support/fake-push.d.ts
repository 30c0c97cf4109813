// Types of fake-push.js (why it is JavaScript: see the top of database.js).
import type { ECDH } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

/** One message a push service was sent. */
export type PushRequest = { path: string; headers: IncomingHttpHeaders; body: Buffer };

export type FakePush = {
  url: string;
  requests: PushRequest[];
  /** Answer this status to every message for `path` from now on (410: the browser unsubscribed). */
  answer: (path: string, status: number) => void;
  close: () => Promise<void>;
};

/** A local push service on a free loopback port: it records every message and answers 201 (or as told). */
export declare function startFakePush(): Promise<FakePush>;

/** A browser's push subscription: what it sends the server, and its private key to read messages with. */
export type Browser = {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: Buffer;
};

/** A browser subscribed at `endpoint`, with fresh keys. */
export declare function newBrowser(endpoint: string): Browser;

/** Decrypts an aes128gcm message (RFC 8188 framing, RFC 8291 keys) as the browser would; its text. */
export declare function decryptPush(browser: Browser, body: Buffer): string;

/**
 * Checks a request's RFC 8292 VAPID authorisation as a push service would: `vapid t=<JWT>, k=<key>` with the
 * server's public key, an ES256 signature by it, this service as the audience, an expiry within 24 hours.
 * The JWT's claims.
 */
export declare function verifyVapid(
  authorization: string | undefined,
  publicKey: string,
  audience: string,
): { aud: string; exp: number; sub: string };
