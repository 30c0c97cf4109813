// Team events (SPEC §9, decision 011): an entry is a team of 2-4 players; the
// captain enters it, pays for all of it, and its prizes are shared.
import { entryTotalPence, type Pence } from "../../../domain/pence.ts";
import type { MatchType } from "../../../domain/tournaments.ts";

/** Players per entry: 1 in singles, 2-4 in team events. */
export function teamSize(matchType: MatchType): number {
  return Number(matchType.slice(0, 1));
}

export const isTeamEvent = (matchType: MatchType): boolean => teamSize(matchType) > 1;

export const teamMessages = {
  nameRequired: "Team name is required",
  nameTaken: "A team name must be unique in this tournament",
  addTeammates: (n: number) => `Add ${n} ${n === 1 ? "teammate" : "teammates"}`,
  noAccount: (email: string) => `No player account for ${email}`,
  alreadyIn: (email: string) => `${email} is already in this tournament`,
} as const;

/**
 * What team names are compared by: composed (NFC) and in lower case, every script's (SQLite's lower() folds ASCII
 * only), so "Café", "CAFÉ" and "Cafe" + U+0301 are one name. Stored beside the name (teams.name_key).
 */
export const teamNameKey = (name: string): string => name.normalize("NFC").toLowerCase().normalize("NFC");

/** E-mails as people type them: trimmed, case ignored, blanks dropped. */
export function normaliseEmails(emails: readonly string[]): string[] {
  return emails.map((e) => e.trim().toLowerCase()).filter((e) => e.length > 0);
}

/** What one entry costs its payer: (entry fee + site fee) × team size, in one payment. */
export function teamEntryTotalPence(t: { entryFeePence: Pence; siteFeePence: Pence; matchType: MatchType }): Pence {
  return entryTotalPence(t) * teamSize(t.matchType);
}

/**
 * A team's prize shared between its members: equal shares, the pennies left
 * over one each to the members in order (the captain first), so the shares
 * differ by at most a penny and sum to the prize exactly. Throws RangeError
 * for an amount that is negative or not an integer, or members missing or
 * repeated.
 */
export function splitAmongMembers(
  amountPence: Pence,
  memberIds: readonly string[],
): { playerId: string; amountPence: Pence }[] {
  if (!Number.isSafeInteger(amountPence) || amountPence < 0) throw new RangeError(`Bad amount: ${amountPence}`);
  if (memberIds.length === 0) throw new RangeError("A team has members");
  if (new Set(memberIds).size !== memberIds.length) throw new RangeError("A member is listed twice");
  const n = memberIds.length;
  const base = Math.floor(amountPence / n);
  const left = amountPence - base * n;
  return memberIds.map((playerId, i) => ({ playerId, amountPence: base + (i < left ? 1 : 0) }));
}

/** Members in payout order: the captain first, then the others as listed. */
export function captainFirst<T extends { id: string }>(members: readonly T[], captainId: string): T[] {
  return [...members.filter((m) => m.id === captainId), ...members.filter((m) => m.id !== captainId)];
}

/** How a team is named to its members: "Team Cue Balls (captain: Sam)". */
export const teamLine = (team: { name: string; captainName: string }): string =>
  `Team ${team.name} (captain: ${team.captainName})`;

/** Entries against places on a card: "3/8", or "3/8 teams" in a team event. */
export const entriesText = (count: number, max: number, matchType: MatchType): string =>
  `${count}/${max}${isTeamEvent(matchType) ? " teams" : ""}`;

/** Why a tournament cannot start while a member's place is empty. */
export const teamShortMessage = (teamName: string): string =>
  `Team ${teamName} is a player short: its captain names a replacement first`;
