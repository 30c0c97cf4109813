// The venue's check-in QR code (decisions 013–015): an SVG the director prints or shows, made on the server (no client
// JavaScript). It leads to the tournament page's check-in ("I'm here").
import { renderSVG } from "uqr";
import { appContext } from "~/context.server.ts";
import { systemSender } from "~/db/batch.server.ts";
import { first } from "~/db/batch.server.ts";
import { tournamentRow } from "~/features/tournaments/server/tournament-ref.server.ts";
import type { Route } from "./+types/route";

/** Where the code leads: the tournament page, opened at its check-in. */
export const checkInPath = (slug: string) => `/tournament/${slug}?checkin=1`;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { env, database } = context.get(appContext);
  if (params.slug.length > 120) return new Response("Tournament not found", { status: 404 });
  const t = await systemSender(database).send(first(tournamentRow({ slug: params.slug })));
  if (!t) return new Response("Tournament not found", { status: 404 });
  const svg = renderSVG(`${env.APP_URL}${checkInPath(t.slug)}`, { border: 2, pixelSize: 8 });
  return new Response(svg, {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
