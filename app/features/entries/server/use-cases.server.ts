// The entries' writes, one use case each: joining (with a team, or onto the reserve list when full), paying from the
// balance, checking in, leaving, and the director's walk-ins. Each returns its answer, the change the tournament's
// pages hear of, and the e-mails it owes; the JSON routes and the tournament page's forms run them with `perform`.
import type { Pence } from "~/domain/pence.ts";
import type { Sender } from "~/db/batch.server.ts";
import { isDomainError } from "~/domain/errors.ts";
import type { Change } from "~/domain/changes.ts";
import { addCashEntry, removeCashEntry, tellWalkIns } from "~/features/entries/server/cash-entries.server.ts";
import { tellOffered } from "./check-in-mail.server.ts";
import { checkIn } from "./check-in.server.ts";
import { leaveTournament } from "./leaving.server.ts";
import { joinReserve } from "./reserves.server.ts";
import { checkInEntry } from "~/features/entries/server/director-check-in.server.ts";
import { type EntryChanged, joinTournament, payFromBalance } from "~/features/entries/server/joining.server.ts";
import type { PaymentsProvider } from "~/features/money/server/payments/provider.ts";
import { TEAM_EVENT } from "~/features/play/server/places.server.ts";
import { checkTeam, tellTeammates } from "~/features/entries/server/team-entry.server.ts";
import type { TournamentRef } from "~/features/tournaments/server/tournament-ref.server.ts";
import type { Done, Mail } from "~/web/done.ts";

/** What the tournament's pages (and the director's) hear when its entries change. */
const entries = (changed: EntryChanged): Change[] => [{ ...changed, what: "entries" }];

type Player = { playerId: string; tournament: TournamentRef };
type Director = { organiserId: string; tournament: TournamentRef };

/** "I'm here": the player (for a team, any member) checks in before the start. */
export async function checkInAsPlayer(db: Sender, input: Player) {
  const { organiserId, tournamentId, ...checked } = await checkIn(db, input);
  return { answer: checked, changes: entries({ organiserId, tournamentId }) };
}

/** The director ticks an entry in (or takes the tick back) for someone without a phone (decision 021). */
export async function checkInForEntry(db: Sender, input: Director & { entry: string; checkedIn: boolean }) {
  const { organiserId, tournamentId, ...checked } = await checkInEntry(db, input);
  return { answer: checked, changes: entries({ organiserId, tournamentId }) };
}

/** Leaving before the start (decision 014): the fee back, the freed place offered to the first reserve by e-mail. */
export async function leave(db: Sender, input: Player) {
  const { offered, organiserId, tournamentId, ...left } = await leaveTournament(db, input);
  const mail: Mail[] = [(mailer, origin) => tellOffered(mailer, offered, origin)];
  return { answer: left, changes: entries({ organiserId, tournamentId }), mail };
}

/** Onto the reserve list of a full tournament; nothing is charged. */
export async function joinReserveList(db: Sender, input: Player) {
  const { organiserId, tournamentId, ...onList } = await joinReserve(db, input);
  return { answer: onList, changes: entries({ organiserId, tournamentId }) };
}

export type JoinInput = Player & {
  provider: PaymentsProvider;
  /** A team event's entry names the team and the captain's teammates (checked with the team messages). */
  team?: { teamName: unknown; teammates: unknown };
  /** On a full tournament, join the reserve list instead (decisions 013–015). */
  reserve?: boolean;
};

export type Joined =
  | { paid: true; registrationId: string }
  | { paid: false; registrationId: string; clientSecret: string; paymentIntentId: string; amountPence: Pence }
  | { reserve: true; position: number };

/** Join: a free tournament registers at once, else a hold and a payment intent; full, the reserve list if asked. */
export async function join(
  db: Sender,
  { provider, playerId, tournament, team, reserve }: JoinInput,
): Promise<Done<Joined>> {
  const checked = team ? await checkTeam(db, { captainId: playerId, tournament, ...team }) : undefined;
  const joining = joinTournament(db, provider, { playerId, tournament, team: checked });
  const result = reserve
    ? await joining.catch((error: unknown) => {
        // Full, or a team event (whose reserve list joinReserve refuses with its own message).
        if (isDomainError(error) && (error.code === "full" || error.code === TEAM_EVENT)) return null;
        throw error;
      })
    : await joining;
  if (!result) return joinReserveList(db, { playerId, tournament });
  const { changed, ...joined } = result;
  const mail: Mail[] = checked ? [(mailer, origin) => tellTeammates(db, mailer, checked, origin)] : [];
  return { answer: joined, changes: entries(changed), mail };
}

/** Pays the held (or a new) entry from the balance, at the price the player was shown when the page sent it. */
export async function payEntryFromBalance(db: Sender, input: Player & { expectedPence?: Pence }) {
  const { changed, ...paid } = await payFromBalance(db, input);
  return { answer: paid, changes: entries(changed) };
}

/** A walk-in paying at the bar (DESIGN §10), a player or a team; the people with an address are e-mailed. */
type AddCash = Parameters<typeof addCashEntry>[1];

export async function addWalkIn(db: Sender, input: Director & Pick<AddCash, "check" | "sameName">) {
  const added = await addCashEntry(db, input);
  const mail: Mail[] = [(mailer, origin) => tellWalkIns(mailer, added, origin)];
  const changes = entries({ organiserId: input.organiserId, tournamentId: added.tournament.id });
  return { answer: added, changes, mail };
}

/** A cash entry taken out before the start; the freed place is offered to the first reserve. */
export async function removeWalkIn(db: Sender, input: Director & { entryId: string }) {
  const { offered, organiserId, tournamentId } = await removeCashEntry(db, input);
  const mail: Mail[] = [(mailer, origin) => tellOffered(mailer, offered, origin)];
  return { answer: { removed: true as const }, changes: entries({ organiserId, tournamentId }), mail };
}
