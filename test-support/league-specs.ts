// What the league suites' builders take (tests/support/leagues.ts through the Worker, test-support/leagues.ts
// in-process), a team's guests and its card's lineup. Nothing here touches the app.

/** A team to add: its name, venue, captain (a player's account, or one invited by e-mail) and players. */
type TeamSpec<A> = {
  name: string;
  /** `The {name}` unless given. */
  venue?: string;
  captain: A | { email: string; name?: string };
  players?: { name: string; email?: string }[];
};

/**
 * A league (`name`) with a season (Winter, Tuesdays from 2026-09-01, and `season`'s fields), each of `divisions`'
 * teams added to it in order, and the fixtures made unless `fixtures` is false.
 */
export type LeagueSpec<A> = {
  name?: string;
  season?: Record<string, unknown>;
  divisions: [string, TeamSpec<A>[]][];
  fixtures?: boolean;
};

/** Three guests for a team of four with its captain: `{name} Two`, `{name} Three`, `{name} Four`. */
export const guests = (name: string) => ["Two", "Three", "Four"].map((n) => ({ name: `${name} ${n}` }));

/** The usual card's lineup for a team of four: two singles each, the first two in the doubles. */
export const fullLineup = (team: { players: { id: string }[] }) => {
  const ids = team.players.map((p) => p.id);
  return [
    ...[0, 1, 2, 3, 0, 1, 2, 3].map((i, n) => ({ number: n + 1, playerIds: [ids[i] as string] })),
    { number: 9, playerIds: [ids[0] as string, ids[1] as string] },
  ];
};
