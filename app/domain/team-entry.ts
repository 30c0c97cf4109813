// What a captain sends to enter a team, checked before anything is read
// (kept apart from teams.ts so that pages showing teams carry no Zod: decision 016).
import { z } from "./zod.ts";
import { normaliseEmails, teamMessages } from "./teams.ts";
import { nameField } from "./text.ts";

const TEAM_NAME_MAX = 60;

const teamNameField = () => nameField("Team name", { max: TEAM_NAME_MAX, required: teamMessages.nameRequired });

export type TeamEntry = { teamName: string; teammates: string[] };

/**
 * What a captain sends, checked before anything is read: a team name and
 * exactly `size - 1` different teammates who are not the captain. Answers the
 * entry cleaned up, or the message of the first thing wrong with it.
 */
export function checkTeamEntry(
  input: { teamName: unknown; teammates: unknown },
  size: number,
  captainEmail: string,
): { ok: true; entry: TeamEntry } | { ok: false; field: "teamName" | "teammates"; message: string } {
  const name = teamNameField().safeParse(typeof input.teamName === "string" ? input.teamName : "");
  if (!name.success) return { ok: false, field: "teamName", message: name.error.issues[0]?.message ?? "" };
  const needed = size - 1;
  const raw = Array.isArray(input.teammates) ? input.teammates : [];
  if (!raw.every((e): e is string => typeof e === "string")) {
    return { ok: false, field: "teammates", message: teamMessages.addTeammates(needed) };
  }
  const emails = normaliseEmails(raw);
  const captain = captainEmail.trim().toLowerCase();
  if (emails.includes(captain)) return { ok: false, field: "teammates", message: teamMessages.alreadyIn(captain) };
  const distinct = [...new Set(emails)];
  if (distinct.length !== needed || emails.length !== needed) {
    return { ok: false, field: "teammates", message: teamMessages.addTeammates(needed) };
  }
  const badEmail = distinct.find((e) => !z.email().safeParse(e).success || e.length > 254);
  if (badEmail !== undefined) return { ok: false, field: "teammates", message: teamMessages.noAccount(badEmail) };
  return { ok: true, entry: { teamName: name.data, teammates: distinct } };
}
