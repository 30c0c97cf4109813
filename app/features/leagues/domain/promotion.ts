// Promotion and relegation between a season's divisions (DESIGN §11): from the finished season's final tables, the
// top teams of each lower division go up one and the bottom teams of each higher division go down one. Pure: the
// next season is made from what this returns.
import { weekDates } from "./season-weeks.ts";

/** A division as the finished season left it: its teams in their final table's order (the champion first). */
export type FinalDivision = { id: string; teamIds: readonly string[] };

/** A division of the next season: the finished season's division it follows (`fromId`) and its teams, in order. */
export type NextDivision = { fromId: string; teamIds: string[] };

/** How many go up from each lower division and down from each higher one, unless the secretary says otherwise. */
export const DEFAULT_PROMOTED = 2;
export const DEFAULT_RELEGATED = 2;

/**
 * The next season's divisions, in the same order: each holds the teams relegated into it (in their final order),
 * then those that stayed (in theirs), then those promoted into it (in theirs), so its list reads strongest first.
 * A division's top `promote` go up (none from the top division) and its bottom `relegate` go down (none from the
 * bottom one); a division with fewer teams sends all it has, and a team is never sent both ways — promotion is
 * counted first, relegation takes from those left.
 */
export function promoteAndRelegate(
  finals: readonly FinalDivision[],
  { promote, relegate }: { promote: number; relegate: number },
): NextDivision[] {
  const up = Math.max(0, Math.floor(promote));
  const down = Math.max(0, Math.floor(relegate));
  const moves = finals.map((division, index) => {
    const teams = division.teamIds;
    const promoted = index === 0 ? 0 : Math.min(up, teams.length);
    const relegated = index === finals.length - 1 ? 0 : Math.min(down, teams.length - promoted);
    return {
      up: teams.slice(0, promoted),
      stay: teams.slice(promoted, teams.length - relegated),
      down: teams.slice(teams.length - relegated),
    };
  });
  return finals.map((division, index) => ({
    fromId: division.id,
    teamIds: [...(moves[index - 1]?.down ?? []), ...(moves[index]?.stay ?? []), ...(moves[index + 1]?.up ?? [])],
  }));
}

/**
 * What the "Start the next season" form offers: the name with its year moved on ("Winter 2026" → "Winter 2027", else
 * empty to type), the same night, and a first date two weeks after the last fixture (or a year after the first date).
 */
export function suggestedNextSeason(season: { name: string; night: string; startDate: string }, dates: string[]) {
  const name = /\b(19|20)\d{2}\b/.test(season.name)
    ? season.name.replace(/\b((?:19|20)\d{2})\b/g, (year) => String(Number(year) + 1))
    : "";
  const last = [...dates].sort().at(-1);
  const startDate = last ? (weekDates(last, [], 3)[2] ?? "") : (weekDates(season.startDate, [], 53)[52] ?? "");
  return { name, night: season.night, startDate, promote: DEFAULT_PROMOTED, relegate: DEFAULT_RELEGATED };
}
