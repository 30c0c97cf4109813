// Running the night, one use case per write: the start, a result (recorded, corrected or approved), a table assigned,
// a tablet's tap, an entry withdrawn during play, the floor's settings and the finalize. Each returns what the
// screens and the floor hear of (and the start, the e-mails to those it dropped); the JSON routes, the tournament
// page's forms and the tablets run them with `perform`.
import type { Sender } from "~/db/batch.server.ts";
import type { Change } from "~/domain/changes.ts";
import { floorChange } from "~/features/floor/server/use-cases.server.ts";
import { tellDropped } from "~/features/entries/server/check-in-mail.server.ts";
import { finalizeTournament } from "~/features/play/server/finalize.server.ts";
import { saveFloorSettings } from "~/features/floor/server/queue.server.ts";
import { saveResult } from "./results.server.ts";
import { assignTable } from "./table-assignment.server.ts";
import { setSeeds, startTournament } from "./start.server.ts";
import { tapFromForm } from "~/features/floor/server/table-board-forms.server.ts";
import { approveTableResult, runTap } from "~/features/floor/server/table-scoring.server.ts";
import { saveTableScoringSettings } from "~/features/floor/server/table-scoring-settings.server.ts";
import { withdrawEntry } from "~/features/entries/server/withdraw.server.ts";
import { type Done, type Mail, quiet } from "~/web/done.ts";

type Args<F extends (db: Sender, input: never, ...rest: never[]) => unknown> = Parameters<F>[1];

/** The draw, and every free table in rotation given a match at once; those dropped at the start are e-mailed. */
export async function start(db: Sender, input: Args<typeof startTournament>) {
  const started = await startTournament(db, input);
  const { organiserId } = input;
  const change: Change = { organiserId, tournamentId: started.tournamentId, what: "start", floors: started.floors };
  const mail: Mail[] = [(mailer, origin) => tellDropped(mailer, started, origin)];
  return { answer: started, changes: [change], mail };
}

/** A result recorded or corrected by the director; a correction that would move players at tables asks first. */
export async function recordResult(db: Sender, input: Args<typeof saveResult>) {
  const saved = await saveResult(db, input);
  // A result frees its table: the next match goes to it when the floor assigns automatically.
  return { answer: saved, changes: saved.outcome === "unconfirmed" ? [] : [saved.change] };
}

/** The director approves a result confirmed at the table (tournaments that wait for approval). */
export async function approveResult(db: Sender, input: Args<typeof approveTableResult>) {
  const saved = await approveTableResult(db, input);
  return { answer: saved, changes: saved.outcome === "unconfirmed" ? [] : [saved.change] };
}

/** A match put on a table by the director (or taken off it). */
export async function assignMatchTable(db: Sender, input: Args<typeof assignTable>) {
  const { change, ...assigned } = await assignTable(db, input);
  return { answer: assigned, changes: [change] };
}

/** A tablet's tap (decision 012): racks, lag, confirm, undo; a tap already applied changes nothing. */
export async function tabletTap(
  db: Sender,
  {
    sent,
    kind,
    read,
  }: { sent: Parameters<typeof runTap>[1]; kind: Parameters<typeof runTap>[2]; read: Parameters<typeof runTap>[3] },
) {
  const { change, ...tapped } = await runTap(db, sent, kind, read);
  return { answer: tapped, changes: [change] };
}

/** An entry withdrawn during play (decision 021): walkovers now, or as its matches come up. */
export async function withdrawFromPlay(db: Sender, input: Args<typeof withdrawEntry>) {
  const { change, ...withdrawn } = await withdrawEntry(db, input);
  return { answer: withdrawn, changes: [change] };
}

/** The floor's and table scoring's settings in one write; turned on mid-evening, the free tables fill at once. */
export async function saveSettings(db: Sender, input: Args<typeof saveFloorSettings>) {
  const saved = await saveFloorSettings(db, input);
  return { answer: saved, changes: [floorChange(input.organiserId, saved.tournamentId, saved.floors)] };
}

/** The director's seed order for the draw (every paid entry once, while open): the director's page alone shows it. */
export async function saveSeeds(db: Sender, input: Args<typeof setSeeds>) {
  return quiet(await setSeeds(db, input));
}

/** How results from the tables are taken and who breaks, alone (the floor's untouched): read at the next tap. */
export async function saveScoringSettings(db: Sender, input: Args<typeof saveTableScoringSettings>) {
  return quiet(await saveTableScoringSettings(db, input));
}

/** The prizes paid, the rake taken and the cash settled (decision 017). */
export async function finalize(db: Sender, input: Args<typeof finalizeTournament>): Promise<Done<Finalized>> {
  const finalized = await finalizeTournament(db, input);
  const change: Change = { organiserId: input.organiserId, tournamentId: finalized.tournamentId, what: "finalize" };
  return { answer: finalized, changes: [change] };
}

type Finalized = Awaited<ReturnType<typeof finalizeTournament>>;

/** A tap from the tablet board's plain forms (no JavaScript): the same tap, or the note saying why it was refused. */
export async function tabletFormTap(
  db: Sender,
  { sent, form }: { sent: Parameters<typeof tapFromForm>[1]; form: FormData },
) {
  const { change, note } = await tapFromForm(db, sent, form);
  return { answer: { note }, changes: [change] };
}
