// How a match was decided: played over the table, a walkover (one
// entry did not turn up: the other goes through, no racks, no match played in
// anyone's statistics) or a double forfeit (neither did: in a knockout a bye
// goes on, in a round robin both lose). Shown as "W/O".
export const outcomes = ["played", "walkover", "double_forfeit"] as const;
export type Outcome = (typeof outcomes)[number];

/** The choices of the result dialog. */
export const outcomeChoices: { value: Outcome; label: string }[] = [
  { value: "played", label: "Played" },
  { value: "walkover", label: "Walkover (W/O)" },
  { value: "double_forfeit", label: "Double forfeit" },
];
