// The tablet board's plain forms (no JavaScript): a tap posted as a form is the same tap as the JSON API's, and a
// refusal becomes a short note in the board's address; and the "Who won?" question of a match without a race-to.
import { DomainError } from "~/domain/errors.ts";
import type { CurrentMatch } from "~/features/floor/domain/scoreboard.ts";
import {
  type Confirmed,
  confirmedResult,
  type TapRefusal,
  tapRefusals,
} from "~/features/floor/domain/table-scoring.ts";
import { ConfirmTapSchema } from "~/features/floor/domain/table-scoring-schema.ts";
import type { Change } from "~/domain/changes.ts";
import type { Sender } from "~/db/batch.server.ts";
import { isCodeRefusal, type SentCode } from "./table-codes.server.ts";
import { isTapKind, runTap, tableMatch } from "./table-scoring.server.ts";
import { TABLE_TAP_LIMIT } from "./table-taps.server.ts";

/**
 * What the board says after a tap from its plain forms, by a short key in
 * its address (`?note=decided`): only these texts can appear there.
 */
const notes = {
  ...tapRefusals,
  "too-many": TABLE_TAP_LIMIT.message(0),
  error: "That tap could not be sent: try again",
} as const;
type NoteKey = keyof typeof notes;

export const scoreboardNote = (key: string | null): string | null =>
  key !== null && Object.hasOwn(notes, key) ? notes[key as NoteKey] : null;

/** The board's note for a refused tap, by the refusal's code. */
const noteFor = (error: DomainError): NoteKey => {
  if (error.code === TABLE_TAP_LIMIT.name) return "too-many";
  return error.code !== undefined && Object.hasOwn(tapRefusals, error.code) ? (error.code as TapRefusal) : "error";
};

/**
 * A tap from the scoreboard's plain form: the same call as the JSON API.
 * Refusals become a note for the board; a refused code is thrown, for the
 * page to show in place of the board.
 */
export async function tapFromForm(
  db: Sender,
  sent: SentCode,
  form: FormData,
): Promise<{ note: NoteKey | null; change: Change | null }> {
  const intent = String(form.get("intent") ?? "");
  if (!isTapKind(intent)) return { note: "error", change: null };
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && value !== "") fields[name] = value;
  try {
    const { change } = await runTap(db, sent, intent, async (schema) => {
      const parsed = schema.safeParse(fields);
      if (!parsed.success) throw new DomainError(400, notes.error);
      return parsed.data;
    });
    return { note: null, change };
  } catch (error) {
    if (isCodeRefusal(error) || !(error instanceof DomainError)) throw error;
    return { note: noteFor(error), change: null };
  }
}

/**
 * The "Who won?" step of a match without a race-to (the board's `?winner=1&player1Score=5&player2Score=3`): the
 * result to ask the table to confirm, or why it cannot be (a note for the board). Nothing is written.
 */
export function askedResult(
  match: CurrentMatch | null,
  search: URLSearchParams,
): { ask: Confirmed | null; note: string | null } {
  if (!search.has("winner") || match?.raceTo !== null) return { ask: null, note: null };
  const parsed = AskSchema.safeParse(Object.fromEntries(search));
  if (!parsed.success) return { ask: null, note: parsed.error.issues[0]?.message ?? notes.error };
  try {
    return { ask: confirmedResult(tableMatch(match), parsed.data), note: null };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { ask: null, note: error.message };
  }
}

const AskSchema = ConfirmTapSchema.omit({ tapId: true });
