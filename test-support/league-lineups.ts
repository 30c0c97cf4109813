// A league team's players and its card's lineup, shared by the league suites' builders (tests/support/leagues.ts through
// the Worker, test-support/leagues.ts in-process). Nothing here touches the app.

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
