// What a captain sends to enter a team, checked before anything is read
// (kept apart from teams.ts so that pages showing teams carry no Zod: decision 016).
import { z } from "../../../domain/zod.ts";
import { normaliseEmails, teamMessages } from "./teams.ts";
import { nameField } from "../../../domain/text.ts";

const TEAM_NAME_MAX = 60;
const NAME_MAX = 100;

const teamNameField = () => nameField("Team name", { max: TEAM_NAME_MAX, required: teamMessages.nameRequired });
const teammateNameField = () => nameField("Teammate's name", { max: NAME_MAX });

/**
 * A teammate as the captain named them: the e-mail, and the name an invited
 * account gets when the e-mail has none (decision 011) — the captain's, or the
 * e-mail's local part ("kim.smith@…" → "kim.smith").
 */
type Teammate = { email: string; name: string };

export type TeamEntry = { teamName: string; teammates: Teammate[] };

type Refusal = { ok: false; field: "teamName" | "teammates"; message: string };

/** The name an invited account gets when the captain gave none. */
export const nameFromEmail = (email: string): string => (email.split("@")[0] ?? email).slice(0, NAME_MAX);

/**
 * A teammate as sent: an e-mail, or `{ email, name? }` (a blank name is no
 * name: the form's optional field). Answers null for anything else.
 */
function readTeammate(raw: unknown): { email: string; name: unknown } | null {
  if (typeof raw === "string") return { email: raw, name: undefined };
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null;
  const { email, name } = raw as Record<string, unknown>;
  return typeof email === "string" ? { email, name } : null;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/**
 * What a captain sends, checked before anything is read: a team name and
 * exactly `size - 1` different teammates who are not the captain, each an
 * e-mail that can be delivered to, with an optional name. Answers the entry
 * cleaned up, or the message of the first thing wrong with it.
 */
export function checkTeamEntry(
  input: { teamName: unknown; teammates: unknown },
  size: number,
  captainEmail: string,
): { ok: true; entry: TeamEntry } | Refusal {
  const teamName = teamNameField().safeParse(typeof input.teamName === "string" ? input.teamName : "");
  if (!teamName.success) return { ok: false, field: "teamName", message: teamName.error.issues[0]?.message ?? "" };
  const needed = size - 1;
  const addTeammates: Refusal = { ok: false, field: "teammates", message: teamMessages.addTeammates(needed) };
  const sent = (Array.isArray(input.teammates) ? input.teammates : []).map(readTeammate);
  if (sent.some((t) => t === null)) return addTeammates;
  // A row with no e-mail is no teammate (the names of the form's blank rows go with them).
  const rows = sent.flatMap((t) => {
    const [email] = normaliseEmails([t?.email ?? ""]);
    return email === undefined ? [] : [{ email, name: t?.name }];
  });
  const captain = captainEmail.trim().toLowerCase();
  if (rows.some((r) => r.email === captain)) {
    return { ok: false, field: "teammates", message: teamMessages.alreadyIn(captain) };
  }
  if (new Set(rows.map((r) => r.email)).size !== needed || rows.length !== needed) return addTeammates;
  const teammates: Teammate[] = [];
  for (const { email, name } of rows) {
    if (!deliverable(email)) return { ok: false, field: "teammates", message: teamMessages.noAccount(email) };
    const named = teammateName(name, email);
    if (!named.ok) return { ok: false, field: "teammates", message: named.message };
    teammates.push({ email, name: named.name });
  }
  return { ok: true, entry: { teamName: teamName.data, teammates } };
}

/** The name an invited teammate's account gets: the captain's, checked, or (blank) the e-mail's local part. */
export function teammateName(raw: unknown, email: string): { ok: true; name: string } | { ok: false; message: string } {
  if (blank(raw)) return { ok: true, name: nameFromEmail(email) };
  const checked = teammateNameField().safeParse(typeof raw === "string" ? raw : "");
  return checked.success
    ? { ok: true, name: checked.data }
    : { ok: false, message: checked.error.issues[0]?.message ?? "" };
}

/**
 * An address an invitation can go to: well formed, and not under `.invalid`
 * (RFC 2606: never delivered — where the guests' stored e-mails live).
 */
export const deliverable = (email: string): boolean =>
  email.length <= 254 && z.email().safeParse(email).success && !email.endsWith(".invalid");
