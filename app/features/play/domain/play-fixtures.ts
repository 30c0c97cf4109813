// The tournament and the refusal reader shared by the play checks' and the payout plan's tests
// (play-checks.test.ts, payout-plan.test.ts).
import { DomainError } from "../../../domain/errors.ts";
import type { PlayedTournament } from "./play-checks.ts";

export const DIRECTOR = "td-1";

/** A sixteen-place knockout in play, its director DIRECTOR, with `over` changed. */
export const tournament = (over: Partial<PlayedTournament> = {}): PlayedTournament => ({
  organiserId: DIRECTOR,
  status: "in_progress",
  maxPlayers: 16,
  raceTo: null,
  entryFeePence: 1_000,
  rakeType: "fixed",
  rakeValue: 100,
  payoutStructure: "winner_ru",
  ...over,
});

/** The status and message of the rule `run` breaks; fails when it breaks none. */
export function refusal(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}
