// The match card's forms about the card as a whole (decision 037), by `intent`: a captain confirms the result or
// disputes it; the league's secretary resolves a disputed card, awards the fixture or voids it — the same use cases
// as `POST /api/fixtures/{id}/confirm`, `…/dispute`, `…/resolve`, `…/award` and `…/void`. Back to the card with a
// toast, or with the refusal beside its form.
import { data } from "react-router";
import { isDomainError } from "~/domain/errors.ts";
import { LEAGUE_MESSAGES } from "~/features/leagues/domain/leagues.ts";
import {
  AwardSchema,
  DisputeSchema,
  VoidSchema,
  frameSlots,
  ResolveSchema,
  type Side,
} from "~/features/leagues/domain/match-card.ts";
import { formatOf } from "~/features/leagues/server/card-read.server.ts";
import {
  awardFixture,
  confirmCard,
  disputeFixture,
  resolveFixture,
  voidFixture,
} from "~/features/leagues/server/use-cases.server.ts";
import { formText } from "~/web/forms.server.ts";
import { perform } from "~/web/use-case.server.ts";
import type { CardFormName } from "../league.$slug.fixtures.$fixtureId/card-reply.ts";
import { type CardForm, cardForm } from "../league.$slug.fixtures.$fixtureId/forms.server.ts";
import type { Route } from "./+types/route";

const sideOf = (text: string): Side | null => (text === "home" || text === "away" ? text : null);

export async function action(args: Route.ActionArgs) {
  const card = await cardForm(args);
  const { app, claim, read, form } = card;
  if (!read) throw data(LEAGUE_MESSAGES.fixtureNotFound, { status: 404 });
  const intent = formText(form, "intent");
  const by = claim;
  const attempt = async (name: CardFormName, values: Record<string, string>, run: () => Promise<string>) => {
    try {
      return card.done({ type: "success", title: await run() }, "#result");
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return refused(card, name, error.message, values);
    }
  };

  if (intent === "confirm") {
    return attempt("confirm", {}, async () => {
      const { status } = await perform(app, claim, confirmCard, { by, read });
      return status === "played" ? "Result confirmed: the fixture is played" : "Result confirmed";
    });
  }
  if (intent === "dispute") {
    const values = { reason: formText(form, "reason", 600) };
    const parsed = DisputeSchema.safeParse(values);
    if (!parsed.success) return refused(card, "dispute", parsed.error.issues[0]?.message ?? "", values);
    return attempt("dispute", values, async () => {
      await perform(app, claim, disputeFixture, { by, read, reason: parsed.data.reason });
      return "Result disputed: the league's secretary has been told";
    });
  }
  if (intent === "award") {
    const values = { to: formText(form, "to"), note: formText(form, "note", 600) };
    if (formText(form, "sure") !== "yes") {
      return refused(card, "award", "Tick the box to say you mean to award it", values);
    }
    const parsed = AwardSchema.safeParse(values);
    if (!parsed.success) return refused(card, "award", parsed.error.issues[0]?.message ?? "", values);
    return attempt("award", values, async () => {
      await perform(app, claim, awardFixture, { by, read, ...parsed.data });
      return `Awarded to ${parsed.data.to === "home" ? read.fixture.home : read.fixture.away}`;
    });
  }
  if (intent === "void") {
    const values = { note: formText(form, "note", 600) };
    if (formText(form, "sure") !== "yes") {
      return refused(card, "void", "Tick the box to say you mean to void it", values);
    }
    const parsed = VoidSchema.safeParse(values);
    if (!parsed.success) return refused(card, "void", parsed.error.issues[0]?.message ?? "", values);
    return attempt("void", values, async () => {
      await perform(app, claim, voidFixture, { by, read, note: parsed.data.note });
      return "Fixture voided: it counts for nothing";
    });
  }
  if (intent === "resolve") {
    const values: Record<string, string> = { note: formText(form, "note", 600) };
    const frames: { number: number; winner: Side }[] = [];
    for (const slot of frameSlots(formatOf(read))) {
      const winner = sideOf(formText(form, `winner-${slot.number}`));
      if (winner) {
        values[`winner-${slot.number}`] = winner;
        frames.push({ number: slot.number, winner });
      }
    }
    const parsed = ResolveSchema.safeParse({ frames, note: values.note });
    if (!parsed.success) return refused(card, "resolve", parsed.error.issues[0]?.message ?? "", values);
    return attempt("resolve", values, async () => {
      await perform(app, claim, resolveFixture, { by, read, frames: parsed.data.frames, note: parsed.data.note });
      return "Dispute resolved: the fixture is played";
    });
  }
  throw data("Unknown form", { status: 400 });
}

const refused = (card: CardForm, form: CardFormName, message: string, values: Record<string, string>) =>
  card.refuse({ form, side: "", frame: null, message, values }, "Not done", "#result");
