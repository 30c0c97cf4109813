// The team page's "Add a player" form refused (decision 037's flashed reply): what was typed and the message, beside
// its field. Shared by the page, which shows it, and its form's route, which sends it.

/** The form's fields a message can be beside; anything else is the form's own. */
export type RosterField = "name" | "email";

export type RosterReply = { message: string; field: RosterField | null; values: { name: string; email: string } };

/** The field a refusal is about: the use case names a person already on a team by `players`, the form by `name`. */
export const rosterFieldOf = (field: string | undefined | null): RosterField | null =>
  field === "name" || field === "players" ? "name" : field === "email" ? "email" : null;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The reply a flash cookie (signed by the server) holds, or null for anything else. */
export function rosterReplyOf(value: unknown): RosterReply | null {
  if (!isRecord(value) || !isRecord(value.roster)) return null;
  const { message, field, values } = value.roster;
  if (typeof message !== "string" || !isRecord(values)) return null;
  return {
    message,
    field: rosterFieldOf(typeof field === "string" ? field : null),
    values: {
      name: typeof values.name === "string" ? values.name : "",
      email: typeof values.email === "string" ? values.email : "",
    },
  };
}
