// The tournament page's forms (decision 037): each family of actions posts to its own route under
// /tournament/{slug}/, names its `intent` there, and answers with a redirect back to the page. A form the rules
// refuse comes back as a flashed reply the page reads with its data, so it works the same without JavaScript.
import type { PlayerMove } from "../../play/domain/corrections.ts";

/** Each route's intents. */
const pageActionFamilies = {
  /** The player's own entry: check in, leave (after its confirmation), join the reserve list. */
  entry: ["check-in", "leave", "reserve"],
  /** The director's entries: walk-ins paid at the bar in and out, the check-in tick, withdrawing during play. */
  entries: ["add-walk-in", "remove-walk-in", "check-in-entry", "withdraw-entry"],
  /** The director's starting ratings (decision 027). */
  ratings: ["starting-ratings"],
  /** A match's result: recorded, corrected, approved as confirmed at the table. */
  results: ["record-result", "correct-result", "approve-result"],
  /** Where matches are played: a table assigned or pinned, a table in or out of rotation. */
  floor: ["assign-table", "pin-table", "table-rotation"],
  /** The tournament as a whole: seeding, start, settings, finalize. */
  play: ["seeds", "start", "settings", "finalize"],
} as const;

export type PageActionFamily = keyof typeof pageActionFamilies;
export type PageIntent<F extends PageActionFamily = PageActionFamily> = (typeof pageActionFamilies)[F][number];

/** Whether a form's `intent` belongs to a family. */
export const isIntentOf = <F extends PageActionFamily>(family: F, intent: unknown): intent is PageIntent<F> =>
  (pageActionFamilies[family] as readonly unknown[]).includes(intent);

/** The family a form's `intent` belongs to, or null for none of the page's. */
export function pageFamilyOf(intent: unknown): PageActionFamily | null {
  for (const family of Object.keys(pageActionFamilies) as PageActionFamily[]) {
    if (isIntentOf(family, intent)) return family;
  }
  return null;
}

/** Where a family's forms post; `floor`: the answer comes back to the floor tab (the director's screen in play). */
export function pageActionPath(slug: string, family: PageActionFamily, floor = false): string {
  return `/tournament/${encodeURIComponent(slug)}/${family}${floor ? "?tab=floor" : ""}`;
}

/**
 * A result form that was not saved: the dialog opens again with what was typed, and either the rules' message
 * beside the fields (a refusal) or the players a correction would move at tables, to confirm.
 */
export type ResultReply = {
  intent: "record-result" | "correct-result";
  matchId: string;
  values: { outcome: string; winnerId: string; player1Score: string; player2Score: string };
  message: string | null;
  confirm: { moves: PlayerMove[]; key: string } | null;
};

/** A walk-in that was not entered: the message, the field it is about, and what was typed. */
export type WalkInReply = {
  message: string;
  field: string | null;
  values: Record<string, string>;
  /** A name already entered: the form asks the director to confirm another player of that name. */
  confirmName?: string;
};

/** Ratings not saved: a message for the form, each player's beside their field, and what was typed. */
export type StartingRatingsReply = { message: string; errors: Record<string, string>; values: Record<string, string> };

/** What a refused form of the page brings back to it. */
export type PageReply =
  | { resultReply: ResultReply }
  | { walkIn: WalkInReply }
  | { startingRatings: StartingRatingsReply };

/** A flash cookie holds about 4 KB: what was typed is dropped from a reply that would not fit (the message stays). */
const REPLY_LIMIT = 2400;

export function fittingReply(reply: PageReply): PageReply {
  if (JSON.stringify(reply).length <= REPLY_LIMIT) return reply;
  if ("walkIn" in reply) return { walkIn: { ...reply.walkIn, values: {} } };
  if ("startingRatings" in reply) {
    const errors =
      JSON.stringify(reply.startingRatings.errors).length <= REPLY_LIMIT ? reply.startingRatings.errors : {};
    return { startingRatings: { ...reply.startingRatings, errors, values: {} } };
  }
  // A correction's moves are a handful of players; a result's values are four short fields.
  return { resultReply: { ...reply.resultReply, confirm: null, message: reply.resultReply.message ?? "Try again" } };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The reply a flash cookie (signed by the server) holds, or null for anything else. */
export function pageReplyOf(value: unknown): PageReply | null {
  if (!isRecord(value)) return null;
  const inner = value.resultReply ?? value.walkIn ?? value.startingRatings;
  if (!isRecord(inner)) return null;
  if ("resultReply" in value)
    return isRecord(inner.values) && typeof inner.matchId === "string" ? (value as PageReply) : null;
  return typeof inner.message === "string" && isRecord(inner.values) ? (value as PageReply) : null;
}

/** The page's reply of one kind. */
export const resultReplyOf = (reply: PageReply | null) => (reply && "resultReply" in reply ? reply.resultReply : null);
export const walkInReplyOf = (reply: PageReply | null) => (reply && "walkIn" in reply ? reply.walkIn : null);
export const startingRatingsReplyOf = (reply: PageReply | null) =>
  reply && "startingRatings" in reply ? reply.startingRatings : null;
