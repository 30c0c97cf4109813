// The director's entries on the tournament page (DESIGN §10, decisions 021, 037): a player or a team entered as paid
// at the bar and taken out again before the start, the check-in tick, and an entry withdrawn during play. The same
// use cases as the JSON API; a refused walk-in comes back with what was typed beside the message.
import { checkCashEntry, SAME_NAME } from "~/features/entries/domain/cash-entry.ts";
import { isDomainError, TOURNAMENT_NOT_FOUND } from "~/domain/errors.ts";
import { addWalkIn, checkInForEntry, removeWalkIn } from "~/features/entries/server/use-cases.server.ts";
import { withdrawFromPlay } from "~/features/play/server/use-cases.server.ts";
import { formText } from "~/web/forms.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { directorAction, pageForm, type PageForm } from "../tournament.$slug/forms.server.ts";
import type { Route } from "./+types/route";

export async function action(args: Route.ActionArgs) {
  const page = await pageForm(args, "organiser");
  const { form, toast, slug } = page;
  const walkIns = `/tournament/${slug}#walk-ins`;
  try {
    if (form.intent === "add-walk-in") return await addAtTheBar(page, walkIns);
    if (form.intent === "remove-walk-in") {
      await perform(page.app, page.claim, removeWalkIn, {
        organiserId: page.claim.id,
        tournament: page.tournament,
        entryId: formText(form, "entryId"),
      });
      return toast(
        { type: "success", title: "Entry removed", description: "Hand back the cash they paid at the bar." },
        walkIns,
      );
    }
    return await checkInOrWithdraw(page);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === TOURNAMENT_NOT_FOUND) {
      return toast({ type: "error", title: "Tournament not found" }, "/td/tournaments");
    }
    const title =
      form.intent === "remove-walk-in"
        ? "Could not remove the entry"
        : form.intent === "check-in-entry"
          ? "Could not change the check-in"
          : "Could not withdraw the entry";
    return toast(
      { type: "error", title, description: error.message },
      form.intent === "remove-walk-in" ? walkIns : page.back,
    );
  }
}

/** The form's fields as the API's body: `members.0.name`, `members.0.email`… become `members: [{ name, email }]`. */
function bodyOf(form: Record<string, FormDataEntryValue>) {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (typeof value === "string" && key.length <= 40 && key !== "intent") values[key] = value.slice(0, 300);
  }
  const members: { name?: string; email?: string }[] = [];
  for (const [key, value] of Object.entries(values)) {
    const m = /^members\.(\d)\.(name|email)$/.exec(key);
    if (!m) continue;
    const at = Number(m[1]);
    members[at] = { ...members[at], [m[2] as "name" | "email"]: value };
  }
  return { body: { ...values, members: members.filter(Boolean), paidBy: "cash" }, values };
}

async function addAtTheBar(page: PageForm, walkIns: string): Promise<Response> {
  const { body, values } = bodyOf(page.form);
  try {
    const added = await perform(page.app, page.claim, addWalkIn, {
      organiserId: page.claim.id,
      tournament: page.tournament,
      check: (size) => checkCashEntry(body, size),
      // The page warns before a second entrant of a name already in; the director's tick confirms that name.
      sameName: { confirmed: formText(page.form, "sameNameOk") || null },
    });
    return page.toast(
      {
        type: "success",
        title: `${added.entry.name} is in`,
        description: added.entry.guest ? "Entered as a guest, paid at the bar." : "Entered as paid at the bar.",
      },
      walkIns,
    );
  } catch (error) {
    if (!isDomainError(error) || error.code === TOURNAMENT_NOT_FOUND) throw error;
    // Past the hour's invited accounts the message says when to try again.
    // The name as checked (trimmed, composed): the tick that comes back confirms exactly it.
    const checked = error.code === SAME_NAME ? checkCashEntry(body, 1) : null;
    const confirmName = checked?.kind === "single" ? checked.person.name : undefined;
    return page.reply(
      {
        walkIn: { message: error.message, field: error.field ?? null, values, ...(confirmName ? { confirmName } : {}) },
      },
      walkIns,
    );
  }
}

async function checkInOrWithdraw(page: PageForm): Promise<Response> {
  const { app, claim, tournament, slug, toast } = page;
  const parsed = directorAction(page.form, "entries");
  if ("refused" in parsed) return toast({ type: "error", title: "Could not do that", description: parsed.refused });
  const { action } = parsed;
  if (action.intent === "check-in-entry") {
    const checked = await perform(app, claim, checkInForEntry, {
      organiserId: claim.id,
      tournament,
      entry: action.registrationId,
      checkedIn: action.checkedIn,
    });
    return toast(
      { type: "success", title: checked.checkedIn ? "Checked in" : "No longer checked in" },
      // Back to the check-in, open (it folds away on the page).
      `/tournament/${slug}?open=check-in#check-in`,
    );
  }
  if (action.intent !== "withdraw-entry") return toast({ type: "error", title: "Could not do that" });
  const withdrawn = await perform(app, claim, withdrawFromPlay, {
    organiserId: claim.id,
    tournament,
    registrationId: action.registrationId,
  });
  const n = withdrawn.walkovers;
  return toast({
    type: "success",
    title: "Withdrawn",
    description:
      n === 0
        ? "Their matches are walkovers as they come up."
        : `${n} ${n === 1 ? "match is a walkover" : "matches are walkovers"} now; the rest as they come up.`,
  });
}
