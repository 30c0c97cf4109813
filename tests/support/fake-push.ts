// A local stand-in for a browser's push service (FCM, Mozilla's, Apple's
// cannot be reached from here): it records every message the Worker POSTs,
// answers 201 or, for an endpoint told so, 410 Gone. With it, a browser's
// side: a subscription's keys made here, and RFC 8291 aes128gcm decryption
// and RFC 8292 VAPID verification written with node:crypto, independently of
// the Worker's code.
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";

type PushRequest = { path: string; headers: IncomingMessage["headers"]; body: Buffer };

export type FakePush = {
  url: string;
  requests: PushRequest[];
  /** Answer this status to every message for `path` from now on (410: the browser unsubscribed). */
  answer: (path: string, status: number) => void;
  close: () => Promise<void>;
};

export async function startFakePush(): Promise<FakePush> {
  const requests: PushRequest[] = [];
  const statuses = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      requests.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("The fake push service has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    answer: (path, status) => statuses.set(path, status),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A browser's push subscription: what it sends the server, and its private key to read messages with. */
export type Browser = {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: Buffer;
};

export function newBrowser(endpoint: string): Browser {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    subscription: {
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
    },
    ecdh,
    auth,
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();
/** HKDF (RFC 5869) for one block of output, as RFC 8291 and 8188 use it. */
const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  hmac(hmac(salt, ikm), Buffer.concat([info, Buffer.from([1])])).subarray(0, length);

/** Decrypts an aes128gcm message (RFC 8188 framing, RFC 8291 keys) as the browser would; its text. */
export function decryptPush(browser: Browser, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20] ?? 0;
  const serverKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (keyIdLength !== 65 || record.length > recordSize) throw new Error("Not an RFC 8291 message");
  const shared = browser.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), browser.ecdh.getPublicKey(), serverKey]);
  const ikm = hkdf(browser.auth, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record's delimiter (2) ends the data; zeroes after it are padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("The last record's delimiter is missing");
  return padded.subarray(0, end).toString("utf8");
}

/**
 * Checks a request's RFC 8292 VAPID authorisation as a push service would: `vapid t=<JWT>, k=<key>` with the
 * server's public key, an ES256 signature by it, this service as the audience, an expiry within 24 hours.
 * The JWT's claims.
 */
export function verifyVapid(authorization: string | undefined, publicKey: string, audience: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`Not a VAPID authorisation: ${authorization}`);
  const [, jwt = "", key = ""] = match;
  if (key !== publicKey) throw new Error("Signed with another key");
  const [header = "", claims = "", signature = ""] = jwt.split(".");
  if (JSON.parse(Buffer.from(header, "base64url").toString()).alg !== "ES256") throw new Error("Not ES256");
  const point = Buffer.from(key, "base64url");
  const verifier = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = Buffer.from(`${header}.${claims}`);
  const valid = verify(
    "sha256",
    signed,
    { key: verifier, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!valid) throw new Error("The VAPID signature does not verify");
  const body = JSON.parse(Buffer.from(claims, "base64url").toString()) as { aud: string; exp: number; sub: string };
  const now = Date.now() / 1000;
  if (body.aud !== audience) throw new Error(`Audience ${body.aud}, not ${audience}`);
  if (!(body.exp > now && body.exp <= now + 24 * 60 * 60)) throw new Error(`Bad expiry ${body.exp}`);
  return body;
}
