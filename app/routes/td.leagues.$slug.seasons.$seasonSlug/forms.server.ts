// What the season page's form routes share (decision 037): the secretary posting, the season the form names, and the
// two answers — back to the page with a toast, or, for a refused form, with the reply the page draws beside it.
import type { RouterContextProvider } from "react-router";
import { appContext, type AppContext } from "~/context.server.ts";
import { signedIn, type Caller } from "~/web/access.server.ts";
import { formText, formValues, redirectWithCookies } from "~/web/forms.server.ts";
import { flashToast, type Toast } from "~/web/session.server.ts";
import { fittingSeasonReply, type SeasonReply } from "./reply.ts";

type Args = {
  request: Request;
  params: { slug: string; seasonSlug: string };
  context: Readonly<RouterContextProvider>;
};

export type SeasonForm = {
  app: AppContext;
  claim: Caller;
  /** The season's id, as the page's forms carry it (the use cases check it is the secretary's). */
  seasonId: string;
  form: FormData;
  values: Record<string, string>;
  /** The season's page, and `at` on it (`#fixtures`). */
  page: (at?: string) => string;
  /** Back to the page (at `at`) with a toast. */
  done: (toast: Toast, at?: string) => Promise<Response>;
  /** Back to the page (at `at`) with the reply it draws beside the refused form, and an error toast. */
  refuse: (reply: SeasonReply, title: string, at?: string) => Promise<Response>;
};

/** The secretary's form for the season page, or the page guard's redirect. */
export async function seasonForm({ request, params, context }: Args): Promise<SeasonForm> {
  const claim = await signedIn(request, context, "organiser");
  const app = context.get(appContext);
  const form = await request.formData();
  const base = `/td/leagues/${encodeURIComponent(params.slug)}/seasons/${encodeURIComponent(params.seasonSlug)}`;
  const page = (at = "") => `${base}${at}`;
  return {
    app,
    claim,
    seasonId: formText(form, "seasonId"),
    form,
    values: formValues(form, 200),
    page,
    done: async (toast, at) => redirectWithCookies(page(at), [await flashToast(app.env, toast)]),
    refuse: async (reply, title, at) =>
      redirectWithCookies(page(at), [
        await flashToast(app.env, { type: "error", title, description: reply.message }, fittingSeasonReply(reply)),
      ]),
  };
}
