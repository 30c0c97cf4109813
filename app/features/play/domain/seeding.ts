// Seeding: "random" draws the entries; "manual" takes the
// director's order (1 = top seed), "rating" the players' ratings, which the
// formats place at the standard seed positions. Pure: the service reads the entries and writes the seeds.
import { z } from "zod";
import { drawOrder } from "./generate-bracket.ts";
import { DomainError } from "../../../domain/errors.ts";
import { START_RATING, shownRating } from "../../ratings/domain/ratings.ts";
import type { Seeding } from "../../../domain/tournaments.ts";

export const SeedsSchema = z.object({
  order: z
    .array(z.string().trim().min(1).max(64), { error: "order must be a list of player ids" })
    .max(512, "order must be a list of player ids"),
});

/** The order is every paid entry exactly once (else 400). */
export function checkSeedOrder(order: readonly string[], entries: readonly string[]): void {
  const known = new Set(entries);
  const complete = order.length === entries.length && new Set(order).size === order.length;
  if (!complete || order.some((id) => !known.has(id))) {
    throw new DomainError(400, "The order must list every paid entry once", { field: "order" });
  }
}

/**
 * The entries in seed order for the draw: by the director's seeds when the
 * seeding is manual (entries without one — paid after the order was saved —
 * follow in a random draw); by rating, the highest first, when it is by rating
 * (equal ratings, as shown, are drawn among themselves); else a
 * random draw of them all.
 */
export function seedOrderFor(
  seeding: Seeding,
  entries: readonly { playerId: string; seed: number | null; rating?: number | null }[],
  randomInt?: (maxExclusive: number) => number,
): string[] {
  if (seeding === "random")
    return drawOrder(
      entries.map((e) => e.playerId),
      randomInt,
    );
  if (seeding === "rating") {
    const byRating = new Map<number, string[]>();
    for (const e of entries) {
      const rating = shownRating(e.rating ?? START_RATING);
      byRating.set(rating, [...(byRating.get(rating) ?? []), e.playerId]);
    }
    return [...byRating.keys()].sort((a, b) => b - a).flatMap((r) => drawOrder(byRating.get(r) ?? [], randomInt));
  }
  const seeded = entries
    .filter((e): e is { playerId: string; seed: number } => e.seed !== null)
    .sort((a, b) => a.seed - b.seed)
    .map((e) => e.playerId);
  const unseeded = entries.filter((e) => e.seed === null).map((e) => e.playerId);
  return [...seeded, ...drawOrder(unseeded, randomInt)];
}
