// Account forms: one Zod schema per form, used by the browser (Conform), the
// form actions and the JSON API. Messages are SPEC §5's, word for word.
import { z } from "./zod.ts";
import { nameField } from "./text.ts";

export const userTypes = ["player", "organiser"] as const;
export type UserType = (typeof userTypes)[number];

const MAX_TEXT = 100;
const MAX_PASSWORD = 200;

const requiredText = (label: string) => nameField(label, { max: MAX_TEXT });

export const emailField = z.pipe(
  z.string({ error: "Invalid email address" }).check(z.trim(), z.maxLength(254, "Invalid email address")),
  z.email({ error: "Invalid email address" }).check(z.toLowerCase()),
);

const newPassword = z
  .string({ error: "Password must be at least 6 characters" })
  .check(
    z.minLength(6, "Password must be at least 6 characters"),
    z.maxLength(MAX_PASSWORD, `Password must be at most ${MAX_PASSWORD} characters`),
  );

const confirmPassword = z
  .string({ error: "Please confirm your password" })
  .check(
    z.minLength(6, "Please confirm your password"),
    z.maxLength(MAX_PASSWORD, `Password must be at most ${MAX_PASSWORD} characters`),
  );

function passwordsMatch(value: { password: string; confirmPassword: string }) {
  return value.password === value.confirmPassword;
}
const mismatch = z.refine<{ password: string; confirmPassword: string }>(passwordsMatch, {
  message: "Passwords don't match",
  path: ["confirmPassword"],
});

/** What every sign-up asks last: the e-mail and a new password, twice. */
const credentials = { email: emailField, password: newPassword, confirmPassword };

export const PlayerSignupSchema = z.object({ name: requiredText("Name"), ...credentials }).check(mismatch);
export type PlayerSignup = z.output<typeof PlayerSignupSchema>;

export const OrganiserSignupSchema = z
  .object({
    organisationName: requiredText("Organisation name"),
    venue: requiredText("Main operating venue"),
    name: requiredText("Your name"),
    ...credentials,
  })
  .check(mismatch);
export type OrganiserSignup = z.output<typeof OrganiserSignupSchema>;

export const LoginSchema = z.object({
  email: emailField,
  password: z
    .string({ error: "Password is required" })
    .check(z.minLength(1, "Password is required"), z.maxLength(MAX_PASSWORD, "Password is required")),
  userType: z.enum(userTypes, { error: "Choose Player or Tournament Director" }),
});
export type Login = z.output<typeof LoginSchema>;

export const ForgotPasswordSchema = z.object({ email: emailField });

/** Send an unused invited account's invitation again: the e-mail it was made for. */
export const ResendInvitationSchema = z.object({ email: emailField });

/**
 * A player sign-up for an e-mail whose invited account (made by a director or a captain) nobody has used yet: the
 * refusal's code, and what the sign-up and the resend answer.
 */
export const INVITED = "invited";
export const invitationMessages = {
  alreadySent: "An invitation was already sent to this email. Set your password from its link, or send it again.",
  resent:
    "If an invitation is waiting for that email, we've sent it again. Its link works for 14 days; " +
    "links sent before stop working.",
} as const;

const invalidLink = "This password reset link is invalid or incomplete";
const resetToken = z.string({ error: invalidLink }).check(z.minLength(1, invalidLink), z.maxLength(255, invalidLink));

export const ResetPasswordSchema = z
  .object({
    token: resetToken,
    email: emailField,
    password: newPassword,
    confirmPassword,
  })
  .check(mismatch);

/** The JSON API's reset call carries no confirmation (SPEC §7). */
export const ResetPasswordApiSchema = z.object({
  token: resetToken,
  email: emailField,
  password: newPassword,
});

export const ValidateResetTokenSchema = z.object({ token: resetToken, email: emailField });

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Where each role lands after signing in. */
export function dashboardPath(userType: UserType): string {
  return userType === "organiser" ? "/td/dashboard" : "/player/dashboard";
}
