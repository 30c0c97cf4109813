// The director's walk-ins on the tournament page (DESIGN §10): a player or a
// team entered as paid at the bar, and a cash entry taken out again before
// the start. Plain forms with a hidden `intent`, the same services as the
// JSON API; a refused entry keeps what was typed beside the message.
import { data, type RouterContextProvider } from "react-router";
import { appContext } from "~/context.server.ts";
import { checkCashEntry } from "~/features/entries/domain/cash-entry.ts";
import { errorHeaders, isDomainError } from "~/domain/errors.ts";
import { signedIn } from "~/web/access.server.ts";
import { addWalkIn, removeWalkIn } from "~/features/entries/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { redirectWithCookies } from "~/web/forms.server.ts";
import { flashToast, type Toast } from "~/web/session.server.ts";

const walkInIntents = ["add-walk-in", "remove-walk-in"] as const;
type WalkInIntent = (typeof walkInIntents)[number];

export const isWalkInIntent = (intent: unknown): intent is WalkInIntent =>
  walkInIntents.includes(intent as WalkInIntent);

/** A walk-in that was not entered: the message, the field it is about, and what was typed. */
type WalkInReply = { walkIn: { message: string; field: string | null; values: Record<string, string> } };

/** The form's fields as the API's body: `members.0.name`, `members.0.email`… become `members: [{ name, email }]`. */
function bodyOf(form: FormData): { body: Record<string, unknown>; values: Record<string, string> } {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && key.length <= 40) values[key] = value.slice(0, 300);
  const members: { name?: string; email?: string }[] = [];
  for (const [key, value] of Object.entries(values)) {
    const m = /^members\.(\d)\.(name|email)$/.exec(key);
    if (!m) continue;
    const at = Number(m[1]);
    members[at] = { ...members[at], [m[2] as "name" | "email"]: value };
  }
  return {
    body: { ...values, members: members.filter(Boolean), paidBy: "cash" },
    values,
  };
}

export async function walkInAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
  slug: string,
  intent: WalkInIntent,
): Promise<Response | ReturnType<typeof data<WalkInReply>>> {
  const claim = await signedIn(request, context, "organiser");
  const app = context.get(appContext);
  const back = `/tournament/${slug}`;
  const toast = async (t: Toast) => redirectWithCookies(`${back}#walk-ins`, [await flashToast(app.env, t)]);
  const tournament = { slug: slug.slice(0, 120) };
  const form = await request.formData();
  if (intent === "remove-walk-in") {
    try {
      await perform(app, claim, removeWalkIn, {
        organiserId: claim.id,
        tournament,
        entryId: String(form.get("entryId") ?? "").slice(0, 64),
      });
      return toast({
        type: "success",
        title: "Entry removed",
        description: "Hand back the cash they paid at the bar.",
      });
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return toast({ type: "error", title: "Could not remove the entry", description: error.message });
    }
  }
  const { body, values } = bodyOf(form);
  try {
    const added = await perform(app, claim, addWalkIn, {
      organiserId: claim.id,
      tournament,
      check: (size) => checkCashEntry(body, size),
    });
    return toast({
      type: "success",
      title: `${added.entry.name} is in`,
      description: added.entry.guest ? "Entered as a guest, paid at the bar." : "Entered as paid at the bar.",
    });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const reply: WalkInReply = { walkIn: { message: error.message, field: error.field ?? null, values } };
    // Past the hour's invited accounts, a 429 that says when to try again (Retry-After).
    return data(reply, { status: error.status, headers: errorHeaders(error) });
  }
}
