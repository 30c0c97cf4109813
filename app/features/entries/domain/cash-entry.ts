// A walk-in paying at the bar (DESIGN §10): what the director sends, checked
// before anything is read. A person is named, with an e-mail when they have
// one: an e-mail of a player enters that player, an unknown one makes an
// invited account, none makes a guest (name only).
import { DomainError } from "../../../domain/errors.ts";
import { normaliseEmails, teamMessages } from "./teams.ts";
import { nameField } from "../../../domain/text.ts";
import { z } from "../../../domain/zod.ts";

export const cashEntryMessages = {
  paidByCash: 'A walk-in is entered as paid at the bar: paidBy must be "cash"',
  badEmail: "Enter a valid email address, or leave it empty",
  sameEmail: "Each member needs a different email",
  teamMembers: (n: number) => `Name the team's ${n} players`,
  notCash: "Only an entry paid at the bar can be removed here",
  started: "The tournament has started: entries can no longer be added or removed",
  alreadyIn: (name: string) => `${name} is already in this tournament`,
  sameName: (name: string) => `Someone called ${name} is already entered. Add another ${name}?`,
  notFound: "Entry not found",
  tryAgain: "Someone else was entered at the same moment: try again",
  leaveCash: "You paid at the bar: ask the director to take you out and hand your entry fee back",
} as const;

/** A refusal's code: the name is already entered, and the director may confirm a second player of that name. */
export const SAME_NAME = "same-name";

/** One person of a walk-in entry. */
export type WalkIn = { name: string; email: string | null };

/** A walk-in entry as checked: a player, or a team with its members (the captain first). */
export type CashEntryInput = { kind: "single"; person: WalkIn } | { kind: "team"; teamName: string; members: WalkIn[] };

const personName = () => nameField("Name");
const TEAM_NAME_MAX = 60;

function checkEmail(raw: unknown, field: string): string | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== "string" || raw.length > 254) throw new DomainError(400, cashEntryMessages.badEmail, { field });
  const [email] = normaliseEmails([raw]);
  if (email === undefined) return null;
  if (!z.email().safeParse(email).success) throw new DomainError(400, cashEntryMessages.badEmail, { field });
  return email;
}

function checkName(raw: unknown, field: string, label = personName()): string {
  const parsed = label.safeParse(typeof raw === "string" ? raw : "");
  if (!parsed.success) throw new DomainError(400, parsed.error.issues[0]?.message ?? "Name is required", { field });
  return parsed.data;
}

/**
 * The director's walk-in, checked: `{ name, email?, paidBy: "cash" }` for a
 * player, `{ teamName, members: [{ name, email? }], paidBy: "cash" }` for a
 * team of `size`. Throws a 400 naming the field of the first thing wrong.
 */
export function checkCashEntry(body: Record<string, unknown>, size: number): CashEntryInput {
  if (body.paidBy !== "cash") throw new DomainError(400, cashEntryMessages.paidByCash, { field: "paidBy" });
  if (size === 1) {
    return { kind: "single", person: { name: checkName(body.name, "name"), email: checkEmail(body.email, "email") } };
  }
  const teamName = checkName(
    body.teamName,
    "teamName",
    nameField("Team name", { max: TEAM_NAME_MAX, required: teamMessages.nameRequired }),
  );
  const raw = Array.isArray(body.members) ? body.members : [];
  // Blank rows of a form are not members.
  const rows = raw.filter((m) => !isBlankRow(m));
  if (rows.length !== size || raw.length > 8) {
    throw new DomainError(400, cashEntryMessages.teamMembers(size), { field: "members" });
  }
  const members = rows.map((m, i) => {
    const row = (typeof m === "object" && m !== null ? m : {}) as Record<string, unknown>;
    return { name: checkName(row.name, `members.${i}.name`), email: checkEmail(row.email, `members.${i}.email`) };
  });
  const emails = members.flatMap((m) => (m.email ? [m.email] : []));
  if (new Set(emails).size !== emails.length) {
    throw new DomainError(400, cashEntryMessages.sameEmail, { field: "members" });
  }
  return { kind: "team", teamName, members };
}

function isBlankRow(m: unknown): boolean {
  if (typeof m !== "object" || m === null) return false;
  const row = m as Record<string, unknown>;
  const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
  return blank(row.name) && blank(row.email);
}

/** A guest's stored e-mail: unique, never deliverable, never typed into a login. */
export const guestEmail = (id: string) => `guest-${id}@guests.invalid`;
