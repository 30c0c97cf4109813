// The director's actions on the tournament page (hidden `intent`, STYLE §3):
// the same services as the JSON API, answered with a redirect and a toast.
import { data, type RouterContextProvider } from "react-router";
import { appContext, type AppContext } from "~/context.server.ts";
import { isDomainError, TOURNAMENT_NOT_FOUND } from "~/domain/errors.ts";
import type { PlayerMove } from "~/features/play/domain/corrections.ts";
import { matchAnchor } from "~/domain/anchors.ts";
import { DirectorActionSchema, orderFromSeedForm, type DirectorAction } from "~/features/play/domain/play.ts";
import { redirectWithCookies } from "~/web/forms.server.ts";
import { signedIn } from "~/web/access.server.ts";
import { issuesToErrors } from "~/web/http.server.ts";
import { flashToast, type Toast } from "~/web/session.server.ts";
import { TOP_UP_NEEDED } from "~/features/money/domain/settlement.ts";
import { formatGBP } from "~/domain/pence.ts";
import { checkInForEntry } from "~/features/entries/server/use-cases.server.ts";
import { pinMatchToTable, rotateTable } from "~/features/floor/server/use-cases.server.ts";
import {
  approveResult,
  assignMatchTable,
  finalize,
  recordResult,
  saveSeeds,
  saveSettings,
  start,
  withdrawFromPlay,
} from "~/features/play/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";

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
  // Each service reads what it needs with the session's check (one round trip), then writes in one batch that
  // asserts the session. Each write is a use case: `perform` runs what follows it (pages and tablets told, free
  // tables filled, e-mails).
  const scope: Scope = {
    app: context.get(appContext),
    claim,
    organiserId: claim.id,
    tournament: { slug },
    slug,
    back,
    form,
    toast,
    atMatch,
  };
  try {
    return isMatchAction(action) ? await matchIntent(scope, action) : await tournamentIntent(scope, action);
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

/** What every intent's answer needs: who acts, on which tournament, and how to answer. */
type Scope = {
  app: AppContext;
  claim: Awaited<ReturnType<typeof signedIn>>;
  organiserId: string;
  tournament: { slug: string };
  slug: string;
  back: string;
  form: Record<string, FormDataEntryValue>;
  toast: (t: Toast, to?: string) => Promise<Response>;
  atMatch: (matchId: string) => string;
};

const MATCH_INTENTS = [
  "record-result",
  "correct-result",
  "approve-result",
  "assign-table",
  "pin-table",
  "table-rotation",
] as const;
type MatchAction = Extract<DirectorAction, { intent: (typeof MATCH_INTENTS)[number] }>;
type TournamentAction = Exclude<DirectorAction, MatchAction>;

const isMatchAction = (action: DirectorAction): action is MatchAction =>
  (MATCH_INTENTS as readonly string[]).includes(action.intent);

/** A match's result or its place on the floor. */
async function matchIntent(scope: Scope, action: MatchAction): Promise<Response | ReturnType<typeof resultReply>> {
  const { app, claim, organiserId, back, form, toast, atMatch } = scope;
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
        return resultReply(form, 200, { message: null, confirm: { moves: saved.moves, key: saved.key } });
      }
      return toast({ type: "success", title: "Result corrected" }, atMatch(action.matchId));
    }
    case "approve-result": {
      await perform(app, claim, approveResult, { organiserId, matchId: action.matchId });
      return toast({ type: "success", title: "Result approved" }, atMatch(action.matchId));
    }
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

/** The tournament as a whole: its start, settings, entries, seeding and finalize. */
async function tournamentIntent(scope: Scope, action: TournamentAction): Promise<Response> {
  const { app, claim, organiserId, tournament, slug, back, form, toast } = scope;
  switch (action.intent) {
    case "start": {
      const started = await perform(app, claim, start, { organiserId, tournament, dropAbsent: action.dropAbsent });
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
    case "settings": {
      // The floor's and table scoring's in one write (refused once the tournament is finished).
      const saved = await perform(app, claim, saveSettings, { organiserId, tournament, settings: action });
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
    case "check-in-entry": {
      const checked = await perform(app, claim, checkInForEntry, {
        organiserId,
        tournament,
        entry: action.registrationId,
        checkedIn: action.checkedIn,
      });
      return toast(
        { type: "success", title: checked.checkedIn ? "Checked in" : "No longer checked in" },
        `/tournament/${slug}#check-in-title`,
      );
    }
    case "withdraw-entry": {
      const withdrawn = await perform(app, claim, withdrawFromPlay, {
        organiserId,
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
    case "seeds":
      await perform(app, claim, saveSeeds, { organiserId, tournament, order: orderFromSeedForm(form) });
      return toast(
        { type: "success", title: "Seeding saved", description: "The draw will follow your order." },
        `/tournament/${slug}`,
      );
    case "finalize": {
      const finalized = await perform(app, claim, finalize, { organiserId, tournament });
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
}
