// The tournament page's dialogs, each opened by the address (?confirm=…, ?result=…, ?correct=…) so that they
// work without JavaScript: a player leaving, and the director's start, finalize, settings, results and walkovers.
import { lazyNamed } from "~/components/lazy.ts";
import type { TournamentPageModel } from "~/features/tournaments/domain/tournament-page.ts";
import type { ResultReply } from "~/features/tournaments/domain/page-actions.ts";

// The dialogs' modules only once one opens.
const dialogs = () => import("./director-dialogs.tsx");
const StartDialog = lazyNamed(dialogs, "StartDialog");
const FinalizeDialog = lazyNamed(dialogs, "FinalizeDialog");
const ResultDialog = lazyNamed(() => import("./result-dialog.tsx"), "ResultDialog");
const SettingsDialog = lazyNamed(dialogs, "SettingsDialog");
const LeaveDialog = lazyNamed(() => import("./leave-dialog.tsx"), "LeaveDialog");
const entryDialogs = () => import("./entry-dialogs.tsx");
const WithdrawDialog = lazyNamed(entryDialogs, "WithdrawDialog");
const WithdrawListDialog = lazyNamed(entryDialogs, "WithdrawListDialog");
const RemoveWalkInDialog = lazyNamed(entryDialogs, "RemoveWalkInDialog");
const WalkoverDialog = lazyNamed(() => import("./walkover-dialog.tsx"), "WalkoverDialog");

export function PageDialogs({
  page: { tournament: t, entry, play, director, dialog },
  reply,
}: {
  page: TournamentPageModel;
  /** A result form that was not saved: its dialog stays open with what was typed. */
  reply: ResultReply | null;
}) {
  const { confirm } = dialog;
  const { matches } = play;
  // A refused result, or a correction to confirm, reopens its dialog even when the form was posted to the bare page.
  const repliedFor = (intent: ResultReply["intent"]) => (reply?.intent === intent ? reply.matchId : null);
  const resultMatch = matches.find(
    (m) => m.id === (dialog.resultFor ?? repliedFor("record-result")) && m.status !== "completed",
  );
  const correctMatch = matches.find(
    (m) => m.id === (dialog.correctFor ?? repliedFor("correct-result")) && m.status === "completed",
  );
  const live = t.status === "in_progress";
  // ?confirm=withdraw&entry=… names an entry still in the event (decision 021).
  const withdrawing =
    confirm === "withdraw" && live
      ? director?.entries?.rows.find((e) => e.registrationId === dialog.entryFor)
      : undefined;
  const walkIn = confirm === "remove-walk-in" ? director?.walkIns?.find((w) => w.entryId === dialog.entryFor) : null;
  const result = { matches, reply, raceTo: t.raceTo, slug: t.slug };
  return (
    <>
      {entry.me?.entered && entry.me.captain && !entry.me.paidAtBar && confirm === "leave" ? (
        <LeaveDialog slug={t.slug} name={t.name} text={entry.leaveText} />
      ) : null}
      {walkIn ? <RemoveWalkInDialog walkIn={walkIn} slug={t.slug} /> : null}
      {director && dialog.walkover ? <WalkoverDialog walkover={dialog.walkover} slug={t.slug} /> : null}
      {director && confirm === "start" && t.status === "open" ? (
        <StartDialog
          name={t.name}
          paidCount={t.playerCount}
          absentNames={director.checkIn?.absentNames ?? []}
          teamEvent={t.teamSize > 1}
          slug={t.slug}
        />
      ) : null}
      {live && confirm === "withdraw" && !withdrawing && director?.entries ? (
        <WithdrawListDialog entries={director.entries} slug={t.slug} />
      ) : null}
      {withdrawing && director?.entries ? (
        <WithdrawDialog entry={withdrawing} teamEvent={director.entries.teamEvent} slug={t.slug} />
      ) : null}
      {director && confirm === "finalize" && live ? (
        <FinalizeDialog
          slug={t.slug}
          preview={director.preview}
          settlement={director.settlement}
          problem={director.previewProblem}
        />
      ) : null}
      {director?.queue && confirm === "settings" ? (
        <SettingsDialog
          slug={t.slug}
          cancelTo={`/tournament/${t.slug}?${live ? "tab=floor" : "open=settings"}#queue`}
          autoAssign={director.queue.autoAssign}
          noShowMinutes={director.queue.noShowMinutes}
          resultsFromTables={t.resultsFromTables}
          breakRule={t.breakRule}
        />
      ) : null}
      {director && resultMatch ? <ResultDialog {...result} match={resultMatch} mode="record" /> : null}
      {director && correctMatch ? <ResultDialog {...result} match={correctMatch} mode="correct" /> : null}
    </>
  );
}
