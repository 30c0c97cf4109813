// Invited player accounts: made when a director enters a walk-in or
// a captain names a teammate by an e-mail no player has. The account has no
// password until its owner sets one from the e-mailed link (a password-reset
// token valid 14 days), then signs in to see their results and winnings.
import { type Done, type Mail, quiet } from "~/web/done.ts";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { build, first, query, trailing, write, type Item, type Sender } from "~/db/batch.server.ts";
import { players } from "~/db/schema.ts";
import { guestEmail } from "~/features/entries/domain/cash-entry.ts";
import { randomToken, sha256Hex } from "./crypto.server.ts";
import { countMail, mailKey, sendCounted } from "~/server/email.server.ts";
import { MAIL_TO_ADDRESS_LIMIT, withinLimit } from "~/server/rate-limit.server.ts";

/** How long an invitation's link to set a password works. */
const INVITE_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** An account to be made: its id, and the link's token (e-mailed) with the hash stored of it. */
export type Invitation = { id: string; name: string; email: string; token: string; tokenHash: string };

export async function invitation(name: string, email: string): Promise<Invitation> {
  const token = randomToken();
  return { id: crypto.randomUUID(), name, email, token, tokenHash: await sha256Hex(token) };
}

/**
 * The players these e-mails belong to. A guest's stored e-mail is never
 * anyone's: it cannot enter a guest into anything.
 */
export function playersByEmailQuery(emails: readonly string[]) {
  const columns = { id: players.id, name: players.name, email: players.email };
  return query(
    emails.length === 0
      ? build.select(columns).from(players).where(sql`0`)
      : build
          .select(columns)
          .from(players)
          .where(and(inArray(players.email, [...emails]), eq(players.guest, false))),
  );
}

/**
 * The invited account, written in the batch that enters it — only `when` the
 * condition holds, so a refused entry leaves no account behind. An e-mail
 * taken meanwhile (two at once naming the same new e-mail) refuses the whole
 * batch by the unique key (`isUniqueViolation`).
 */
export function invitedAccountStatement(invited: Invitation, now: number, when: SQL = sql`1`): Item {
  return build.run(sql`insert into ${players} (id, name, email, password_hash, password_reset_token,
      password_reset_expires)
    select ${invited.id}, ${invited.name}, ${invited.email}, '', ${invited.tokenHash}, ${now + INVITE_TTL_MS}
    where ${when}`);
}

/** A guest: a name only, with a stored e-mail that is nobody's (`guestEmail`); no password, never signed in. */
export const guestAccountStatement = (id: string, name: string): Item =>
  build.run(sql`insert into ${players} (id, name, email, password_hash, guest)
    values (${id}, ${name}, ${guestEmail(id)}, '', 1)`);

/** The lines of an invitation's e-mail that say what the account is and how to set its password. */
export const invitationLines = (invited: Pick<Invitation, "token" | "email">, origin: string): string[] => [
  "A Break & Run account has been made for you with this e-mail address: your results and any winnings",
  "are kept in it. Set a password to see them (the link works for 14 days):",
  "",
  `${origin}/welcome?${new URLSearchParams({ token: invited.token, email: invited.email })}`,
];

/**
 * SQL: the e-mail's player account is an invitation nobody has used: no password set (the owner has never signed
 * in), not a guest.
 */
export const unusedInvitation = (email: string) =>
  sql`exists (select 1 from ${players} where ${players.email} = ${email} and ${players.passwordHash} = ''
    and ${players.guest} = 0)`;

/**
 * Sends an unused invited account's invitation again, with a new link (the one sent before stops working): the
 * account and its entries and results stay as they are, and are its owner's once the password is set. Counted
 * against the address's e-mails for the hour; past the limit nothing changes (a link already sent keeps working).
 * Says nothing about whether such an account exists.
 */
export async function resendInvitation(
  db: Sender,
  { email, now = Date.now() }: { email: string; now?: number },
): Promise<Done<null>> {
  const address = mailKey(email);
  const token = randomToken();
  const tokenHash = await sha256Hex(token);
  const mail = countMail([address], now, unusedInvitation(address));
  const { allowed, invited } = await db.write(
    write(
      [
        ...mail.items,
        build
          .update(players)
          .set({ passwordResetToken: tokenHash, passwordResetExpires: now + INVITE_TTL_MS })
          .where(
            and(
              eq(players.email, address),
              eq(players.passwordHash, ""),
              eq(players.guest, false),
              withinLimit(MAIL_TO_ADDRESS_LIMIT, address),
            ),
          )
          .returning({ name: players.name }),
      ],
      (raw) => {
        const [allowed] = trailing(raw.slice(0, mail.items.length), mail);
        return { allowed, invited: (raw.at(-1) as { name: string }[])[0] };
      },
    ),
  );
  if (!invited) return quiet(null);
  const told: Mail = (mailer, origin) =>
    sendCounted(mailer, allowed, [
      {
        to: address,
        subject: "Your Break & Run account is waiting",
        text: [`Hi ${invited.name},`, "", ...invitationLines({ token, email: address }, origin)].join("\n"),
      },
    ]);
  return { answer: null, changes: [], mail: [told] };
}

/** The invited account an invitation's link is for, while it is unused and current: its name, else null. */
export async function invitationQuery(token: string, email: string, now = Date.now()) {
  const tokenHash = await sha256Hex(token);
  return first(
    build
      .select({ name: players.name })
      .from(players)
      .where(
        and(
          eq(players.email, email),
          eq(players.passwordResetToken, tokenHash),
          sql`${players.passwordResetExpires} > ${now}`,
          eq(players.passwordHash, ""),
          eq(players.guest, false),
        ),
      )
      .limit(1),
  );
}
