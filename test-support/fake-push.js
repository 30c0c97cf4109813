// A local stand-in for a browser's push service (FCM, Mozilla's, Apple's
// cannot be reached from here): it records every message the server POSTs,
// answers 201 or, for an endpoint told so, 410 Gone. With it, a browser's
// side: a subscription's keys made here, and RFC 8291 aes128gcm decryption
// and RFC 8292 VAPID verification written with node:crypto, independently of
// the app's code. The Worker suites, the end-to-end tests and the service
// tests use it (JavaScript with its types in fake-push.d.ts: see database.js).
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from "node:crypto";
import { createServer } from "node:http";

/** @type {typeof import("./fake-push.d.ts").startFakePush} */
export async function startFakePush() {
  /** @type {import("./fake-push.d.ts").PushRequest[]} */
  const requests = [];
  /** @type {Map<string, number>} */
  const statuses = new Map();
  const server = createServer((request, response) => {
    /** @type {Buffer[]} */
    const chunks = [];
    request.on("data", (/** @type {Buffer} */ chunk) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      requests.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("The fake push service has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    answer: (path, status) => statuses.set(path, status),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** @type {typeof import("./fake-push.d.ts").newBrowser} */
export function newBrowser(endpoint) {
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

const hmac = (/** @type {Buffer} */ key, /** @type {Buffer} */ data) => createHmac("sha256", key).update(data).digest();
/** HKDF (RFC 5869) for one block of output, as RFC 8291 and 8188 use it. */
const hkdf = (
  /** @type {Buffer} */ salt,
  /** @type {Buffer} */ ikm,
  /** @type {Buffer} */ info,
  /** @type {number} */ length,
) => hmac(hmac(salt, ikm), Buffer.concat([info, Buffer.from([1])])).subarray(0, length);

/** @type {typeof import("./fake-push.d.ts").decryptPush} */
export function decryptPush(browser, body) {
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

/** @type {typeof import("./fake-push.d.ts").verifyVapid} */
export function verifyVapid(authorization, publicKey, audience) {
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
  /** @type {{ aud: string; exp: number; sub: string }} */
  const body = JSON.parse(Buffer.from(claims, "base64url").toString());
  const now = Date.now() / 1000;
  if (body.aud !== audience) throw new Error(`Audience ${body.aud}, not ${audience}`);
  if (!(body.exp > now && body.exp <= now + 24 * 60 * 60)) throw new Error(`Bad expiry ${body.exp}`);
  return body;
}
