// A league team's calendar feed: its fixtures with a date, as iCalendar events a calendar app subscribes to, in the
// same file format as a tournament's (decision 030).
import { mapRead, reads } from "~/db/batch.server.ts";
import { instantToLocalInput, localDateTimeToInstant, UK_TIME_ZONE } from "~/domain/dates.ts";
import { leagueTeamQuery } from "~/features/leagues/server/league-pages.server.ts";
import { type SeasonFixture, teamFixturesQuery } from "~/features/leagues/server/season-read.server.ts";
import { type CalendarEvent, calendarFile } from "~/features/tournaments/server/calendar.server.ts";

/** Cached as a series' feed is: calendar apps poll, and a fixture moved shows within minutes. Public: the page is. */
export const LEAGUE_FEED_CACHE_CONTROL = "public, max-age=600";
/** What the feed asks a subscribed calendar to poll at: hourly. */
const FEED_REFRESH_SECONDS = 3600;

/**
 * A season has a league night but no start time. A pub league's matches start at 8pm almost everywhere (the frames
 * of a team match take the rest of the evening), so a fixture is put in the calendar from 20:00 to 23:00 at the
 * venue: a timed event reminds the player that evening, where an all-day one would sit at the top of the day unseen.
 */
const LEAGUE_NIGHT_START = "20:00";
const LEAGUE_NIGHT_HOURS = 3;

/** The team (of the league) and its fixtures; null for none. */
export const teamFeedQuery = (leagueSlug: string, teamId: string) =>
  mapRead(
    reads({ team: leagueTeamQuery(leagueSlug, teamId), fixtures: teamFixturesQuery(teamId) }),
    ({ team, fixtures }) => (team ? { team, fixtures } : null),
  );
type TeamFeed = NonNullable<ReturnType<ReturnType<typeof teamFeedQuery>["result"]>>;

const base = (appUrl: string) => appUrl.replace(/\/+$/, "");

/** A team's page on the site. */
const teamPageUrl = (appUrl: string, leagueSlug: string, teamId: string) =>
  `${base(appUrl)}/league/${leagueSlug}/teams/${teamId}`;

/** A dated fixture as an event: "Crown A v Anchor — Valley League", at the home venue, on the league night. */
function fixtureEvent(f: SeasonFixture, feed: TeamFeed, url: string): CalendarEvent | null {
  if (f.date === null) return null;
  const startsAt = localDateTimeToInstant(`${f.date}T${LEAGUE_NIGHT_START}`, UK_TIME_ZONE);
  if (startsAt === null) return null;
  const played = f.homeScore !== null && f.awayScore !== null ? ` (${f.homeScore}–${f.awayScore})` : "";
  return {
    uid: `league-fixture-${f.id}@breakandrun`,
    start: `${f.date}T${LEAGUE_NIGHT_START}`,
    end: instantToLocalInput(startsAt + LEAGUE_NIGHT_HOURS * 3_600_000, UK_TIME_ZONE),
    summary: `${f.home} v ${f.away}${played} — ${feed.team.league.name}`,
    location: f.venue,
    description: [`Week ${f.week} · ${feed.team.division} · ${feed.team.season.name}`, url].join("\n"),
    url,
  };
}

/** The feed's iCalendar text: one event per fixture with a date (a postponed one has none until it is set again). */
export function teamFeed(feed: TeamFeed, appUrl: string): string {
  const url = teamPageUrl(appUrl, feed.team.league.slug, feed.team.id);
  const events = feed.fixtures.flatMap((f) => fixtureEvent(f, feed, url) ?? []);
  return calendarFile(events, {
    name: `${feed.team.name} — ${feed.team.league.name}`,
    refreshSeconds: FEED_REFRESH_SECONDS,
  });
}
