// What a tablet polls is cached at the edge (Workers Cache, decision 009): each
// answer is tagged with its table and its director's tables, and the tag is
// purged whenever one of them changes (live.server.ts), so a poll between
// changes never reaches the Worker. Browsers keep nothing (max-age=0): a
// tablet's next read always asks the edge.
export const SCOREBOARD_CACHE_CONTROL = "public, max-age=0, s-maxage=300";

/** The tag purged when any of a director's tables may show something new. */
export const tablesCacheTag = (organiserId: string) => `tables-${organiserId}`;

/** The Cache-Tag of what a table shows. */
export const tableCacheTags = (table: { accessCode: string; organiserId: string }) =>
  `table-${table.accessCode},${tablesCacheTag(table.organiserId)}`;
