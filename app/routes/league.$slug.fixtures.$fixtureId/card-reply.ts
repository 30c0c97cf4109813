// A refused form of the match card's page (decision 037): its route redirects back to the card with this beside the
// toast in the flash cookie, and the page draws the form again with the message beside it (and what was chosen).
export type CardFormName = "lineup" | "frame" | "confirm" | "dispute" | "resolve" | "award" | "void";

export type CardReply = {
  form: CardFormName;
  /** The lineup's side ("home" or "away"); "" for the other forms. */
  side: string;
  /** The frame the message is about (a lineup's or a frame's), or null for the form as a whole. */
  frame: number | null;
  message: string;
  /** What was chosen or typed, by field name (`frame-3-0`, `reason`, `note`). */
  values: Record<string, string>;
};

const forms: readonly CardFormName[] = ["lineup", "frame", "confirm", "dispute", "resolve", "award", "void"];

/** A flash cookie holds about 4 KB: what was typed is dropped from a reply that would not fit (the message stays). */
export const fittingCardReply = (reply: CardReply): CardReply =>
  JSON.stringify(reply).length <= 2400 ? reply : { ...reply, values: {} };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The reply a flash cookie (signed by the server) holds, or null for anything else. */
export function cardReplyOf(value: unknown): CardReply | null {
  if (!isRecord(value) || !isRecord(value.card)) return null;
  const reply = value.card;
  const ok =
    forms.includes(reply.form as CardFormName) &&
    typeof reply.side === "string" &&
    (reply.frame === null || typeof reply.frame === "number") &&
    typeof reply.message === "string" &&
    isRecord(reply.values) &&
    Object.values(reply.values).every((v) => typeof v === "string");
  return ok ? (reply as CardReply) : null;
}

/** The reply for one form of the page (a lineup's by its side), or null. */
export const replyFor = (reply: CardReply | null, form: CardFormName, side = ""): CardReply | null =>
  reply && reply.form === form && reply.side === side ? reply : null;

/** A lineup's field: frame `number`'s `slot`th player (0, and 1 in a doubles frame). */
export const lineupField = (number: number, slot: number) => `frame-${number}-${slot}`;

/** The frame a refusal's field names (`frames.3`), or null. */
export function frameOfField(field: string | undefined | null): number | null {
  const match = /^frames\.(\d{1,4})$/.exec(field ?? "");
  return match ? Number(match[1]) : null;
}
