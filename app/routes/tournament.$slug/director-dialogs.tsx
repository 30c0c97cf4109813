// The director's dialogs on the tournament page: recording or correcting a
// result, starting, finalizing, the tournament's settings. Each opens from a
// link (?result=, ?correct=, ?confirm=), so it works without JavaScript; the page draws one only while
// its link is open, and so loads this module only then (decision 016: dialog code
// only where used).
import { racesLine } from "~/features/play/domain/races.ts";
import { ConfirmDialog } from "~/components/confirm-dialog.tsx";
import { PrizeTable } from "~/components/prize-table.tsx";
import { useIsSubmitting } from "~/components/form.tsx";
import { choiceCardClass, fieldSurfaceClass } from "~/components/styles.ts";
import { describeMove } from "~/features/play/domain/corrections.ts";
import { outcomeChoices } from "~/features/play/domain/outcomes.ts";
import { matchAnchor } from "~/domain/anchors.ts";
import type { MatchView } from "~/features/play/domain/play.ts";
import type { ResultReply } from "./director.server.ts";
import { formatGBP, penceToDecimal } from "~/domain/pence.ts";
import { topUpMessage } from "~/features/money/domain/settlement.ts";
import { NO_SHOW_MINUTES } from "~/features/floor/domain/queue.ts";
import {
  breakRuleOptions,
  resultsFromTablesOptions,
  type BreakRule,
  type ResultsFromTables,
} from "~/features/floor/domain/table-scoring.ts";

type Match = MatchView;

/** The dialogs' text fields and selects. */
const fieldClass = `block w-full ${fieldSurfaceClass} px-3 py-2 text-base`;

/** The side ahead in a result confirmed at the table (none otherwise): the Edit form's default winner. */
function tableWinner(match: Match): string | null {
  if (!match.awaitingApproval || match.player1Score === match.player2Score) return null;
  return match.player1Score > match.player2Score ? match.player1Id : match.player2Id;
}

export function ResultDialog({
  match,
  matches,
  mode,
  raceTo,
  slug,
  reply,
}: {
  match: Match;
  /** The whole bracket, to name the matches a correction would change. */
  matches: Match[];
  mode: "record" | "correct";
  raceTo: number | null;
  slug: string;
  /** The server's answer to the last try at this dialog: a refusal, or a correction to confirm. */
  reply?: ResultReply | null;
}) {
  const busy = useIsSubmitting();
  // What was typed before the answer, else what the match has.
  const typed = reply?.matchId === match.id ? reply : null;
  const scoreDefault = (slot: "player1Score" | "player2Score") =>
    typed ? typed.values[slot] : match.status === "completed" || match.awaitingApproval ? match[slot] : "";
  const refused = typed?.message ? typed.message : null;
  const confirm = mode === "correct" ? (typed?.confirm ?? null) : null;
  const errorId = `result-error-${match.id}`;
  // A handicapped match: each player's own race (decision 028).
  const handicapped = racesLine([match.player1?.name ?? "Player 1", match.player2?.name ?? "Player 2"], match);
  return (
    <ConfirmDialog
      open
      title={mode === "record" ? "Record result" : "Correct result"}
      description={`${match.label} – Match ${match.matchNumber}`}
      confirmLabel={confirm ? "Confirm correction" : mode === "record" ? "Save result" : "Save correction"}
      cancelTo={`/tournament/${slug}?tab=bracket#${matchAnchor(match.id)}`}
      busy={busy}
    >
      <div className="space-y-4">
        <input type="hidden" name="intent" value={mode === "record" ? "record-result" : "correct-result"} />
        <input type="hidden" name="matchId" value={match.id} />
        {confirm ? <input type="hidden" name="confirmMoves" value={confirm.key} /> : null}
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Winner</legend>
          <div className="grid gap-2">
            {[
              { id: match.player1Id, name: match.player1?.name },
              { id: match.player2Id, name: match.player2?.name },
            ].map((p) => (
              <label key={p.id} className={`${choiceCardClass} flex min-h-11 items-center gap-3 px-3`}>
                <input
                  type="radio"
                  name="winnerId"
                  value={p.id ?? ""}
                  defaultChecked={(typed ? typed.values.winnerId : (match.winnerId ?? tableWinner(match))) === p.id}
                  className="accent-baize-700"
                />
                <span className="font-semibold">{p.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid grid-cols-2 gap-3">
          {(["player1", "player2"] as const).map((slot) => (
            <label key={slot} className="space-y-1 text-sm font-medium">
              <span className="block truncate">{match[slot]?.name} score</span>
              <input
                name={`${slot}Score`}
                type="number"
                min={0}
                max={(slot === "player1" ? match.race1 : match.race2) ?? raceTo ?? 999}
                step={1}
                inputMode="numeric"
                defaultValue={scoreDefault(`${slot}Score`)}
                aria-invalid={refused ? true : undefined}
                aria-describedby={refused ? errorId : undefined}
                className={fieldClass}
              />
            </label>
          ))}
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Decided by</legend>
          <div className="flex flex-wrap gap-2">
            {outcomeChoices.map((o) => (
              <label key={o.value} className={`${choiceCardClass} flex min-h-11 items-center gap-2 px-3 text-sm`}>
                <input
                  type="radio"
                  name="outcome"
                  value={o.value}
                  defaultChecked={(typed?.values.outcome || (match.outcome ?? "played")) === o.value}
                  className="accent-baize-700"
                />
                {o.label}
              </label>
            ))}
          </div>
        </fieldset>
        {refused ? (
          <p id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {refused}
          </p>
        ) : null}
        {confirm ? (
          <div
            role="alert"
            className={
              "rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 " +
              "dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
            }
          >
            <p className="font-semibold">This correction changes a match already at a table:</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              {confirm.moves.map((move) => (
                <li key={`${move.matchId}:${move.slot}`}>{describeMove(matches, move)}</li>
              ))}
            </ul>
            <p className="mt-2">Tell the players at the table before you confirm.</p>
          </div>
        ) : null}
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Scores are optional{handicapped ? `; ${handicapped}` : raceTo ? `; race to ${raceTo}` : ""}. A walkover has no
          scores; a double forfeit no winner either, and a bye goes on in its place.
        </p>
      </div>
    </ConfirmDialog>
  );
}

export function StartDialog({
  name,
  paidCount,
  absentNames,
  teamEvent,
  slug,
}: {
  name: string;
  paidCount: number;
  /** Paid entries not checked in (decisions 013–015, 021): the director may drop them, by name, or keep everyone. */
  absentNames: string[];
  teamEvent: boolean;
  slug: string;
}) {
  const busy = useIsSubmitting();
  const absent = absentNames.length;
  const noun = (n: number) => (teamEvent ? (n === 1 ? "team" : "teams") : n === 1 ? "player" : "players");
  const have = absent === 1 ? "has" : "have";
  const absentText = `${absent} ${noun(absent)} ${have} not checked in: ${absentNames.join(", ")}`;
  // Dropping leaves a draw only when at least two are here.
  const canDrop = paidCount - absent >= 2;
  return (
    <ConfirmDialog
      open
      title={`Start ${name}?`}
      description={
        <>
          The draw is made at random from the {paidCount} paid {noun(paidCount)} and the bracket is fixed. Registration
          closes and unpaid holds are released.
        </>
      }
      confirmLabel="Start Tournament"
      cancelTo={`/tournament/${slug}`}
      busy={busy}
    >
      <input type="hidden" name="intent" value="start" />
      {absent > 0 ? (
        <fieldset className="mt-4 space-y-2">
          <legend className="text-sm font-semibold">{absentText}</legend>
          {/* Everyone plays unless the director chooses otherwise: a tick may simply have been missed. */}
          <label className={`${choiceCardClass} flex items-start gap-2 p-3`}>
            <input type="radio" name="dropAbsent" value="no" defaultChecked className="mt-1" />
            <span className="text-sm">
              Start with all {paidCount} {noun(paidCount)}
            </span>
          </label>
          <label className={`${choiceCardClass} flex items-start gap-2 p-3`}>
            <input type="radio" name="dropAbsent" value="yes" disabled={!canDrop} className="mt-1" />
            <span className="text-sm">
              Drop {absentNames.join(", ")}: {teamEvent ? "their captains get the" : "they get their"} entry fees back
              to their balances (the site fee is kept)
              {canDrop ? null : (
                <span className="block">
                  Fewer than 2 {noun(2)} have checked in, so there is no draw without the others.
                </span>
              )}
            </span>
          </label>
        </fieldset>
      ) : null}
    </ConfirmDialog>
  );
}

export type PreviewRow = { playerId: string; playerName: string; position: string; amountPence: number };

/** What finalize settles of the money paid at the bar (DESIGN §10). */
type SettlementView = {
  cashEntries: number;
  siteFeesChargedPence: number;
  directorBalanceChangePence: number;
  paidInCash: { name: string; position: string | null; amountPence: number }[];
  shortfallPence: number;
};

export function FinalizeDialog({
  slug,
  preview,
  settlement,
  problem,
}: {
  slug: string;
  preview: { rows: PreviewRow[]; poolPence: number; rakePence: number } | null;
  settlement: SettlementView | null;
  problem: string | null;
}) {
  const busy = useIsSubmitting();
  const back = `/tournament/${slug}?tab=bracket&confirm=finalize`;
  const short = settlement && settlement.shortfallPence > 0 ? settlement.shortfallPence : 0;
  return (
    <ConfirmDialog
      open
      title="Confirm payouts"
      description={
        preview ? (
          <div className="space-y-3">
            <p>This pays the prizes into the players' balances and cannot be undone.</p>
            <PrizeTable
              rows={preview.rows.map((row) => ({
                name: row.playerName,
                position: row.position,
                amountPence: row.amountPence,
              }))}
              testId="payout-preview"
            />
            <p>
              Prize pool {formatGBP(preview.poolPence)} · your rake {formatGBP(preview.rakePence)}
            </p>
            {settlement ? <CashSettlement settlement={settlement} /> : null}
          </div>
        ) : (
          <p>{problem ?? "Payouts are not available yet."}</p>
        )
      }
      confirmLabel="Confirm Payouts"
      cancelTo={`/tournament/${slug}?tab=bracket`}
      busy={busy}
      instead={
        short > 0
          ? {
              to: `/balance/top-up?${new URLSearchParams({ amount: penceToDecimal(short), return: back })}`,
              label: `Top up ${formatGBP(short)} by card`,
            }
          : undefined
      }
    >
      <input type="hidden" name="intent" value="finalize" />
    </ConfirmDialog>
  );
}

/** The money paid at the bar, settled at finalize: cash prizes to hand over, what the balance gains or gives. */
function CashSettlement({ settlement: s }: { settlement: SettlementView }) {
  const change = s.directorBalanceChangePence;
  return (
    <div
      className="space-y-2 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800"
      data-testid="settlement"
    >
      {s.cashEntries > 0 ? (
        <p>
          {s.cashEntries} {s.cashEntries === 1 ? "entry was" : "entries were"} paid at the bar: their site fees (
          {formatGBP(s.siteFeesChargedPence)}) come out of your balance.
        </p>
      ) : null}
      {s.paidInCash.length > 0 ? (
        <div>
          <p className="font-semibold">Hand over in cash at the venue</p>
          <ul className="mt-1 space-y-0.5">
            {s.paidInCash.map((c) => (
              <li key={`${c.name}-${c.position}`} className="flex justify-between gap-2">
                <span>
                  {c.name}
                  {c.position ? ` (${c.position})` : ""}
                </span>
                <span className="tabular-nums">{formatGBP(c.amountPence)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p>
        Your balance {change >= 0 ? "gains" : "gives"} <strong>{formatGBP(Math.abs(change))}</strong>: the rake and the
        entry fees held online, less the prizes paid online{s.cashEntries > 0 ? " and the cash entries' site fees" : ""}
        .
      </p>
      {s.shortfallPence > 0 ? (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-400">
          {topUpMessage(s.shortfallPence)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The tournament's settings, before and during play: the floor's switch and no-show minutes (decision 013), and how
 * a result confirmed at a table is taken and who breaks (decision 012). One form, saved together.
 */
export function SettingsDialog({
  slug,
  cancelTo,
  autoAssign,
  noShowMinutes,
  resultsFromTables,
  breakRule,
}: {
  slug: string;
  cancelTo: string;
  autoAssign: boolean;
  noShowMinutes: number;
  resultsFromTables: ResultsFromTables;
  breakRule: BreakRule;
}) {
  const busy = useIsSubmitting();
  return (
    <ConfirmDialog
      open
      title="Tournament settings"
      description="How matches reach the tables, and how results from the tables are taken."
      confirmLabel="Save settings"
      cancelTo={cancelTo}
      action={`/tournament/${slug}`}
      busy={busy}
    >
      <div className="space-y-4 text-sm">
        <input type="hidden" name="intent" value="settings" />
        {/* Unticked, the box sends nothing: this says "false" first and a ticked box overrides it. */}
        <input type="hidden" name="autoAssign" value="false" />
        <div>
          <label className="flex min-h-11 items-center gap-3 font-medium">
            <input
              type="checkbox"
              name="autoAssign"
              value="true"
              defaultChecked={autoAssign}
              className="size-5 accent-baize-700"
            />
            Assign tables automatically
          </label>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            When a table frees, the match that has waited longest goes to it. You can still set tables by hand.
          </p>
        </div>
        <label className="block space-y-1 font-medium">
          <span className="block">No-show minutes</span>
          <input
            type="number"
            name="noShowMinutes"
            min={NO_SHOW_MINUTES.min}
            max={NO_SHOW_MINUTES.max}
            step={1}
            inputMode="numeric"
            required
            defaultValue={noShowMinutes}
            className={fieldClass}
          />
        </label>
        {[
          {
            name: "resultsFromTables",
            label: "Results from tables",
            options: resultsFromTablesOptions,
            value: resultsFromTables,
          },
          { name: "breakRule", label: "Break rule", options: breakRuleOptions, value: breakRule },
        ].map((setting) => (
          <label key={setting.name} className="block space-y-1 font-medium">
            <span className="block">{setting.label}</span>
            <select name={setting.name} defaultValue={setting.value} className={fieldClass}>
              {setting.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
    </ConfirmDialog>
  );
}
