// Reads `.dev.vars` (KEY=VALUE lines, as wrangler does) and fills in what a
// local run needs when it is missing: a session secret and Web Push's VAPID
// keys, kept under .data/.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

function parseDotEnv(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line || line.startsWith("#")) continue;
    const eq = line.indexOf("=");
    if (eq <= 0) continue;
    const key = line.slice(0, eq).trim();
    let value = line.slice(eq + 1).trim();
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) {
      value = value.slice(1, -1);
    }
    vars[key] = value;
  }
  return vars;
}

export function readDevVars(root: string): Record<string, string> {
  const file = join(root, ".dev.vars");
  return existsSync(file) ? parseDotEnv(readFileSync(file, "utf8")) : {};
}

export function localSessionSecret(root: string): string {
  const file = join(root, ".data", "session-secret");
  if (existsSync(file)) {
    const secret = readFileSync(file, "utf8").trim();
    if (secret.length >= 32) return secret;
  }
  const secret = randomBytes(32).toString("hex");
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** A fresh VAPID key pair (RFC 8292) as the Worker reads it: base64url public point and private scalar. */
export function newVapidKeys(): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const jwk = privateKey.export({ format: "jwk" });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x ?? "", "base64url"),
    Buffer.from(jwk.y ?? "", "base64url"),
  ]);
  return { VAPID_PUBLIC_KEY: point.toString("base64url"), VAPID_PRIVATE_KEY: jwk.d ?? "" };
}

/** The local VAPID keys, made once into .data/vapid-keys.json (browsers' subscriptions stay valid across runs). */
export function localVapidKeys(root: string): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const file = join(root, ".data", "vapid-keys.json");
  if (existsSync(file)) {
    const keys = JSON.parse(readFileSync(file, "utf8")) as Partial<ReturnType<typeof newVapidKeys>>;
    if (keys.VAPID_PUBLIC_KEY && keys.VAPID_PRIVATE_KEY) {
      return { VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: keys.VAPID_PRIVATE_KEY };
    }
  }
  const keys = newVapidKeys();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}
