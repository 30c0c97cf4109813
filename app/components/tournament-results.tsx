// A finished tournament's podium and the prizes paid, at the top of its page and of its printable sheet.
import { Link } from "react-router";
import { profilePath } from "~/domain/anchors.ts";
import { formatGBP } from "~/domain/pence.ts";
import type { Results } from "~/features/play/domain/results.ts";
import { TrophyIcon } from "./icons.tsx";
import { PrizeTable } from "./prize-table.tsx";
import { nameLinkClass } from "./styles.ts";

const placeTone = {
  "1st": "border-amber-400 bg-amber-50 dark:border-amber-500 dark:bg-amber-950/40",
  "2nd": "border-slate-300 bg-slate-50 dark:border-slate-600 dark:bg-slate-800",
  "3rd-4th": "border-orange-300 bg-orange-50 dark:border-orange-800 dark:bg-orange-950/40",
} as Record<string, string>;

/**
 * `printHref`: the results' printable page (the draw sheet), linked from the tournament page. `profiles`: names link
 * to the players' profiles (singles only: a team is not rated).
 */
export function TournamentResults({
  results,
  printHref,
  profiles = false,
}: {
  results: Results;
  printHref?: string;
  profiles?: boolean;
}) {
  return (
    <section className="card mt-6" aria-labelledby="results-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="results-title" className="text-lg font-semibold">
          Results
        </h2>
        {printHref ? (
          <Link to={printHref} className="btn-secondary print:hidden">
            Print results
          </Link>
        ) : null}
      </div>
      <ol className="mt-4 grid gap-3 lg:grid-cols-3" aria-label="Podium">
        {results.podium.map((place) => (
          <li
            key={place.position}
            className={`rounded-lg border-2 p-4 ${placeTone[place.position] ?? ""}`}
            data-testid="podium-place"
          >
            <p className="flex items-center gap-2 text-sm font-semibold text-slate-700 dark:text-slate-200">
              {place.position === "1st" ? (
                <TrophyIcon width={18} height={18} className="shrink-0 text-amber-500" aria-hidden="true" />
              ) : null}
              {place.label} <span className="font-normal text-slate-600 dark:text-slate-300">({place.position})</span>
            </p>
            <ul className="mt-2 space-y-1">
              {place.players.map((player, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two players may share a name; the list never reorders
                <li key={i} className="flex items-baseline justify-between gap-3">
                  {profiles ? (
                    <a
                      href={profilePath(player.playerId)}
                      className={`min-w-0 text-lg font-bold wrap-anywhere ${nameLinkClass}`}
                    >
                      {player.name}
                    </a>
                  ) : (
                    <span className="min-w-0 text-lg font-bold wrap-anywhere">{player.name}</span>
                  )}
                  {player.prizePence !== null ? (
                    <span className="font-semibold tabular-nums">{formatGBP(player.prizePence)}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      <h3 className="mt-6 text-sm font-semibold">Prizes</h3>
      {results.prizes.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          No prizes were paid: the tournament was stopped before payouts.
        </p>
      ) : (
        <div className="mt-2">
          <PrizeTable
            rows={
              profiles ? results.prizes.map((row) => ({ ...row, href: profilePath(row.playerId) })) : results.prizes
            }
          />
        </div>
      )}
    </section>
  );
}
