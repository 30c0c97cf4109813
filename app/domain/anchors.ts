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
