// The create form's defaults and the choices only it offers (SPEC §2, §9).
// Apart from tournaments.ts, which every page loads, so that only the create
// form carries them (decision 016).
import type { GrandFinal } from "../../play/domain/double-elimination.ts";
import { ADVANCE_PER_GROUP, GROUP_SIZE } from "../../play/domain/group-sizes.ts";
import { DEFAULT_FORMAT, type Handicap, type seedings } from "../../../domain/tournaments.ts";

/** Form defaults. */
export const creationDefaults = {
  format: DEFAULT_FORMAT,
  maxPlayers: "16",
  entryFee: "10.00",
  siteFee: "1.00",
  rakeType: "fixed",
  rakeValue: "1.00",
  tournamentType: "single_elimination",
  matchType: "1v1",
  grandFinal: "reset",
  groupSize: String(GROUP_SIZE.default),
  advancePerGroup: String(ADVANCE_PER_GROUP.default),
  seeding: "random",
  handicap: "none",
  resultsFromTables: "record",
  breakRule: "winner",
  payoutStructure: "winner_ru",
} as const;

/** How the entries are placed in the draw. */
export const seedingOptions: { value: (typeof seedings)[number]; label: string }[] = [
  { value: "random", label: "Random draw" },
  { value: "manual", label: "My order (set on the tournament page before the start)" },
  { value: "rating", label: "By rating, highest first (singles)" },
];

/** Whether each match's races are set from the players' ratings (decision 028). */
export const handicapOptions: { value: Handicap; label: string }[] = [
  { value: "none", label: "None: everyone races to the same" },
  { value: "race", label: "Handicapped races from ratings" },
];

/** The grand final choices of a double elimination: short enough for a phone's select (the hint says the rest). */
export const grandFinalOptions: { value: GrandFinal; label: string }[] = [
  { value: "reset", label: "With a reset" },
  { value: "single", label: "Single match" },
];
