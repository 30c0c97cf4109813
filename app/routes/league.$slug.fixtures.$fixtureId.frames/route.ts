// The match card's frame buttons (decision 037): either captain, or the league's secretary, records who won a frame —
// the same use case as `POST /api/fixtures/{id}/frames/{number}`. Back to the frame with a toast, or with the refusal
// beside it.
import { data } from "react-router";
import { isDomainError } from "~/domain/errors.ts";
import { LEAGUE_MESSAGES } from "~/features/leagues/domain/leagues.ts";
import { recordFrame } from "~/features/leagues/server/use-cases.server.ts";
import { formText } from "~/web/forms.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { cardForm } from "../league.$slug.fixtures.$fixtureId/forms.server.ts";
import type { Route } from "./+types/route";

export async function action(args: Route.ActionArgs) {
  const { app, claim, read, form, done, refuse } = await cardForm(args);
  if (!read) throw data(LEAGUE_MESSAGES.fixtureNotFound, { status: 404 });
  const text = formText(form, "number", 8);
  // A number that is no whole number is no frame of the card: the use case says so.
  const number = /^\d{1,4}$/.test(text) ? Number(text) : 0;
  const winner = formText(form, "winner") === "away" ? "away" : "home";
  const at = `#frame-${number}`;
  try {
    const { homeScore, awayScore } = await perform(app, claim, recordFrame, { by: claim, read, number, winner });
    const team = winner === "home" ? read.fixture.home : read.fixture.away;
    return done({ type: "success", title: `Frame ${number} to ${team}`, description: `${homeScore}–${awayScore}` }, at);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return refuse({ form: "frame", side: "", frame: number, message: error.message, values: {} }, "Not recorded", at);
  }
}
