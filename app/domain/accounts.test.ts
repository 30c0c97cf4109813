import { expect, test } from "vitest";
import {
  dashboardPath,
  LoginSchema,
  OrganiserSignupSchema,
  PlayerSignupSchema,
  ResetPasswordSchema,
} from "./accounts.ts";

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

const player = { name: "Sam", email: "Sam@Example.com ", password: "secret1", confirmPassword: "secret1" };

test("a valid player sign-up is trimmed and the e-mail lower-cased", () => {
  const result = PlayerSignupSchema.parse(player);
  expect(result.email).toBe("sam@example.com");
  expect(result.name).toBe("Sam");
});

test("sign-up messages are SPEC's, the mismatch on the confirm field", () => {
  expect(messages(PlayerSignupSchema.safeParse({ ...player, password: "12345", confirmPassword: "12345" }))).toEqual({
    password: "Password must be at least 6 characters",
    confirmPassword: "Please confirm your password",
  });
  expect(messages(PlayerSignupSchema.safeParse({ ...player, email: "not-an-email" }))).toEqual({
    email: "Invalid email address",
  });
  expect(messages(PlayerSignupSchema.safeParse({ ...player, confirmPassword: "secret2" }))).toEqual({
    confirmPassword: "Passwords don't match",
  });
  expect(messages(PlayerSignupSchema.safeParse({ ...player, name: "   " }))).toEqual({ name: "Name is required" });
});

test("missing fields and wrong types are refused with a message, never thrown", () => {
  expect(messages(PlayerSignupSchema.safeParse({}))).toMatchObject({
    name: "Name is required",
    email: "Invalid email address",
    password: "Password must be at least 6 characters",
    confirmPassword: "Please confirm your password",
  });
  expect(PlayerSignupSchema.safeParse({ ...player, name: 42 }).success).toBe(false);
  expect(PlayerSignupSchema.safeParse(null).success).toBe(false);
  expect(PlayerSignupSchema.safeParse("junk").success).toBe(false);
});

test("a 10 kB name is refused", () => {
  expect(messages(PlayerSignupSchema.safeParse({ ...player, name: "x".repeat(10_000) }))).toEqual({
    name: "Name must be at most 100 characters",
  });
});

test("the organiser form requires every text field", () => {
  expect(
    messages(
      OrganiserSignupSchema.safeParse({ email: "td@example.com", password: "secret1", confirmPassword: "secret1" }),
    ),
  ).toEqual({
    organisationName: "Organisation name is required",
    venue: "Main operating venue is required",
    name: "Your name is required",
  });
});

test("login needs a valid e-mail, a password and a known account type", () => {
  expect(messages(LoginSchema.safeParse({ email: "x", password: "", userType: "player" }))).toEqual({
    email: "Invalid email address",
    password: "Password is required",
  });
  expect(LoginSchema.safeParse({ email: "a@b.co", password: "p", userType: "admin" }).success).toBe(false);
  expect(LoginSchema.parse({ email: "A@B.co", password: "p", userType: "organiser" })).toEqual({
    email: "a@b.co",
    password: "p",
    userType: "organiser",
  });
});

test("reset password requires matching passwords of 6 or more characters", () => {
  const base = { token: "t", email: "a@b.co", password: "abcdef", confirmPassword: "abcdeg" };
  expect(messages(ResetPasswordSchema.safeParse(base))).toEqual({ confirmPassword: "Passwords don't match" });
  expect(ResetPasswordSchema.safeParse({ ...base, confirmPassword: "abcdef" }).success).toBe(true);
});

test("each role has its dashboard", () => {
  expect(dashboardPath("player")).toBe("/player/dashboard");
  expect(dashboardPath("organiser")).toBe("/td/dashboard");
});
