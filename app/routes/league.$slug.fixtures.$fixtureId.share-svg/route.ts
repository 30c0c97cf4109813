// A played fixture's share card (DESIGN §11): the result as an SVG image for a team's group chat, drawn on the server
// from the card's read (one round trip). Public like the card; a fixture not yet played or awarded, or of another
// league, has none (404). Its text is escaped, and the image may run nothing (its own Content-Security-Policy).
import { appContext } from "~/context.server.ts";
import { leagueFixturePath } from "~/domain/anchors.ts";
import { formatDate } from "~/domain/dates.ts";
import { shareCardSvg } from "~/features/leagues/domain/share-card.ts";
import { COUNTED_STATUSES } from "~/features/leagues/domain/standings.ts";
import { cardQuery } from "~/features/leagues/server/card-read.server.ts";
import { visitor } from "~/web/access.server.ts";
import type { Route } from "./+types/route";

const notFound = () =>
  new Response("Result not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.slug.length > 160 || params.fixtureId.length > 64) return notFound();
  const { env } = context.get(appContext);
  const read = await (await visitor(context)).send(cardQuery(params.fixtureId));
  if (!read || read.league.slug !== params.slug) return notFound();
  const { fixture } = read;
  const counted = (COUNTED_STATUSES as readonly string[]).includes(fixture.status);
  if (!counted || fixture.homeScore === null || fixture.awayScore === null) return notFound();
  const svg = shareCardSvg({
    home: fixture.home,
    away: fixture.away,
    homeScore: fixture.homeScore,
    awayScore: fixture.awayScore,
    status: fixture.status,
    league: read.league.name,
    detail: [read.season, read.division, fixture.date ? formatDate(fixture.date) : null].filter(Boolean).join(" · "),
    link: `${env.APP_URL}${leagueFixturePath(read.league.slug, fixture.id)}`,
  });
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      // A result can still change (the secretary resolves or awards it): kept a few minutes at most.
      "Cache-Control": "public, max-age=300",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
