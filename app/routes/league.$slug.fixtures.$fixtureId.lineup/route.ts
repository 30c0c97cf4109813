// The match card's lineup form (decision 037): a side's captain, or the league's secretary, names that side's players
// frame by frame — the same use case as `PUT /api/fixtures/{id}/lineup`. The form carries a field per player of each
// frame still without a result (`frame-3-0`, and `frame-9-1` in doubles); an empty one takes the frame's players off.
// Back to the card with a toast, or with the refusal beside the frame it names.
import { data } from "react-router";
import { isDomainError } from "~/domain/errors.ts";
import { LEAGUE_MESSAGES } from "~/features/leagues/domain/leagues.ts";
import { frameSlots, type LineupEntry } from "~/features/leagues/domain/match-card.ts";
import { formatOf } from "~/features/leagues/server/card-read.server.ts";
import { setLineup } from "~/features/leagues/server/use-cases.server.ts";
import { formText } from "~/web/forms.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { frameOfField, lineupField } from "../league.$slug.fixtures.$fixtureId/card-reply.ts";
import { cardForm } from "../league.$slug.fixtures.$fixtureId/forms.server.ts";
import type { Route } from "./+types/route";

export async function action(args: Route.ActionArgs) {
  const { app, claim, read, form, done, refuse } = await cardForm(args);
  if (!read) throw data(LEAGUE_MESSAGES.fixtureNotFound, { status: 404 });
  const side = formText(form, "side") === "away" ? "away" : "home";
  const values: Record<string, string> = {};
  const frames: LineupEntry[] = [];
  for (const slot of frameSlots(formatOf(read))) {
    if (!form.has(lineupField(slot.number, 0))) continue;
    const playerIds: string[] = [];
    for (let i = 0; i < slot.players; i++) {
      const id = formText(form, lineupField(slot.number, i));
      values[lineupField(slot.number, i)] = id;
      if (id) playerIds.push(id);
    }
    frames.push({ number: slot.number, playerIds });
  }
  const team = side === "home" ? read.fixture.home : read.fixture.away;
  try {
    await perform(app, claim, setLineup, { by: claim, read, side, frames });
    return done({ type: "success", title: `${team}'s lineup saved` }, `#lineup-${side}`);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return refuse(
      { form: "lineup", side, frame: frameOfField(error.field), message: error.message, values },
      "Lineup not saved",
      `#lineup-${side}`,
    );
  }
}
