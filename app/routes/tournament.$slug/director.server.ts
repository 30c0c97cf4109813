// The director's actions on the tournament page (hidden `intent`, STYLE §3):
// the same services as the JSON API, answered with a redirect and a toast.
import { data, type RouterContextProvider } from "react-router";
import { appContext } from "~/context.server.ts";
import { isDomainError, TOURNAMENT_NOT_FOUND } from "~/domain/errors.ts";
import type { PlayerMove } from "~/domain/corrections.ts";
import { matchAnchor } from "~/domain/anchors.ts";
import { DirectorActionSchema, orderFromSeedForm, type DirectorAction } from "~/domain/play.ts";
import { redirectWithCookies } from "~/services/forms.server.ts";
import { signedIn } from "~/services/access.server.ts";
import { issuesToErrors } from "~/services/http.server.ts";
import { afterChange, type Change } from "~/services/after-change.server.ts";
import { pinMatch, saveFloorSettings, setRotation } from "~/services/queue.server.ts";
import { finalizeTournament } from "~/services/finalize.server.ts";
import { assignTable, saveResult } from "~/services/results.server.ts";
import { setSeeds, startTournament } from "~/services/start.server.ts";
import { flashToast, type Toast } from "~/services/session.server.ts";
import { getMailer } from "~/services/email.server.ts";
import { tellDropped } from "~/services/check-in.server.ts";
import { approveTableResult } from "~/services/table-scoring.server.ts";
import { TOP_UP_NEEDED } from "~/domain/settlement.ts";
import { formatGBP } from "~/domain/pence.ts";
import { checkInEntry } from "~/services/director-check-in.server.ts";
import { withdrawEntry } from "~/services/withdraw.server.ts";

/**
 * The answer to a result form that was not saved: the dialog stays open with what was typed, and either the
 * rules' message beside the fields (a refusal) or the players a correction would move at tables, to confirm.
 */
export type ResultReply = {
  intent: "record-result" | "correct-result";
  matchId: string;
  values: { outcome: string; winnerId: string; player1Score: string; player2Score: string };
  message: string | null;
  confirm: { moves: PlayerMove[]; key: string } | null;
};

const isResultIntent = (intent: unknown) => intent === "record-result" || intent === "correct-result";

function resultReply(
  form: Record<string, FormDataEntryValue>,
  status: number,
  answer: Pick<ResultReply, "message" | "confirm">,
) {
  const text = (name: string) => {
    const value = form[name];
    return typeof value === "string" ? value.slice(0, 64) : "";
  };
  const reply: ResultReply = {
    intent: form.intent === "correct-result" ? "correct-result" : "record-result",
    matchId: text("matchId"),
    values: {
      outcome: text("outcome"),
      winnerId: text("winnerId"),
      player1Score: text("player1Score"),
      player2Score: text("player2Score"),
    },
    ...answer,
  };
  return data({ resultReply: reply }, { status });
}

const refusedResult = (form: Record<string, FormDataEntryValue>, message: string, status: number) =>
  resultReply(form, status, { message, confirm: null });

const failures: Record<DirectorAction["intent"], string> = {
  start: "Failed to start tournament",
  finalize: "Failed to finalize tournament",
  "record-result": "Failed to update match",
  "correct-result": "Failed to update match",
  "assign-table": "Failed to assign table",
  "approve-result": "Failed to approve the result",
  seeds: "Failed to save the order",
  settings: "Could not save the settings",
  "pin-table": "Could not pin the match",
  "table-rotation": "Could not change the table",
  "check-in-entry": "Could not change the check-in",
  "withdraw-entry": "Could not withdraw the entry",
};

export async function directorAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  slug: string,
): Promise<Response | ReturnType<typeof resultReply>> {
  const claim = await signedIn(request, context, "organiser");
  const { env } = context.get(appContext);
  // The floor's forms come back to the floor (their address names it); the rest to the bracket.
  const onFloor = new URL(request.url).searchParams.get("tab") === "floor";
  const back = `/tournament/${slug}?tab=${onFloor ? "floor" : "bracket"}`;
  const toast = async (t: Toast, to = back) => redirectWithCookies(to, [await flashToast(env, t)]);
  // Without JavaScript the page comes back at the match acted on, not at its top.
  const atMatch = (matchId: string) => (onFloor ? back : `${back}#${encodeURIComponent(matchAnchor(matchId))}`);
  if (slug.length > 120) return toast({ type: "error", title: "Tournament not found" }, "/td/tournaments");

  const form = Object.fromEntries(await request.formData());
  // In the form a winner may still be ticked when "Double forfeit" is chosen: nobody won.
  if (form.outcome === "double_forfeit") delete form.winnerId;
  const parsed = DirectorActionSchema.safeParse(form);
  if (!parsed.success && isResultIntent(form.intent)) {
    return refusedResult(form, issuesToErrors(parsed.error.issues).message, 400);
  }
  if (!parsed.success) {
    return toast({
      type: "error",
      title: "Could not do that",
      description: issuesToErrors(parsed.error.issues).message,
    });
  }
  const action = parsed.data;
  const tournament = { slug };
  try {
    // Each service reads what it needs with the session's check (one round
    // trip), then writes in one batch that asserts the session.
    const organiserId = claim.id;
    // What follows each change once it is written (pages and tablets told, free tables filled): after-change.
    const app = context.get(appContext);
    const after = (change: Change) => afterChange(claim, app, change);
    switch (action.intent) {
      case "start": {
        const started = await startTournament(claim, { organiserId, tournament, dropAbsent: action.dropAbsent });
        await tellDropped(getMailer(app.env, app.database), started, app.env.APP_URL);
        await after({ organiserId, tournamentId: started.tournamentId, what: "start", floors: started.floors });
        const atBar = started.droppedAtBar > 0 ? ` Hand back the cash of ${started.droppedAtBar} paid at the bar.` : "";
        const dropped =
          started.dropped > 0 ? ` ${started.dropped} not checked in dropped, entry fees refunded.${atBar}` : "";
        const entries = started.teamEvent ? "teams" : "players";
        return toast(
          {
            type: "success",
            title: "Tournament started",
            description: `The draw is made: ${started.players} ${entries}, ${started.matches} matches.${dropped}`,
            // The director's first screen during play: the floor.
          },
          `/tournament/${slug}`,
        );
      }
      case "record-result": {
        const saved = await saveResult(claim, {
          organiserId,
          matchId: action.matchId,
          input: action,
          mode: "record",
          noShow: action.noShow,
        });
        if (saved.outcome !== "unconfirmed") await after(saved.change);
        return toast({ type: "success", title: "Result recorded" }, atMatch(action.matchId));
      }
      case "correct-result": {
        // A correction that would swap a player already at a table asks first.
        const saved = await saveResult(claim, {
          organiserId,
          matchId: action.matchId,
          input: action,
          mode: "correct",
          confirmedMoves: action.confirmMoves ?? "",
        });
        if (saved.outcome === "unconfirmed") {
          return resultReply(form, 200, { message: null, confirm: { moves: saved.moves, key: saved.key } });
        }
        await after(saved.change);
        return toast({ type: "success", title: "Result corrected" }, atMatch(action.matchId));
      }
      case "approve-result": {
        const saved = await approveTableResult(claim, { organiserId, matchId: action.matchId });
        if (saved.outcome !== "unconfirmed") await after(saved.change);
        return toast({ type: "success", title: "Result approved" }, atMatch(action.matchId));
      }
      case "assign-table": {
        const assigned = await assignTable(claim, { organiserId, matchId: action.matchId, tableId: action.tableId });
        await after(assigned.change);
        return toast(
          { type: "success", title: action.tableId ? "Table assigned" : "Table unassigned" },
          atMatch(action.matchId),
        );
      }
      case "settings": {
        // The floor's and table scoring's in one write (refused once the tournament is finished).
        const saved = await saveFloorSettings(claim, { organiserId, tournament, settings: action });
        await after({ organiserId, tournamentId: null, what: "table", floors: saved.floors });
        return toast(
          {
            type: "success",
            title: "Settings saved",
            description: saved.autoAssign ? "Tables are assigned automatically." : "You assign the tables.",
          },
          // Before the start the page opens on its details, where the bracket is not drawn yet.
          saved.status === "open" ? `/tournament/${slug}` : back,
        );
      }
      case "pin-table": {
        const pinned = await pinMatch(claim, { organiserId, matchId: action.matchId, tableId: action.tableId });
        await after({ organiserId, tournamentId: pinned.tournamentId, what: "table", floors: pinned.floors });
        return toast({ type: "success", title: action.tableId ? "Match pinned" : "Match unpinned" }, back);
      }
      case "table-rotation": {
        const rotated = await setRotation(claim, {
          organiserId,
          tableId: action.tableId,
          inRotation: action.inRotation,
        });
        await after({ organiserId, tournamentId: null, what: "table", floors: rotated.floors });
        return toast(
          { type: "success", title: action.inRotation ? "Table back in rotation" : "Table out of rotation" },
          back,
        );
      }
      case "check-in-entry": {
        const checked = await checkInEntry(claim, {
          organiserId,
          tournament,
          entry: action.registrationId,
          checkedIn: action.checkedIn,
        });
        await after({ organiserId, tournamentId: checked.tournamentId, what: "entries" });
        return toast(
          { type: "success", title: checked.checkedIn ? "Checked in" : "No longer checked in" },
          `/tournament/${slug}#check-in-title`,
        );
      }
      case "withdraw-entry": {
        const withdrawn = await withdrawEntry(claim, {
          organiserId,
          tournament,
          registrationId: action.registrationId,
        });
        if (withdrawn.change) await after(withdrawn.change);
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
      case "seeds":
        await setSeeds(claim, { organiserId, tournament, order: orderFromSeedForm(form) });
        return toast(
          { type: "success", title: "Seeding saved", description: "The draw will follow your order." },
          `/tournament/${slug}`,
        );
      case "finalize": {
        const finalized = await finalizeTournament(claim, { organiserId, tournament });
        await after({ organiserId, tournamentId: finalized.tournamentId, what: "finalize" });
        const inCash = finalized.settlement.paidInCash.map((c) => `${c.name} ${formatGBP(c.amountPence)}`);
        const handOver = inCash.length > 0 ? ` Hand over in cash: ${inCash.join(", ")}.` : "";
        return toast(
          {
            type: "success",
            title: "Payouts confirmed",
            description: `Winnings are in the players' balances.${handOver}`,
          },
          `/tournament/${slug}`,
        );
      }
    }
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === TOURNAMENT_NOT_FOUND)
      return toast({ type: "error", title: "Tournament not found" }, "/td/tournaments");
    // A finalize the director's balance can't cover: back to its dialog, which offers the top-up.
    if (error.code === TOP_UP_NEEDED) {
      return toast(
        { type: "error", title: failures[action.intent], description: error.message },
        `${back}&confirm=finalize`,
      );
    }
    // A result the rules refuse (scores, race): keep the dialog and what was typed.
    if (isResultIntent(action.intent) && error.status === 400) return refusedResult(form, error.message, 400);
    return toast(
      { type: "error", title: failures[action.intent], description: error.message },
      "matchId" in action && typeof action.matchId === "string" ? atMatch(action.matchId) : back,
    );
  }
}
