// A player's seasons (decision 029), on their dashboard and their profile: each series with where they stand.
import { Link } from "react-router";
import { seriesPath } from "~/domain/anchors.ts";
import type { Season } from "~/features/ratings/domain/player-seasons.ts";
import { Badge } from "./badges.tsx";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function SeasonList({ seasons }: { seasons: readonly Season[] }) {
  return (
    <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800" data-testid="seasons">
      {seasons.map((s) => (
        <li key={s.slug} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
          <span className="min-w-0">
            <Link to={seriesPath(s.slug)} className="font-semibold text-baize-700 hover:underline dark:text-baize-300">
              {s.name}
            </Link>
            <span className="block text-sm text-slate-600 dark:text-slate-400">
              {`${plural(s.played, "night", "nights")} played`}
              {s.wins > 0 ? ` · ${plural(s.wins, "win", "wins")}` : ""}
            </span>
          </span>
          <span className="ml-auto flex items-center gap-3">
            {s.qualifies ? <Badge tone="green">Qualifying</Badge> : null}
            <span className="text-right">
              <span className="block font-semibold" data-testid="season-position">
                {s.positionText}
              </span>
              <span className="block text-sm tabular-nums">{plural(s.points, "point", "points")}</span>
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
