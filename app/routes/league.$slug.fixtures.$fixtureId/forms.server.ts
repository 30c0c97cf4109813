// What the match card's form routes share (decision 037): the signed-in caller, the card read in one round trip (a
// fixture of another league is none), and the two answers — back to the card with a toast, or, for a refused form,
// with the reply the page draws beside it.
import type { RouterContextProvider } from "react-router";
import { appContext, type AppContext } from "~/context.server.ts";
import { leagueFixturePath } from "~/domain/anchors.ts";
import { type CardRead, cardQuery } from "~/features/leagues/server/card-read.server.ts";
import { signedIn, type Caller } from "~/web/access.server.ts";
import { redirectWithCookies } from "~/web/forms.server.ts";
import { flashToast, type Toast } from "~/web/session.server.ts";
import { type CardReply, fittingCardReply } from "./card-reply.ts";

type Args = {
  request: Request;
  params: { slug: string; fixtureId: string };
  context: Readonly<RouterContextProvider>;
};

export type CardForm = {
  app: AppContext;
  claim: Caller;
  /** The card as read, or null for no fixture (or another league's): the use cases answer that with a 404. */
  read: CardRead | null;
  form: FormData;
  /** Back to the card (at `at`) with a toast. */
  done: (toast: Toast, at: string) => Promise<Response>;
  /** Back to the card (at `at`) with the reply it draws beside the refused form, and an error toast. */
  refuse: (reply: CardReply, title: string, at: string) => Promise<Response>;
};

/** A form of the card's page: the caller (else to sign in), the form and the card, in one round trip. */
export async function cardForm({ request, params, context }: Args): Promise<CardForm> {
  const claim = await signedIn(request, context);
  const app = context.get(appContext);
  const form = await request.formData();
  const { read } = await claim.read({ read: cardQuery(params.fixtureId) });
  const page = (at: string) => `${leagueFixturePath(params.slug.slice(0, 160), params.fixtureId.slice(0, 64))}${at}`;
  return {
    app,
    claim,
    read: read && read.league.slug === params.slug ? read : null,
    form,
    done: async (toast, at) => redirectWithCookies(page(at), [await flashToast(app.env, toast)]),
    refuse: async (reply, title, at) =>
      redirectWithCookies(page(at), [
        await flashToast(
          app.env,
          { type: "error", title, description: reply.message },
          { card: fittingCardReply(reply) },
        ),
      ]),
  };
}
