// What the bracket modules' tests share: players and ids, a generated bracket, a result recorded, a refusal expected.
import { expect } from "vitest";
import { applyResult, type ResultInput } from "./apply-result.ts";
import { type BracketMatch, withChanges } from "./bracket.ts";
import { DomainError } from "../../../domain/errors.ts";
import { generateBracket } from "./generate-bracket.ts";

export function playerIds(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `p${i + 1}`);
}

export function idFactory(prefix = "m"): () => string {
  let next = 0;
  return () => `${prefix}${++next}`;
}

export const NOW = 1_700_000_000_000;

export function bracketOf(n: number): BracketMatch[] {
  return generateBracket(playerIds(n), idFactory(), NOW);
}

export function at(matches: readonly BracketMatch[], round: number, matchNumber: number): BracketMatch {
  const match = matches.find((m) => m.round === round && m.matchNumber === matchNumber);
  if (!match) throw new Error(`no match ${round}/${matchNumber}`);
  return match;
}

export function byId(matches: readonly BracketMatch[], id: string | null): BracketMatch {
  const match = matches.find((m) => m.id === id);
  if (!match) throw new Error(`no match ${id}`);
  return match;
}

export function expectDomainError(run: () => unknown, status: number, message: string): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(DomainError);
  expect(caught).toMatchObject({ status, message });
}

export const open = { raceTo: null, now: NOW + 1 };

// Records a result and returns the bracket with it applied.
export function record(
  matches: BracketMatch[],
  round: number,
  matchNumber: number,
  result: ResultInput,
): BracketMatch[] {
  return withChanges(matches, applyResult(matches, at(matches, round, matchNumber).id, result, open));
}
