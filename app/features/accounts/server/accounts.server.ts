// Accounts: sign-up, login, password reset. The screens and the JSON API
// both call these.
import type { Done, Mail } from "~/web/done.ts";
import { and, eq, gt, sql } from "drizzle-orm";
import { build, mapRead, query, reads, write, type Read, type Sender } from "~/db/batch.server.ts";
import { organisers, players, sessions } from "~/db/schema.ts";
import {
  INVITED,
  invitationMessages,
  RESET_TOKEN_TTL_MS,
  type Login,
  type OrganiserSignup,
  type PlayerSignup,
  type UserType,
} from "~/domain/accounts.ts";
import { DomainError } from "~/domain/errors.ts";
import { penceToDecimal } from "~/domain/pence.ts";
import { burnPasswordCheck, hashPassword, randomToken, sha256Hex, verifyPassword } from "./crypto.server.ts";
import { unusedInvitation } from "./invited-accounts.server.ts";
import {
  clearCount,
  countOne,
  currentCount,
  enforceRateLimit,
  FORGOT_PASSWORD_LIMIT,
  LOGIN_FAILURE_LIMIT,
  LOGIN_LIMIT,
  refuseIfOver,
  type Counter,
} from "~/server/rate-limit.server.ts";
import { insertSession, newSession, type SessionData } from "./sessions.server.ts";

export type CurrentUser = {
  id: string;
  name: string;
  userType: UserType;
  email: string;
  /** Decimal string, e.g. "12.50" (SPEC's User shape). */
  balance: string;
  balancePence: number;
};

/** A user just signed in, and the session their cookie will name. */
export type SignedIn = { user: CurrentUser; session: SessionData };

/** Who is signing in: the address they ask from and their device's label. */
export type Client = { address: string; device: string };

type AccountRow = { id: string; name: string; email: string; balancePence: number };

function toUser(userType: UserType, row: AccountRow): CurrentUser {
  return {
    id: row.id,
    name: row.name,
    userType,
    email: row.email,
    balance: penceToDecimal(row.balancePence),
    balancePence: row.balancePence,
  };
}

/** What the JSON API shows of a user. */
export function publicUser(user: CurrentUser) {
  return { id: user.id, name: user.name, userType: user.userType, balance: user.balance, email: user.email };
}

const accountTable = (userType: UserType) => (userType === "player" ? players : organisers);

const accountColumns = (userType: UserType) => {
  const t = accountTable(userType);
  return { id: t.id, name: t.name, email: t.email, balancePence: t.balancePence };
};

/**
 * The user of a current session, with when the session was last seen: the
 * first statement of every signed-in read (web/access.server.ts). No row
 * once the session has ended (logged out, signed out from another device, a
 * password reset) or expired.
 */
export function sessionUserQuery(session: SessionData, now: number) {
  const t = accountTable(session.userType);
  return build
    .select({ ...accountColumns(session.userType), lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(t, eq(t.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, session.sessionId),
        eq(sessions.userType, session.userType),
        eq(sessions.userId, session.userId),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
}

export function toSessionUser(userType: UserType, rows: (AccountRow & { lastSeenAt: number })[]) {
  const row = rows[0];
  return row ? { user: toUser(userType, row), lastSeenAt: row.lastSeenAt } : null;
}

const duplicateEmail = () =>
  new DomainError(409, "An account with this email already exists. Sign in instead.", { field: "email" });

/**
 * An invited player account nobody has used holds the e-mail: its owner is told an invitation was sent and offered
 * it again (`resendInvitation`), and keeps what the account holds. It says no more than the 409 of an e-mail taken.
 */
const invitationWaiting = () => new DomainError(409, invitationMessages.alreadySent, { field: "email", code: INVITED });

/**
 * Creates the account and its first session in one batch; the session is
 * written only if the account was (an e-mail already taken writes nothing).
 */
async function signUp(
  db: Sender,
  userType: UserType,
  values: { name: string; email: string; password: string; organisationName?: string; venue?: string },
  device: string,
  now: number,
): Promise<SignedIn> {
  const id = crypto.randomUUID();
  const passwordHash = await hashPassword(values.password);
  const { data, row } = newSession(userType, id, device, now);
  const t = accountTable(userType);
  const insertAccount =
    userType === "player"
      ? build
          .insert(players)
          .values({ id, name: values.name, email: values.email, passwordHash })
          .onConflictDoNothing()
          .returning(accountColumns(userType))
      : build
          .insert(organisers)
          .values({
            id,
            name: values.name,
            email: values.email,
            passwordHash,
            organisationName: values.organisationName ?? "",
            venue: values.venue ?? "",
          })
          .onConflictDoNothing()
          .returning(accountColumns(userType));
  // Read in the same batch: whether the e-mail belongs to an invited player account nobody has used.
  const invited = build.all<{ invited: number }>(
    sql`select ${userType === "player" ? unusedInvitation(values.email) : sql`0`} as invited`,
  );
  return db.write(
    write(
      [insertAccount, insertSession(row, sql`exists (select 1 from ${t} where ${t.id} = ${id})`), invited],
      ([created, , waiting]) => {
        const account = (created as AccountRow[])[0];
        if (!account && Number((waiting as { invited: number }[])[0]?.invited)) throw invitationWaiting();
        if (!account) throw duplicateEmail();
        return { user: toUser(userType, account), session: data };
      },
    ),
  );
}

export function signUpPlayer(db: Sender, input: PlayerSignup, device: string, now = Date.now()): Promise<SignedIn> {
  return signUp(db, "player", input, device, now);
}

export function signUpOrganiser(
  db: Sender,
  input: OrganiserSignup,
  device: string,
  now = Date.now(),
): Promise<SignedIn> {
  return signUp(db, "organiser", input, device, now);
}

const INVALID_LOGIN = "Invalid email or password";

/**
 * Checks the password and opens a session. Throttled twice: attempts from one
 * address for one account, and failures for one account from anywhere —
 * counted alike whether or not the account exists, so a 429 tells nothing.
 */
export async function logIn(db: Sender, input: Login, client: Client, now = Date.now()): Promise<SignedIn> {
  const t = accountTable(input.userType);
  const account = `${input.userType}:${input.email}`;
  // Counting the attempt is a write; the account is read in the same batch.
  const { attempts, failures, row } = await db.write(
    write(
      [
        countOne(LOGIN_LIMIT, `${client.address}:${account}`, now),
        currentCount(LOGIN_FAILURE_LIMIT, account, now),
        build
          .select({ ...accountColumns(input.userType), passwordHash: t.passwordHash })
          .from(t)
          .where(eq(t.email, input.email))
          .limit(1),
      ],
      ([attempts, failures, rows]) => ({
        attempts: attempts as Counter[],
        failures: failures as Counter[],
        row: (rows as (AccountRow & { passwordHash: string })[])[0],
      }),
    ),
  );
  refuseIfOver(attempts, LOGIN_LIMIT, now);
  // Locked once the failures reach the limit: the next attempt is refused unchecked.
  refuseIfOver(failures, LOGIN_FAILURE_LIMIT, now, LOGIN_FAILURE_LIMIT.limit - 1);
  if (!row) await burnPasswordCheck(input.password);
  if (!row || !(await verifyPassword(input.password, row.passwordHash))) {
    await db.write(write([countOne(LOGIN_FAILURE_LIMIT, account, now)]));
    throw new DomainError(401, INVALID_LOGIN);
  }
  const { data, row: sessionRow } = newSession(input.userType, row.id, client.device, now);
  await db.write(write([insertSession(sessionRow), clearCount(LOGIN_FAILURE_LIMIT, account)]));
  return { user: toUser(input.userType, row), session: data };
}

/**
 * Sends a reset link to every account with this e-mail (a player and an
 * organiser may share one), once the address's attempts allow it. Says
 * nothing about whether any exists.
 */
export async function requestPasswordReset(
  db: Sender,
  { email, address, now = Date.now() }: { email: string; address: string; now?: number },
): Promise<Done<null>> {
  await enforceRateLimit(db, FORGOT_PASSWORD_LIMIT, `${address}:${email}`, now);
  const expires = now + RESET_TOKEN_TTL_MS;
  const tokens = { player: randomToken(), organiser: randomToken() };
  const hashes = { player: await sha256Hex(tokens.player), organiser: await sha256Hex(tokens.organiser) };
  const named = await db.write(
    write(
      (["player", "organiser"] as const).map((userType) => {
        const t = accountTable(userType);
        return (
          build
            .update(t)
            .set({ passwordResetToken: hashes[userType], passwordResetExpires: expires })
            // A guest (a walk-in's name, DESIGN §10) is no account: nobody resets its password.
            .where(and(eq(t.email, email), userType === "player" ? eq(players.guest, false) : undefined))
            .returning({ name: t.name })
        );
      }),
      ([player, organiser]) => ({
        player: (player as { name: string }[])[0],
        organiser: (organiser as { name: string }[])[0],
      }),
    ),
  );
  const mail = (["player", "organiser"] as const).flatMap((userType): Mail[] => {
    const row = named[userType];
    if (!row) return [];
    const role = userType === "player" ? "player" : "Tournament Director";
    return [
      (mailer, origin) => {
        const link = `${origin}/reset-password?${new URLSearchParams({ token: tokens[userType], email })}`;
        return mailer.send({
          to: email,
          subject: "Reset your Break & Run password",
          text:
            `Hello ${row.name},\n\n` +
            `Someone asked to reset the password of your Break & Run ${role} account.\n` +
            `Choose a new password here (the link expires in 1 hour and works once):\n\n${link}\n\n` +
            `If it wasn't you, ignore this e-mail: your password stays as it is.\n`,
        });
      },
    ];
  });
  return { answer: null, changes: [], mail };
}

export const INVALID_RESET_LINK = "This password reset link is invalid or has expired. Please request a new one.";

/** Whether a reset link is still good, for either kind of account: one read. */
export async function resetTokenQuery(token: string, email: string, now = Date.now()): Promise<Read<boolean>> {
  const tokenHash = await sha256Hex(token);
  const current = (userType: UserType) => {
    const t = accountTable(userType);
    return build
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.email, email), eq(t.passwordResetToken, tokenHash), gt(t.passwordResetExpires, now)))
      .limit(1);
  };
  return mapRead(
    reads({ player: query(current("player")), organiser: query(current("organiser")) }),
    (found) => found.player.length + found.organiser.length > 0,
  );
}

/**
 * Sets the new password once, and ends every session of the account in the
 * same batch: the token then stops working and every copy of every cookie
 * is refused.
 */
export async function resetPassword(
  db: Sender,
  input: { token: string; email: string; password: string },
  now = Date.now(),
): Promise<UserType> {
  const passwordHash = await hashPassword(input.password);
  const tokenHash = await sha256Hex(input.token);
  // One guarded statement per kind of account: of two concurrent resets with
  // the same token, one wins; the sessions go only where it did (the new hash
  // is this reset's own).
  const statements = (["player", "organiser"] as const).flatMap((userType) => {
    const t = accountTable(userType);
    return [
      build
        .update(t)
        .set({ passwordHash, passwordResetToken: null, passwordResetExpires: null })
        .where(and(eq(t.email, input.email), eq(t.passwordResetToken, tokenHash), gt(t.passwordResetExpires, now)))
        .returning({ id: t.id }),
      build.delete(sessions).where(
        and(
          eq(sessions.userType, userType),
          sql`${sessions.userId} in (select ${t.id} from ${t}
              where ${t.email} = ${input.email} and ${t.passwordHash} = ${passwordHash})`,
        ),
      ),
    ];
  });
  return db.write(
    write(statements, ([player, , organiser]) => {
      if ((player as unknown[]).length > 0) return "player";
      if ((organiser as unknown[]).length > 0) return "organiser";
      throw new DomainError(400, INVALID_RESET_LINK);
    }),
  );
}

/**
 * An invitation accepted: the password set on the unused invited account the link is for, and this device
 * signed in to it — one batch, the session written only where this password went. Null when the link is not (or no
 * longer) an unused invitation's: used, replaced by a newer one, expired, or a reset link of an account in use.
 */
export async function acceptInvitation(
  db: Sender,
  input: { token: string; email: string; password: string; device: string },
  now = Date.now(),
): Promise<SignedIn | null> {
  const passwordHash = await hashPassword(input.password);
  const tokenHash = await sha256Hex(input.token);
  const { data, row } = newSession("player", "", input.device, now);
  const owner = sql`(select ${players.id} from ${players}
    where ${players.email} = ${input.email} and ${players.passwordHash} = ${passwordHash})`;
  const set = build
    .update(players)
    .set({ passwordHash, passwordResetToken: null, passwordResetExpires: null })
    .where(
      and(
        eq(players.email, input.email),
        eq(players.passwordResetToken, tokenHash),
        gt(players.passwordResetExpires, now),
        eq(players.passwordHash, ""),
        eq(players.guest, false),
      ),
    )
    .returning({ id: players.id, name: players.name, email: players.email, balancePence: players.balancePence });
  const session = build.run(sql`insert into ${sessions} (id, user_type, user_id, device, created_at, last_seen_at,
      expires_at)
    select ${row.id}, 'player', ${owner}, ${row.device}, ${row.createdAt}, ${row.lastSeenAt}, ${row.expiresAt}
    where ${owner} is not null`);
  return db.write(
    write([set, session], ([updated]) => {
      const account = (updated as { id: string; name: string; email: string; balancePence: number }[])[0];
      return account ? { user: toUser("player", account), session: { ...data, userId: account.id } } : null;
    }),
  );
}
