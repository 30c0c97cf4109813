// Creating a tournament: its row with a fresh slug, and the venue the creation form starts with.
import { sql } from "drizzle-orm";
import { build, query, write, type Read, type Sender } from "~/db/batch.server.ts";
import { organisers, series, tournaments } from "~/db/schema.ts";
import { DomainError } from "~/domain/errors.ts";
import { makeSlug } from "~/domain/tournaments.ts";
import type { CreateTournamentInput } from "~/features/tournaments/domain/tournament-schema.ts";
import type { TournamentRow } from "./tournaments.server.ts";

const SLUG_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** A slug's random part (tournaments, series). */
export function randomSlugPart(length = 6): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((b) => SLUG_ALPHABET[b % SLUG_ALPHABET.length]).join("");
}

export async function createTournament(
  db: Sender,
  organiserId: string,
  input: CreateTournamentInput,
  /** The floor's settings, when copied from another tournament ("Run again"); else the director's last choice. */
  floor?: { autoAssign: boolean; noShowMinutes: number },
): Promise<TournamentRow> {
  // A slug collision is astronomically rare; retry a couple of times anyway.
  for (let attempt = 0; attempt < 3; attempt++) {
    const insert = build
      .insert(tournaments)
      .values({
        ...input,
        organiserId,
        slug: makeSlug(input.name, randomSlugPart()),
        status: "open",
        // "Assign tables automatically" starts as the director last chose it (decisions 013–015).
        autoAssign:
          floor?.autoAssign ??
          sql`(select ${organisers.autoAssignDefault} from ${organisers} where ${organisers.id} = ${organiserId})`,
        ...(floor ? { noShowMinutes: floor.noShowMinutes } : {}),
        // Only the director's own series (the API says 404 or 403 first; this holds for every other path).
        seriesId:
          input.seriesId === null
            ? null
            : sql`(select ${series.id} from ${series}
                where ${series.id} = ${input.seriesId} and ${series.organiserId} = ${organiserId})`,
      })
      .onConflictDoNothing({ target: tournaments.slug })
      .returning();
    const row = await db.write(write([insert], ([rows]) => (rows as TournamentRow[])[0]));
    if (row) return row;
  }
  throw new DomainError(503, "Could not create the tournament, please try again");
}

/**
 * The venue a new tournament starts with: where the director's latest one was,
 * else the main operating venue they gave when signing up.
 */
export function defaultVenueQuery(organiserId: string): Read<string> {
  return query(
    build.all<{ venue: string | null }>(sql`select coalesce(
      (select ${tournaments.venue} from ${tournaments} where ${tournaments.organiserId} = ${organiserId}
        order by ${tournaments.createdAt} desc limit 1),
      (select ${organisers.venue} from ${organisers} where ${organisers.id} = ${organiserId})) as venue`),
    ([row]) => row?.venue ?? "",
  );
}
