// A league fixture's match card (DESIGN §11): who plays whom frame by frame, who won each, the score and where the card
// stands. Public; its captains and the league's secretary get its forms here, each posting to its own route nested in
// it (decision 037: `lineup`, `frames`, `card`), refusals coming back beside their form. Works without JavaScript.
import { data, useLoaderData } from "react-router";
import { leagueChannel, useLiveRevalidation } from "~/components/live.ts";
import { PageNotFound } from "~/components/not-found.tsx";
import { appContext } from "~/context.server.ts";
import { leagueFixturePath } from "~/domain/anchors.ts";
import { formatDate } from "~/domain/dates.ts";
import { singlesCount, SIDES, type Side } from "~/features/leagues/domain/match-card.ts";
import { cardFrames, cardQuery, formatOf } from "~/features/leagues/server/card-read.server.ts";
import { visitor } from "~/web/access.server.ts";
import { flashedReply } from "~/web/session.server.ts";
import { CardActions } from "./card-actions.tsx";
import { CardHeader } from "./card-header.tsx";
import { cardReplyOf } from "./card-reply.ts";
import { FrameList } from "./frame-list.tsx";
import { LineupForm } from "./lineup-form.tsx";
import { ShareResult } from "./share-result.tsx";
import { shownPage, useFrameOutbox } from "./use-frame-outbox.ts";
import type { Route } from "./+types/route";

const OPEN = ["scheduled", "postponed", "in_progress"];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (params.slug.length > 160 || params.fixtureId.length > 64) throw data("Fixture not found", { status: 404 });
  const { env } = context.get(appContext);
  const { user, read } = await (await visitor(context)).read({ read: cardQuery(params.fixtureId) });
  if (!read || read.league.slug !== params.slug) throw data("Fixture not found", { status: 404 });
  const { fixture, card, access } = read;
  // Who may write, as the use cases decide it: the league's secretary, or a captain of one of the two teams.
  const secretary = user?.userType === "organiser" && user.id === access.organiserId;
  const captainOf: Side | null =
    user?.userType !== "player"
      ? null
      : user.id === access.homeCaptainId
        ? "home"
        : user.id === access.awayCaptainId
          ? "away"
          : null;
  const open = OPEN.includes(fixture.status) || (secretary && fixture.status === "disputed");
  const lineups = open ? SIDES.filter((side) => secretary || captainOf === side) : [];
  const frames = cardFrames(read);
  const format = formatOf(read);
  return {
    fixture,
    card,
    league: read.league,
    division: read.division,
    season: read.season,
    /** The card's address in full: for sharing, and its link preview's. */
    link: new URL(leagueFixturePath(read.league.slug, fixture.id), env.APP_URL).href,
    viewer: { secretary, captainOf, mayRecord: open && (secretary || captainOf !== null) },
    // Each side the viewer names players for: its roster, and each player's singles frames already named.
    lineups: lineups.map((side) => ({
      side,
      team: side === "home" ? fixture.home : fixture.away,
      roster: read.rosters[side],
      singles: Object.fromEntries(singlesCount(format, frames, side)),
    })),
    reply: secretary || captainOf ? cardReplyOf(await flashedReply(request, env)) : null,
  };
}

export type CardPage = ReturnType<typeof useLoaderData<typeof loader>>;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Fixture not found — Break & Run" }];
  const { fixture: f, league, division, season } = loaderData;
  const teams = `${f.home} v ${f.away}`;
  const scored = f.homeScore !== null && f.awayScore !== null;
  // What a chat's link preview shows (Open Graph): the result once there is one. No og:image: the share card is an
  // SVG, which link previews (WhatsApp's among them) do not show.
  return [
    { title: `${teams} — ${league.name} — Break & Run` },
    { property: "og:type", content: "website" },
    { property: "og:url", content: loaderData.link },
    { property: "og:title", content: scored ? `${f.home} ${f.homeScore}–${f.awayScore} ${f.away}` : teams },
    {
      property: "og:description",
      content: [league.name, season, division, f.date ? formatDate(f.date) : null].filter(Boolean).join(" · "),
    },
  ];
};

export default function MatchCardPage() {
  const page = useLoaderData<typeof loader>();
  // Each frame as it is recorded, a lineup, a confirmation, a dispute or its resolution (push): the card read again.
  useLiveRevalidation([leagueChannel("fixtures", page.fixture.id)], false);
  // The frames tapped here and not yet read back from the server, over what was read (the result's forms keep the
  // server's card: a captain confirms what the server has).
  const outbox = useFrameOutbox(page.fixture.id);
  const shown = shownPage(page, outbox.state);
  const started = page.card.frames.some((f) => f.winner !== null);
  const lineups = page.lineups.map((lineup) => <LineupForm key={lineup.side} page={page} lineup={lineup} />);
  return (
    <main id="main" className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:py-8">
      <CardHeader page={shown} />
      {/* Before the first result the lineups come first: that is what the captains do then. */}
      {started ? null : lineups}
      <FrameList page={shown} outbox={outbox} />
      <CardActions page={page} />
      <ShareResult page={page} />
      {started ? lineups : null}
    </main>
  );
}

export function ErrorBoundary() {
  return <PageNotFound what="Fixture" />;
}
