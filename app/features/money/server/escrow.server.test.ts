// The escrow of every finished tournament is 0, whatever the interleaving: fast-check draws evenings of steps, each
// step a few calls sent at once — the director editing the fees, players paying from their balance or by card (some
// late), leaving, and taking money out of their balance — then the night is played and finalized (twice at once).
// After every evening the ledger is true and the tournament's escrow rows sum to 0; a failure shrinks to the smallest
// evening that breaks it. Runs against the real database, in-process.
import fc from "fast-check";
import { expect, test } from "vitest";
import { DomainError } from "~/domain/errors.ts";
import { escrowTypes } from "~/features/money/domain/money.ts";
import type { TournamentSettings } from "~/features/tournaments/domain/tournament-edit.ts";
import { type Account, useServiceDb } from "../../../../test-support/services.ts";
import { leaveTournament } from "~/features/entries/server/leaving.server.ts";
import { requestWithdrawal } from "./dashboard.server.ts";
import { finalizeTournament } from "~/features/play/server/finalize.server.ts";
import { joinTournament, payFromBalance } from "~/features/entries/server/joining.server.ts";
import {
  editReadQuery,
  ownTournament,
  saveTournamentEdit,
  settingsOf,
} from "~/features/tournaments/server/tournament-edit.server.ts";

const s = useServiceDb();

const PLAYERS = 4;

type Call =
  | { kind: "pay"; who: number }
  | { kind: "card"; who: number; late: boolean }
  | { kind: "edit"; change: Partial<TournamentSettings> }
  | { kind: "leave"; who: number }
  | { kind: "withdraw"; who: number; pence: number };

const who = fc.integer({ min: 0, max: PLAYERS - 1 });
const call: fc.Arbitrary<Call> = fc.oneof(
  fc.record({ kind: fc.constant("pay" as const), who }),
  fc.record({ kind: fc.constant("card" as const), who, late: fc.boolean() }),
  fc.record({
    kind: fc.constant("edit" as const),
    change: fc.oneof(
      fc.record({ entryFeePence: fc.constantFrom(500, 1000, 1500) }),
      fc.record({ siteFeePence: fc.constantFrom(0, 100, 250) }),
      fc.record({ matchType: fc.constantFrom("1v1" as const, "2v2" as const) }),
    ),
  }),
  fc.record({ kind: fc.constant("leave" as const), who }),
  fc.record({ kind: fc.constant("withdraw" as const), who, pence: fc.constantFrom(500, 1000, 2000) }),
);
/** An evening: steps of one to three calls sent at once. */
const evening = fc.array(fc.array(call, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 });

/** A refusal is an answer (4xx); anything else fails the property. */
async function refusedOrDone(work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof DomainError) || error.status >= 500) throw error;
  }
}

async function run(c: Call, director: Account, t: { id: string }, players: Account[]): Promise<void> {
  const now = Date.now();
  const player = players[c.kind === "edit" ? 0 : c.who] as Account;
  switch (c.kind) {
    case "pay":
      return refusedOrDone(payFromBalance(s.sender, { playerId: player.id, tournament: { id: t.id } }));
    case "card": {
      // A late payment's hold ran out before the card went through (decision 017).
      const at = c.late ? now - 16 * 60_000 : now;
      return refusedOrDone(
        joinTournament(s.sender, s.payments, { playerId: player.id, tournament: { id: t.id }, now: at }).then(
          async (joined) => {
            if (!joined.paid) await s.payByCard(joined.paymentIntentId);
          },
        ),
      );
    }
    case "edit": {
      const read = await s.sender.send(editReadQuery({ id: t.id }, now));
      const own = ownTournament(read.t, director.id);
      const next = { ...settingsOf(own), ...c.change };
      return refusedOrDone(saveTournamentEdit(s.sender, { t: own, facts: read.facts, next, now }));
    }
    case "leave":
      return refusedOrDone(leaveTournament(s.sender, { playerId: player.id, tournament: { id: t.id } }));
    case "withdraw":
      return refusedOrDone(
        s.sender.write(
          requestWithdrawal({ userType: "player", userId: player.id, amountPence: c.pence, account: null }),
        ),
      );
  }
}

/** Plays every match with two sides (the first side wins), round by round. */
async function playOut(director: Account, t: { id: string }): Promise<void> {
  for (let round = 0; round < 12; round++) {
    const open = (await s.matches(t)).filter((m) => m.status !== "completed" && m.player1Id && m.player2Id);
    if (open.length === 0) return;
    for (const m of open) await s.record(director, m.id, { winnerId: m.player1Id, player1Score: 1, player2Score: 0 });
  }
}

const escrowOf = async (t: { id: string }) =>
  Number(
    (
      await s.rows<{ sum: number }>(
        `select coalesce(sum(amount_pence), 0) as sum from transactions where tournament_id = ?
          and type in (${escrowTypes.map(() => "?").join(", ")})`,
        [t.id, ...escrowTypes],
      )
    )[0]?.sum,
  );

test("any interleaving of edits, payments, leaving, withdrawals: a finished tournament's escrow is 0", async () => {
  const director = await s.organiser();
  let finished = 0;
  await fc.assert(
    fc.asyncProperty(evening, async (steps) => {
      const t = await s.tournament(director, { maxPlayers: 4 });
      const players: Account[] = [];
      for (let i = 0; i < PLAYERS; i++) {
        const p = await s.player(`Player ${i + 1}`);
        await s.credit("player", p.id, 2500);
        players.push(p);
      }
      for (const step of steps) await Promise.all(step.map((c) => run(c, director, t, players)));
      const entered = await s.count("tournament_players", "tournament_id = ? and paid = 1", [t.id]);
      if (entered >= 2) {
        await s.start(director, t);
        await playOut(director, t);
        const twice = () =>
          refusedOrDone(finalizeTournament(s.sender, { organiserId: director.id, tournament: { id: t.id } }));
        await Promise.all([twice(), twice()]);
        expect(await s.count("tournaments", "id = ? and status = 'finished'", [t.id])).toBe(1);
        expect(await escrowOf(t)).toBe(0);
        finished++;
      }
      await s.expectLedgerTrue();
    }),
    {
      numRuns: 12,
      // Found by this property: a card join and the same player leaving at once (the hold gone before its intent).
      examples: [
        [
          [
            [
              { kind: "card", who: 1, late: false },
              { kind: "leave", who: 1 },
            ],
            [{ kind: "card", who: 0, late: false }],
          ],
        ],
      ],
    },
  );
  // Not vacuous: evenings reached finalize.
  expect(finished).toBeGreaterThan(0);
}, 240_000);
