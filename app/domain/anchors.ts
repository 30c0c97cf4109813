// Where a link or a redirect lands on a page (kept out of play.ts, whose
// schemas the pages showing a bracket have no use for: decision 009).

/** The id of a match's card on the bracket, so a link or a redirect can land on it (`#match-…`). */
export const matchAnchor = (matchId: string) => `match-${matchId}`;

/** A player's profile (decision 027), where their name links from brackets, standings and dashboards. */
export const profilePath = (playerId: string) => `/players/${playerId}`;

/** A tournament's "Add to calendar" file (decision 030). */
export const calendarPath = (slug: string) => `/tournament/${slug}/calendar.ics`;

/** A series' public page and its calendar feed (decision 030). */
export const seriesPath = (slug: string) => `/series/${slug}`;
export const seriesCalendarPath = (slug: string) => `/series/${slug}/calendar.ics`;

/** A league's public page (a season of it by `?season=`), a team's page and the team's calendar feed. */
export const leaguePath = (slug: string, seasonSlug?: string) =>
  `/league/${slug}${seasonSlug ? `?${new URLSearchParams({ season: seasonSlug })}` : ""}`;
/** A league's roll of honour: every finished season's champions. */
export const leagueHonoursPath = (slug: string) => `/league/${slug}/honours`;
export const leagueTeamPath = (slug: string, teamId: string) => `/league/${slug}/teams/${teamId}`;
export const leagueTeamCalendarPath = (slug: string, teamId: string) => `${leagueTeamPath(slug, teamId)}/calendar.ics`;
/** A fixture's match card, and the card on paper (for when the tablet fails). */
export const leagueFixturePath = (slug: string, fixtureId: string) => `/league/${slug}/fixtures/${fixtureId}`;
export const leagueCardPrintPath = (slug: string, fixtureId: string) => `${leagueFixturePath(slug, fixtureId)}/print`;
/** A played fixture's share card: an image of the result. */
export const leagueShareCardPath = (slug: string, fixtureId: string) =>
  `${leagueFixturePath(slug, fixtureId)}/share.svg`;
/** A league night on a pub's TV: a season of it by `?season=`, one venue's fixtures by `?venue=`. */
export const leagueTvPath = (
  slug: string,
  { season, venue }: { season?: string | null; venue?: string | null } = {},
) => {
  const query = new URLSearchParams();
  if (season) query.set("season", season);
  if (venue) query.set("venue", venue);
  const search = query.toString();
  return `/league/${slug}/tv${search ? `?${search}` : ""}`;
};
