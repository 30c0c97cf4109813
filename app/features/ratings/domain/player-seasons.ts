// A player's seasons (decision 029): where they stand in each series they have played a finalized night of, for
// their dashboard and their profile. Pure: each series' ranking is the series page's own (`seriesModel`).
import { placeName } from "../../money/domain/money.ts";
import { seriesModel, type SeriesNight, type SeriesRules } from "../../series/domain/series.ts";

type SeriesModelInput = Parameters<typeof seriesModel>[1];

/** A series with its finalized nights, as read for one player. */
export type PlayedSeries = {
  slug: string;
  name: string;
  rules: SeriesRules;
  nights: readonly SeriesNight[];
};

export type Season = {
  slug: string;
  name: string;
  /** "3rd of 14", "Joint 2nd of 9". */
  positionText: string;
  position: number;
  of: number;
  points: number;
  played: number;
  wins: number;
  /** Within the series' top N; false when it has no qualifying places. */
  qualifies: boolean;
};

/**
 * The player's standing in each series they are ranked in, the series with the latest night first; a series in
 * which they hold no place (an entry withdrawn before playing) is left out.
 */
export function playerSeasons(
  playerId: string,
  played: readonly PlayedSeries[],
  results: Omit<SeriesModelInput, "nights">,
): Season[] {
  const latest = (s: PlayedSeries) => Math.max(...s.nights.map((n) => n.startsAt ?? 0), 0);
  return [...played]
    .sort((a, b) => latest(b) - latest(a) || a.name.localeCompare(b.name))
    .flatMap((s) => {
      const { standings } = seriesModel(s.rules, { ...results, nights: s.nights });
      const own = standings.find((row) => row.playerId === playerId);
      if (!own) return [];
      const shared = standings.filter((row) => row.position === own.position).length > 1;
      const place = placeName({ from: own.position, to: own.position });
      return [
        {
          slug: s.slug,
          name: s.name,
          positionText: `${shared ? "Joint " : ""}${place} of ${standings.length}`,
          position: own.position,
          of: standings.length,
          points: own.points,
          played: own.played,
          wins: own.wins,
          qualifies: own.qualifies,
        },
      ];
    });
}
