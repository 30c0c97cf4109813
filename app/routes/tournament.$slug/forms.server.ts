// What the tournament page's form routes share (decision 037): who posts, where the answer goes back to (the floor's
// forms to the floor, the rest to the page), and the two answers — a redirect with a toast, or, for a form the
// rules refused, a redirect with the reply the page shows beside the form.
import type { RouterContextProvider } from "react-router";
import { appContext, type AppContext } from "~/context.server.ts";
import { matchAnchor } from "~/domain/anchors.ts";
import type { UserType } from "~/domain/accounts.ts";
import { DirectorActionSchema, type DirectorAction } from "~/features/play/domain/play.ts";
import {
  fittingReply,
  isIntentOf,
  type PageActionFamily,
  type PageIntent,
  type PageReply,
} from "~/features/tournaments/domain/page-actions.ts";
import { signedIn, type Caller } from "~/web/access.server.ts";
import { redirectWithCookies } from "~/web/forms.server.ts";
import { issuesToErrors } from "~/web/http.server.ts";
import { flashToast, type Toast } from "~/web/session.server.ts";

type Args = { request: Request; params: { slug: string }; context: Readonly<RouterContextProvider> };

export type PageForm = {
  app: AppContext;
  claim: Caller;
  slug: string;
  tournament: { slug: string };
  /** The page the answer goes back to: the floor tab when the form was on it. */
  back: string;
  form: Record<string, FormDataEntryValue>;
  toast: (t: Toast, to?: string) => Promise<Response>;
  /** Back to `to` on the page, with the reply it shows beside the refused form. */
  reply: (reply: PageReply, to: string) => Promise<Response>;
  /** Without JavaScript the page comes back at the match acted on, not at its top. */
  atMatch: (matchId: string) => string;
};

/** The signed-in caller's form for the tournament page, or a 401/403 (the page's other forms answer the same). */
export async function pageForm({ request, params, context }: Args, role: UserType): Promise<PageForm> {
  const claim = await signedIn(request, context, role);
  const app = context.get(appContext);
  const slug = params.slug.slice(0, 120);
  const onFloor = new URL(request.url).searchParams.get("tab") === "floor";
  const page = `/tournament/${slug}`;
  const back = role === "organiser" ? `${page}?tab=${onFloor ? "floor" : "bracket"}` : page;
  const toast = async (t: Toast, to = back) => redirectWithCookies(to, [await flashToast(app.env, t)]);
  return {
    app,
    claim,
    slug,
    tournament: { slug },
    back,
    form: Object.fromEntries(await request.formData()),
    toast,
    reply: async (reply, to) => redirectWithCookies(to, [await flashToast(app.env, null, fittingReply(reply))]),
    atMatch: (matchId) => (onFloor ? back : `${back}#${encodeURIComponent(matchAnchor(matchId))}`),
  };
}

/** A director's action of one family, as its form parses. */
export type FamilyAction<F extends PageActionFamily> = Extract<DirectorAction, { intent: PageIntent<F> }>;

/** A director's form of one family, parsed: the action, or the message of what is wrong with it. */
export function directorAction<F extends PageActionFamily>(
  form: Record<string, FormDataEntryValue>,
  family: F,
): { action: FamilyAction<F> } | { refused: string } {
  // In the result form a winner may still be ticked when "Double forfeit" is chosen: nobody won.
  const fields: Record<string, unknown> = form.outcome === "double_forfeit" ? { ...form, winnerId: undefined } : form;
  if (!isIntentOf(family, fields.intent)) return { refused: "Could not do that" };
  const parsed = DirectorActionSchema.safeParse(fields);
  if (!parsed.success) return { refused: issuesToErrors(parsed.error.issues).message };
  return { action: parsed.data as FamilyAction<F> };
}
