// A groups event's bracket (decision 010): each group's table and fixtures, and
// the knockout — first once it is drawn. The tournament page loads it only for such
// events (decision 009).
import type { ReactNode } from "react";
import { BracketView } from "~/components/bracket-view.tsx";
import { LeagueView } from "~/components/league-view.tsx";
import type { MatchView } from "~/features/play/domain/play.ts";
import type { groupStandingViews } from "~/features/play/domain/standings.ts";

/** Groups into a knockout: every group's table, results grid and fixtures, then the knockout once drawn. */
export function GroupsAndKnockout({
  groups,
  advancePerGroup,
  you,
  matches,
  renderControls,
  profiles,
}: {
  groups: ReturnType<typeof groupStandingViews>;
  advancePerGroup: number;
  you: string | null;
  matches: MatchView[];
  /** The director's controls under each match, during play. */
  renderControls?: (match: MatchView) => ReactNode;
  /** Names link to the players' profiles (singles only). */
  profiles: boolean;
}) {
  const knockout = matches.filter((m) => m.bracket === "knockout");
  // Once it is drawn the knockout is what the evening is about: it comes first, the groups after.
  const knockoutSection = (
    <section aria-labelledby="knockout" className="space-y-4">
      <h3 id="knockout" className="text-lg font-semibold">
        Knockout
      </h3>
      {knockout.length > 0 ? (
        <BracketView
          name={{ id: "knockout-bracket", label: "Knockout" }}
          matches={knockout}
          you={you}
          renderControls={renderControls}
          profiles={profiles}
        />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="knockout-pending">
          The knockout is drawn when the last group match is decided:{" "}
          {advancePerGroup === 1
            ? "the winner of each group goes through."
            : `the top ${advancePerGroup} of each group go through, winners against another group's runners-up.`}
        </p>
      )}
    </section>
  );
  return (
    <div className="space-y-8">
      {knockout.length > 0 ? knockoutSection : null}
      {groups.map(({ group, rows }) => {
        const id = `group-${group.toLowerCase()}`;
        return (
          <section key={group} aria-labelledby={id} className="space-y-4">
            <h3 id={id} className="text-lg font-semibold">
              Group {group}
            </h3>
            <LeagueView
              id={id}
              nested
              rows={rows}
              matches={matches.filter((m) => m.group === group)}
              profiles={profiles}
            />
            <h4 className="text-base font-semibold">Fixtures</h4>
            <BracketView
              name={{ id: `${id}-fixtures`, label: `Group ${group} fixtures` }}
              matches={matches.filter((m) => m.group === group)}
              you={you}
              renderControls={renderControls}
              profiles={profiles}
            />
          </section>
        );
      })}
      {knockout.length > 0 ? null : knockoutSection}
    </div>
  );
}
