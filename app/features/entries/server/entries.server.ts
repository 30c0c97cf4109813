// An entry in a match slot is a player or, in a team event, a team (decision 011):
// its name and members read in the same statement as the match.
import { sql } from "drizzle-orm";
import { outer } from "~/db/batch.server.ts";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { players, teamMembers, teams, tournamentPlayers } from "~/db/schema.ts";
import type { Member } from "~/features/floor/domain/scoreboard.ts";

/** SQL: the name of the entry in this slot (a player's or a team's), null when empty. */
export const entryName = (slot: SQLiteColumn) =>
  sql<string | null>`coalesce((select p.name from ${players} p where p.id = ${outer(slot)}),
    (select te.name from ${teams} te where te.id = ${outer(slot)}))`;

/** SQL: a team's members as JSON (the captain first); "[]" for a player or an empty slot. */
export const entryMembers = (slot: SQLiteColumn) =>
  sql<string>`(select json_group_array(json_object('id', m.id, 'name', m.name)) from
    (select p.id as id, p.name as name from ${teamMembers} tm join ${players} p on p.id = tm.player_id
      where tm.team_id = ${outer(slot)} order by tm.slot) m)`;

export const parseMembers = (json: string | null): Member[] => (json ? (JSON.parse(json) as Member[]) : []);

/** The JSON API's member lists: only in team events, so a singles match keeps SPEC's shape. */
export const membersJson = (m: { player1Members?: Member[]; player2Members?: Member[] }) =>
  m.player1Members?.length || m.player2Members?.length
    ? { player1Members: m.player1Members ?? [], player2Members: m.player2Members ?? [] }
    : {};

/** SQL: the entry a registration is in the draw as: its team's id in a team event, else its player's id. */
export const registrationEntry = sql<string>`coalesce((select te.id from ${teams} te
  where te.id = ${outer(tournamentPlayers.id)}), ${outer(tournamentPlayers.playerId)})`;

/** SQL: the name of a registration's entry: its team's, else its player's. */
export const registrationEntryName = sql<string>`coalesce((select te.name from ${teams} te
  where te.id = ${outer(tournamentPlayers.id)}), (select p.name from ${players} p
  where p.id = ${outer(tournamentPlayers.playerId)}))`;
