// The tournament as a whole, from its page (decisions 012–015, 037): the seeding, the start, the settings and the
// finalize, by the same use cases as the JSON API, answered with a redirect and a toast.
import { isDomainError, TOURNAMENT_NOT_FOUND } from "~/domain/errors.ts";
import { TOP_UP_NEEDED, tillSentence } from "~/features/money/domain/settlement.ts";
import { orderFromSeedForm } from "~/features/play/domain/play.ts";
import { finalize, saveSeeds, saveSettings, start } from "~/features/play/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { directorAction, pageForm, type FamilyAction, type PageForm } from "../tournament.$slug/forms.server.ts";
import type { Route } from "./+types/route";

const failures: Record<FamilyAction<"play">["intent"], string> = {
  start: "Failed to start tournament",
  finalize: "Failed to finalize tournament",
  seeds: "Failed to save the order",
  settings: "Could not save the settings",
};

export async function action(args: Route.ActionArgs) {
  const page = await pageForm(args, "organiser");
  const { toast, back } = page;
  const parsed = directorAction(page.form, "play");
  if ("refused" in parsed) return toast({ type: "error", title: "Could not do that", description: parsed.refused });
  const { action } = parsed;
  try {
    return await answer(page, action);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === TOURNAMENT_NOT_FOUND) {
      return toast({ type: "error", title: "Tournament not found" }, "/td/tournaments");
    }
    // A finalize the director's balance can't cover: back to its dialog, which offers the top-up.
    const to = error.code === TOP_UP_NEEDED ? `${back}&confirm=finalize` : back;
    return toast({ type: "error", title: failures[action.intent], description: error.message }, to);
  }
}

async function answer(page: PageForm, action: FamilyAction<"play">): Promise<Response> {
  const { app, claim, tournament, slug, back, form, toast } = page;
  const organiserId = claim.id;
  const bare = `/tournament/${slug}`;
  switch (action.intent) {
    case "start": {
      const started = await perform(app, claim, start, { organiserId, tournament, dropAbsent: action.dropAbsent });
      const atBar = started.droppedAtBar > 0 ? ` Hand back the cash of ${started.droppedAtBar} paid at the bar.` : "";
      const dropped =
        started.dropped > 0 ? ` ${started.dropped} not checked in dropped, entry fees refunded.${atBar}` : "";
      const entries = started.teamEvent ? "teams" : "players";
      const description = `The draw is made: ${started.players} ${entries}, ${started.matches} matches.${dropped}`;
      // The director's first screen during play: the floor (the page's default tab then).
      return toast({ type: "success", title: "Tournament started", description }, bare);
    }
    case "settings": {
      // The floor's and table scoring's in one write (refused once the tournament is finished).
      const saved = await perform(app, claim, saveSettings, { organiserId, tournament, settings: action });
      const description = saved.autoAssign ? "Tables are assigned automatically." : "You assign the tables.";
      // Before the start: back to the settings' panel, open (the bracket is not drawn yet).
      const to = saved.status === "open" ? `${bare}?open=settings#queue` : back;
      return toast({ type: "success", title: "Settings saved", description }, to);
    }
    case "seeds":
      await perform(app, claim, saveSeeds, { organiserId, tournament, order: orderFromSeedForm(form) });
      return toast(
        { type: "success", title: "Seeding saved", description: "The draw will follow your order." },
        `${bare}?open=seeding#seeding`,
      );
    case "finalize": {
      const { settlement } = await perform(app, claim, finalize, { organiserId, tournament });
      // A night with cash at the bar: the till, as the director counts it.
      const till = settlement.cashEntries > 0 ? ` ${tillSentence(settlement)}` : "";
      return toast(
        {
          type: "success",
          title: "Payouts confirmed",
          description: `Winnings are in the players' balances.${till}`,
        },
        bare,
      );
    }
  }
}
