// A match's races as the pages say them (decision 028): each side's race, "Race 5–3" on the bracket and
// "Mo races to 5, Liam to 3" on the tablet. No imports: the bracket and the tablet carry it to the browser.

/** Each side's race: a handicapped match's own, else the event's race-to for both (null: no race set). */
export type Races = { race1: number | null; race2: number | null };

/** The races a match is played to: its own once set, else the event's race-to for both sides. */
export function racesOf(raceTo: number | null, match: { race1: number | null; race2: number | null }): Races {
  return match.race1 !== null && match.race2 !== null
    ? { race1: match.race1, race2: match.race2 }
    : { race1: raceTo, race2: raceTo };
}

/** "Race 5–3" on a handicapped bracket (level races: "Race to 5"); null without a race. */
export function raceLabel({ race1, race2 }: Races): string | null {
  if (race1 === null || race2 === null) return null;
  return race1 === race2 ? `Race to ${race1}` : `Race ${race1}–${race2}`;
}

/** The tablet's line for a handicapped match: "Mo races to 5, Liam to 3"; null when the races are level. */
export function racesLine(names: readonly [string, string], { race1, race2 }: Races): string | null {
  if (race1 === null || race2 === null || race1 === race2) return null;
  return `${names[0]} races to ${race1}, ${names[1]} to ${race2}`;
}
