// A player's actions on the tournament page (decisions 013–015): check in, leave (after
// the confirmation step), join the reserve list. Plain forms with a hidden
// `intent`, the same services as the JSON API, answered with a redirect and a toast.
import type { RouterContextProvider } from "react-router";
import { appContext } from "~/context.server.ts";
import { isDomainError } from "~/domain/errors.ts";
import { formatGBP } from "~/domain/pence.ts";
import { reservePositionText } from "~/features/entries/domain/check-in.ts";
import { signedIn } from "~/web/access.server.ts";
import { checkInAsPlayer, joinReserveList, leave } from "~/features/entries/server/use-cases.server.ts";
import { redirectWithCookies } from "~/web/forms.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { flashToast, type Toast } from "~/web/session.server.ts";

const playerIntents = ["check-in", "leave", "reserve"] as const;
type PlayerIntent = (typeof playerIntents)[number];

export const isPlayerIntent = (intent: unknown): intent is PlayerIntent =>
  playerIntents.includes(intent as PlayerIntent);

const failures: Record<PlayerIntent, string> = {
  "check-in": "Could not check you in",
  leave: "Could not take you out",
  reserve: "Could not add you to the reserve list",
};

export async function playerAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
  slug: string,
  intent: PlayerIntent,
): Promise<Response> {
  const claim = await signedIn(request, context, "player");
  const app = context.get(appContext);
  const back = `/tournament/${slug}`;
  const toast = async (t: Toast) => redirectWithCookies(back, [await flashToast(app.env, t)]);
  const tournament = { slug: slug.slice(0, 120) };
  const playerId = claim.id;
  try {
    switch (intent) {
      case "check-in": {
        await perform(app, claim, checkInAsPlayer, { playerId, tournament });
        return toast({ type: "success", title: "You're checked in", description: "The director can see you're here." });
      }
      case "leave": {
        const left = await perform(app, claim, leave, { playerId, tournament });
        return toast(
          left.left === "entry"
            ? {
                type: "success",
                title: "You've left the tournament",
                description:
                  left.refundPence > 0 ? `${formatGBP(left.refundPence)} is back in your balance.` : undefined,
              }
            : {
                type: "success",
                title: left.left === "hold" ? "Your held place is released" : "You're off the reserve list",
              },
        );
      }
      case "reserve": {
        const { position } = await perform(app, claim, joinReserveList, { playerId, tournament });
        return toast({
          type: "success",
          title: "You're on the reserve list",
          description: reservePositionText(position),
        });
      }
    }
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return toast({ type: "error", title: failures[intent], description: error.message });
  }
}
