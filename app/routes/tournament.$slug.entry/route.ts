// The player's own entry on the tournament page (decisions 013–015, 037): check in, leave (after the confirmation
// step), join the reserve list. The same use cases as the JSON API, answered with a redirect and a toast.
import { isDomainError } from "~/domain/errors.ts";
import { formatGBP } from "~/domain/pence.ts";
import { reservePositionText } from "~/features/entries/domain/check-in.ts";
import { checkInAsPlayer, joinReserveList, leave } from "~/features/entries/server/use-cases.server.ts";
import { isIntentOf, type PageIntent } from "~/features/tournaments/domain/page-actions.ts";
import { perform } from "~/web/use-case.server.ts";
import { pageForm, type PageForm } from "../tournament.$slug/forms.server.ts";
import type { Route } from "./+types/route";

const failures: Record<PageIntent<"entry">, string> = {
  "check-in": "Could not check you in",
  leave: "Could not take you out",
  reserve: "Could not add you to the reserve list",
};

export async function action(args: Route.ActionArgs) {
  const page = await pageForm(args, "player");
  const intent = page.form.intent;
  if (!isIntentOf("entry", intent)) return page.toast({ type: "error", title: "Could not do that" });
  try {
    return await answer(page, intent);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return page.toast({ type: "error", title: failures[intent], description: error.message });
  }
}

async function answer({ app, claim, tournament, toast }: PageForm, intent: PageIntent<"entry">): Promise<Response> {
  const playerId = claim.id;
  switch (intent) {
    case "check-in": {
      await perform(app, claim, checkInAsPlayer, { playerId, tournament });
      return toast({ type: "success", title: "You're checked in", description: "The director can see you're here." });
    }
    case "leave": {
      const left = await perform(app, claim, leave, { playerId, tournament });
      if (left.left !== "entry") {
        return toast({
          type: "success",
          title: left.left === "hold" ? "Your held place is released" : "You're off the reserve list",
        });
      }
      return toast({
        type: "success",
        title: "You've left the tournament",
        description: left.refundPence > 0 ? `${formatGBP(left.refundPence)} is back in your balance.` : undefined,
      });
    }
    case "reserve": {
      const { position } = await perform(app, claim, joinReserveList, { playerId, tournament });
      return toast({
        type: "success",
        title: "You're on the reserve list",
        description: reservePositionText(position),
      });
    }
  }
}
