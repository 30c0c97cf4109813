// Who a roster change names (DESIGN §11): each person as their account by e-mail, an invited account made for a new
// e-mail (counted against the adder's hour), or a guest by name alone; the accounts the change makes and the e-mails
// it owes. Shared by a new team and a player added to a roster (teams.server.ts).
import type { Item } from "~/db/batch.server.ts";
import { DomainError } from "~/domain/errors.ts";
import {
  guestAccountStatement,
  type Invitation,
  invitation,
  invitationLines,
  invitedAccountStatement,
} from "~/features/accounts/server/invited-accounts.server.ts";
import { deliverable, nameFromEmail } from "~/features/entries/domain/team-entry.ts";
import { LEAGUE_MESSAGES } from "~/features/leagues/domain/leagues.ts";
import type { TeamSeason } from "~/features/leagues/server/teams.server.ts";
import { type MailAllowance, sendCounted } from "~/server/email.server.ts";
import { type Counter, INVITED_ACCOUNTS_LIMIT, refuseIfOver } from "~/server/rate-limit.server.ts";
import type { Mail } from "~/web/done.ts";

/** A person as the roster gets them: an account there is, one to be made for a new e-mail, or a new guest. */
export type Person = {
  id: string;
  name: string;
  email: string | null;
  made: "none" | "invited" | "guest";
  invited: Invitation | null;
};

/** The people named, by their e-mails' accounts; a new e-mail gets an invited account, no e-mail a guest. */
export async function peopleOf(
  named: readonly { name?: string | undefined; email?: string | undefined }[],
  known: readonly { id: string; name: string; email: string }[],
): Promise<Person[]> {
  const byEmail = new Map(known.map((p) => [p.email, p]));
  return Promise.all(
    named.map(async ({ name, email }): Promise<Person> => {
      const account = email ? byEmail.get(email) : undefined;
      if (account) return { id: account.id, name: account.name, email: account.email, made: "none", invited: null };
      if (email) {
        if (!deliverable(email)) throw new DomainError(400, LEAGUE_MESSAGES.undeliverable(email), { field: "email" });
        const invited = await invitation(name ?? nameFromEmail(email), email);
        return { id: invited.id, name: invited.name, email, made: "invited", invited };
      }
      return { id: crypto.randomUUID(), name: name ?? "", email: null, made: "guest", invited: null };
    }),
  );
}

/** The accounts a roster change makes: invited ones, and guests. */
export function newAccounts(people: readonly Person[], now: number): Item[] {
  return people.flatMap((p) =>
    p.made === "invited" && p.invited
      ? [invitedAccountStatement(p.invited, now)]
      : p.made === "guest"
        ? [guestAccountStatement(p.id, p.name)]
        : [],
  );
}

/**
 * 429 when `invited` new accounts would pass the adder's hour. No counter yet is a fresh hour: more than the limit in
 * one go is refused here, not by the batch's guard.
 */
export function refuseIfTooManyInvited(invites: readonly Counter[], invited: number, now: number) {
  if (invited === 0) return;
  const current = invites[0] ?? { count: 0, windowEndsAt: now + INVITED_ACCOUNTS_LIMIT.windowMs };
  refuseIfOver(
    [{ count: Number(current.count) + invited, windowEndsAt: current.windowEndsAt }],
    INVITED_ACCOUNTS_LIMIT,
    now,
  );
}

/** The e-mails a roster change owes: the captain told of their team, invited accounts their invitation. */
export function rosterMail(
  mailTo: MailAllowance,
  team: { name: string; season: Pick<TeamSeason, "name" | "leagueName" | "leagueSlug"> },
  people: readonly Person[],
  captainId: string,
): Mail {
  const where = `${team.season.leagueName} — ${team.season.name}`;
  const told = people.filter((p) => p.email !== null && (p.made === "invited" || p.id === captainId));
  return (mailer, origin) =>
    sendCounted(
      mailer,
      mailTo,
      told.map((p) => ({
        to: p.email ?? "",
        subject:
          p.id === captainId ? `You're the captain of ${team.name} — ${where}` : `You're on ${team.name} — ${where}`,
        text: [
          `Hi ${p.name},`,
          "",
          p.id === captainId
            ? `You're the captain of ${team.name} in ${where}: you can add players to its roster.`
            : `You're registered to play for ${team.name} in ${where}.`,
          ...(p.invited ? ["", ...invitationLines(p.invited, origin)] : []),
          "",
          `The league: ${origin}/league/${team.season.leagueSlug}`,
        ].join("\n"),
      })),
    );
}
