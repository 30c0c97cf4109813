// A match's result from the tournament page (decisions 012, 021, 025, 037): recorded, corrected or approved, by the
// same use cases as the JSON API. A result the rules refuse, or a correction that would move players already at a
// table, opens its dialog again with what was typed and the message, or the moves to confirm.
import { isDomainError, TOURNAMENT_NOT_FOUND } from "~/domain/errors.ts";
import { approveResult, recordResult } from "~/features/play/server/use-cases.server.ts";
import type { ResultReply } from "~/features/tournaments/domain/page-actions.ts";
import { formText } from "~/web/forms.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { directorAction, pageForm, type FamilyAction, type PageForm } from "../tournament.$slug/forms.server.ts";
import type { Route } from "./+types/route";

export async function action(args: Route.ActionArgs) {
  const page = await pageForm(args, "organiser");
  const parsed = directorAction(page.form, "results");
  if ("refused" in parsed) {
    return page.form.intent === "approve-result"
      ? page.toast({ type: "error", title: "Could not do that", description: parsed.refused })
      : refusedResult(page, parsed.refused);
  }
  const { action } = parsed;
  try {
    return await answer(page, action);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === TOURNAMENT_NOT_FOUND) {
      return page.toast({ type: "error", title: "Tournament not found" }, "/td/tournaments");
    }
    // A result the rules refuse (scores, race): the dialog again, with what was typed.
    if (action.intent !== "approve-result" && error.status === 400) return refusedResult(page, error.message);
    const title = action.intent === "approve-result" ? "Failed to approve the result" : "Failed to update match";
    return page.toast({ type: "error", title, description: error.message }, page.atMatch(action.matchId));
  }
}

async function answer(page: PageForm, action: FamilyAction<"results">): Promise<Response> {
  const { app, claim, toast, atMatch } = page;
  const organiserId = claim.id;
  switch (action.intent) {
    case "record-result": {
      await perform(app, claim, recordResult, {
        organiserId,
        matchId: action.matchId,
        input: action,
        mode: "record",
        noShow: action.noShow,
      });
      return toast({ type: "success", title: "Result recorded" }, atMatch(action.matchId));
    }
    case "correct-result": {
      // A correction that would swap a player already at a table asks first.
      const saved = await perform(app, claim, recordResult, {
        organiserId,
        matchId: action.matchId,
        input: action,
        mode: "correct",
        confirmedMoves: action.confirmMoves ?? "",
      });
      if (saved.outcome === "unconfirmed") {
        return resultReply(page, { message: null, confirm: { moves: saved.moves, key: saved.key } });
      }
      return toast({ type: "success", title: "Result corrected" }, atMatch(action.matchId));
    }
    case "approve-result": {
      await perform(app, claim, approveResult, { organiserId, matchId: action.matchId });
      return toast({ type: "success", title: "Result approved" }, atMatch(action.matchId));
    }
  }
}

/** The result's dialog again (its address opens it), with what was typed and the answer. */
function resultReply(page: PageForm, answer: Pick<ResultReply, "message" | "confirm">): Promise<Response> {
  const { form } = page;
  const intent = form.intent === "correct-result" ? "correct-result" : "record-result";
  const matchId = formText(form, "matchId");
  const reply: ResultReply = {
    intent,
    matchId,
    values: {
      outcome: formText(form, "outcome"),
      winnerId: formText(form, "winnerId"),
      player1Score: formText(form, "player1Score"),
      player2Score: formText(form, "player2Score"),
    },
    ...answer,
  };
  const dialog = new URLSearchParams({ [intent === "correct-result" ? "correct" : "result"]: matchId });
  return page.reply({ resultReply: reply }, `${page.back}&${dialog}`);
}

const refusedResult = (page: PageForm, message: string) => resultReply(page, { message, confirm: null });
