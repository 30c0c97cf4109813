// A refused form of the secretary's season page (decision 037): the action's route redirects back to the page with
// this beside the toast in the flash cookie, and the page draws the form again with what was typed and the messages.
export type SeasonFormName =
  | "division"
  | "team"
  | "player"
  | "fixtures"
  | "move"
  | "format"
  | "points"
  | "penalty"
  | "finish"
  | "next";

export type SeasonReply = {
  form: SeasonFormName;
  /** Which of the page's forms of that name: the team a player was for, the fixture moved ("" for the one form). */
  key: string;
  /** The form's message: what refused it, or the first field's. */
  message: string;
  /** Each field's message, by the field's name. */
  errors: Record<string, string>;
  values: Record<string, string>;
};

const forms: readonly SeasonFormName[] = [
  "division",
  "team",
  "player",
  "fixtures",
  "move",
  "format",
  "points",
  "penalty",
  "finish",
  "next",
];

/** A flash cookie holds about 4 KB: what was typed is dropped from a reply that would not fit (the messages stay). */
export function fittingSeasonReply(reply: SeasonReply): SeasonReply {
  return JSON.stringify(reply).length <= 2400 ? reply : { ...reply, values: {} };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The reply a flash cookie (signed by the server) holds, or null for anything else. */
export function seasonReplyOf(value: unknown): SeasonReply | null {
  if (!isRecord(value) || !forms.includes(value.form as SeasonFormName)) return null;
  const ok =
    typeof value.key === "string" &&
    typeof value.message === "string" &&
    isRecord(value.errors) &&
    isRecord(value.values);
  return ok ? (value as SeasonReply) : null;
}

/** The reply for one form of the page (its name and key), or null. */
export const replyFor = (reply: SeasonReply | null, form: SeasonFormName, key = ""): SeasonReply | null =>
  reply && reply.form === form && reply.key === key ? reply : null;

/** How many player rows the "Add team" form offers beside its captain (more are added to the roster later). */
export const PLAYER_ROWS = 3;
