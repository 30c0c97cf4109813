// Tablets poll every 5 s: a CDN may answer for a couple of seconds, never
// long enough for a tablet to miss a refresh.
export const SCOREBOARD_CACHE_CONTROL = "public, max-age=2, s-maxage=2";
