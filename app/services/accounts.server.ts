// Accounts: sign-up, login, password reset. The screens and the JSON API
// both call these.
import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { organisers, players } from "~/db/schema.ts";
import {
  RESET_TOKEN_TTL_MS,
  type Login,
  type OrganiserSignup,
  type PlayerSignup,
  type UserType,
} from "~/domain/accounts.ts";
import { DomainError } from "~/domain/errors.ts";
import { penceToDecimal } from "~/domain/money.ts";
import { burnPasswordCheck, hashPassword, randomToken, sha256Hex, verifyPassword } from "./crypto.server.ts";
import type { Mailer } from "./email.server.ts";

export type CurrentUser = {
  id: string;
  name: string;
  userType: UserType;
  email: string;
  /** Decimal string, e.g. "12.50" (SPEC's User shape). */
  balance: string;
  balancePence: number;
  sessionVersion: number;
};

type AccountRow = {
  id: string;
  name: string;
  email: string;
  balancePence: number;
  sessionVersion: number;
};

function toUser(userType: UserType, row: AccountRow): CurrentUser {
  return {
    id: row.id,
    name: row.name,
    userType,
    email: row.email,
    balance: penceToDecimal(row.balancePence),
    balancePence: row.balancePence,
    sessionVersion: row.sessionVersion,
  };
}

/** What the JSON API shows of a user. */
export function publicUser(user: CurrentUser) {
  return { id: user.id, name: user.name, userType: user.userType, balance: user.balance, email: user.email };
}

const accountTable = (userType: UserType) => (userType === "player" ? players : organisers);

const accountColumns = (userType: UserType) => {
  const t = accountTable(userType);
  return { id: t.id, name: t.name, email: t.email, balancePence: t.balancePence, sessionVersion: t.sessionVersion };
};

export async function findUser(db: Database, userType: UserType, id: string): Promise<CurrentUser | null> {
  const t = accountTable(userType);
  const [row] = await db.select(accountColumns(userType)).from(t).where(eq(t.id, id)).limit(1);
  return row ? toUser(userType, row) : null;
}

const duplicateEmail = () =>
  new DomainError(409, "An account with this email already exists. Sign in instead.", { field: "email" });

export async function signUpPlayer(db: Database, input: PlayerSignup): Promise<CurrentUser> {
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(players)
    .values({ name: input.name, email: input.email, passwordHash })
    .onConflictDoNothing({ target: players.email })
    .returning(accountColumns("player"));
  if (!row) throw duplicateEmail();
  return toUser("player", row);
}

export async function signUpOrganiser(db: Database, input: OrganiserSignup): Promise<CurrentUser> {
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(organisers)
    .values({
      organisationName: input.organisationName,
      venue: input.venue,
      name: input.name,
      email: input.email,
      passwordHash,
    })
    .onConflictDoNothing({ target: organisers.email })
    .returning(accountColumns("organiser"));
  if (!row) throw duplicateEmail();
  return toUser("organiser", row);
}

export const INVALID_LOGIN = "Invalid email or password";

export async function logIn(db: Database, input: Login): Promise<CurrentUser> {
  const t = accountTable(input.userType);
  const [row] = await db
    .select({ ...accountColumns(input.userType), passwordHash: t.passwordHash })
    .from(t)
    .where(eq(t.email, input.email))
    .limit(1);
  if (!row) {
    await burnPasswordCheck(input.password);
    throw new DomainError(401, INVALID_LOGIN);
  }
  if (!(await verifyPassword(input.password, row.passwordHash))) {
    throw new DomainError(401, INVALID_LOGIN);
  }
  return toUser(input.userType, row);
}

/**
 * Sends a reset link to every account with this e-mail (a player and an
 * organiser may share one). Says nothing about whether any exists.
 */
export async function requestPasswordReset(
  db: Database,
  mailer: Mailer,
  email: string,
  origin: string,
  now = Date.now(),
): Promise<void> {
  const expires = now + RESET_TOKEN_TTL_MS;
  for (const userType of ["player", "organiser"] as const) {
    const t = accountTable(userType);
    const token = randomToken();
    const [row] = await db
      .update(t)
      .set({ passwordResetToken: await sha256Hex(token), passwordResetExpires: expires })
      .where(eq(t.email, email))
      .returning({ name: t.name });
    if (!row) continue;
    const link = `${origin}/reset-password?${new URLSearchParams({ token, email })}`;
    const role = userType === "player" ? "player" : "Tournament Director";
    await mailer.send({
      to: email,
      subject: "Reset your Break & Run password",
      text:
        `Hello ${row.name},\n\n` +
        `Someone asked to reset the password of your Break & Run ${role} account.\n` +
        `Choose a new password here (the link expires in 1 hour and works once):\n\n${link}\n\n` +
        `If it wasn't you, ignore this e-mail: your password stays as it is.\n`,
    });
  }
}

async function matchingReset(db: Database, token: string, email: string, now: number) {
  const tokenHash = await sha256Hex(token);
  for (const userType of ["player", "organiser"] as const) {
    const t = accountTable(userType);
    const [row] = await db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.email, email), eq(t.passwordResetToken, tokenHash), gt(t.passwordResetExpires, now)))
      .limit(1);
    if (row) return { userType, id: row.id, tokenHash };
  }
  return null;
}

export const INVALID_RESET_LINK = "This password reset link is invalid or has expired. Please request a new one.";

export async function validateResetToken(db: Database, token: string, email: string, now = Date.now()) {
  return (await matchingReset(db, token, email, now)) !== null;
}

/** Sets the new password once; the token then stops working and other sessions end. */
export async function resetPassword(
  db: Database,
  input: { token: string; email: string; password: string },
  now = Date.now(),
): Promise<UserType> {
  const passwordHash = await hashPassword(input.password);
  const tokenHash = await sha256Hex(input.token);
  for (const userType of ["player", "organiser"] as const) {
    const t = accountTable(userType);
    // One guarded statement: of two concurrent resets with the same token, one wins.
    const [row] = await db
      .update(t)
      .set({
        passwordHash,
        passwordResetToken: null,
        passwordResetExpires: null,
        sessionVersion: sql`${t.sessionVersion} + 1`,
      })
      .where(and(eq(t.email, input.email), eq(t.passwordResetToken, tokenHash), gt(t.passwordResetExpires, now)))
      .returning({ id: t.id });
    if (row) return userType;
  }
  throw new DomainError(400, INVALID_RESET_LINK);
}
