// Where matches are played, from the tournament page (decisions 013–015, 037): a match given a table or kept for
// one, a table in or out of rotation. The same use cases as the JSON API, answered with a redirect and a toast.
import { isDomainError, TOURNAMENT_NOT_FOUND } from "~/domain/errors.ts";
import { pinMatchToTable, rotateTable } from "~/features/floor/server/use-cases.server.ts";
import { assignMatchTable } from "~/features/play/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { directorAction, pageForm, type FamilyAction, type PageForm } from "../tournament.$slug/forms.server.ts";
import type { Route } from "./+types/route";

const failures: Record<FamilyAction<"floor">["intent"], string> = {
  "assign-table": "Failed to assign table",
  "pin-table": "Could not pin the match",
  "table-rotation": "Could not change the table",
};

export async function action(args: Route.ActionArgs) {
  const page = await pageForm(args, "organiser");
  const parsed = directorAction(page.form, "floor");
  if ("refused" in parsed) {
    return page.toast({ type: "error", title: "Could not do that", description: parsed.refused });
  }
  const { action } = parsed;
  try {
    return await answer(page, action);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === TOURNAMENT_NOT_FOUND) {
      return page.toast({ type: "error", title: "Tournament not found" }, "/td/tournaments");
    }
    const to = "matchId" in action ? page.atMatch(action.matchId) : page.back;
    return page.toast({ type: "error", title: failures[action.intent], description: error.message }, to);
  }
}

async function answer({ app, claim, toast, atMatch, back }: PageForm, action: FamilyAction<"floor">) {
  const organiserId = claim.id;
  switch (action.intent) {
    case "assign-table": {
      await perform(app, claim, assignMatchTable, { organiserId, matchId: action.matchId, tableId: action.tableId });
      return toast(
        { type: "success", title: action.tableId ? "Table assigned" : "Table unassigned" },
        atMatch(action.matchId),
      );
    }
    case "pin-table": {
      await perform(app, claim, pinMatchToTable, { organiserId, matchId: action.matchId, tableId: action.tableId });
      return toast({ type: "success", title: action.tableId ? "Match pinned" : "Match unpinned" }, back);
    }
    case "table-rotation": {
      await perform(app, claim, rotateTable, { organiserId, tableId: action.tableId, inRotation: action.inRotation });
      return toast(
        { type: "success", title: action.inRotation ? "Table back in rotation" : "Table out of rotation" },
        back,
      );
    }
  }
}
