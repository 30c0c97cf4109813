import { expect, test } from "vitest";
import { constantTimeEqual, hashPassword, randomToken, sha256Hex, verifyPassword } from "./crypto.server.ts";

test("a password verifies against its own hash and no other", async () => {
  const hash = await hashPassword("correct horse");
  expect(hash).toMatch(/^pbkdf2_sha256\$100000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
  expect(await verifyPassword("correct horse", hash)).toBe(true);
  expect(await verifyPassword("correct horse ", hash)).toBe(false);
  expect(await verifyPassword("", hash)).toBe(false);
});

test("the same password hashes differently each time (salted)", async () => {
  expect(await hashPassword("pass123")).not.toBe(await hashPassword("pass123"));
});

test("malformed stored hashes never verify and never throw", async () => {
  for (const stored of [
    "",
    "plain",
    "pbkdf2_sha256$x$y$z",
    "pbkdf2_sha256$100000$!!!$???",
    "md5$1$a$b",
    "pbkdf2_sha256$9999999$AAAA$AAAA",
  ]) {
    expect(await verifyPassword("anything", stored)).toBe(false);
  }
});

test("reset tokens are 32 random URL-safe bytes and hash to hex", async () => {
  const token = randomToken();
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(randomToken()).not.toBe(token);
  expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
});

test("constant-time comparison compares length and every byte", () => {
  expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
  expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
  expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 0]))).toBe(false);
});
