// The Thursday benchmark's evening, written straight into the database as the test factories write accounts
// (test-support/accounts.ts): directors signed in, players, tables, tournaments with paid, checked-in entries. Only
// the start goes through the app (POST /api/tournaments/{id}/start: the draw, and automatic assignment filling the
// tables), as a director's tap would.
import { randomBytes } from "node:crypto";
import type { Client, InStatement } from "@libsql/client";
import { generateAccessCode } from "../app/features/floor/domain/tables.ts";
import { signedInAccount } from "../test-support/accounts.ts";
import { ask } from "./devices.ts";

export type Venue = {
  organiserId: string;
  cookie: string;
  tournaments: { id: string; slug: string }[];
  tables: { id: string; code: string }[];
};

/** Rows of one table inserted in one statement (SQLite takes up to 32,766 values a statement). */
function insertMany(table: string, columns: readonly string[], rows: readonly (string | number | null)[][]) {
  const statements: InStatement[] = [];
  const perStatement = Math.max(1, Math.floor(30_000 / columns.length));
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    const values = chunk.map(() => `(${columns.map(() => "?").join(", ")})`).join(", ");
    statements.push({ sql: `insert into ${table} (${columns.join(", ")}) values ${values}`, args: chunk.flat() });
  }
  return statements;
}

const uuid = () => crypto.randomUUID();
const code = () => generateAccessCode((n) => randomBytes(n));
/** Players never sign in here: any stored hash will do. */
const NO_LOGIN = "bench-no-login";

type Night = {
  /** "1v1" for the singles nights; a league fixture is "2v2", two teams of two. */
  matchType: "1v1" | "2v2";
  entries: number;
  tables: number;
  raceTo: number;
  name: string;
};

/**
 * A director (signed in: the cookie the app would have set) with `nights.length` tournaments, each with its own
 * tables, automatic assignment on, its entries paid at the bar and checked in. Not started.
 */
export async function writeVenue(db: Client, secret: string, label: string, nights: readonly Night[]): Promise<Venue> {
  const director = await signedInAccount(db, secret, "organiser", {
    name: `${label} Director`,
    email: `${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${uuid().slice(0, 8)}@bench.example`,
    venue: label,
    organisationName: `${label} League`,
  });
  const now = Date.now();
  const date = new Date(now).toISOString().slice(0, 10);
  const players: (string | number | null)[][] = [];
  const tournaments: (string | number | null)[][] = [];
  const entries: (string | number | null)[][] = [];
  const teams: (string | number | null)[][] = [];
  const members: (string | number | null)[][] = [];
  const tables: (string | number | null)[][] = [];
  const venue: Venue = {
    organiserId: director.id,
    cookie: `${director.cookie.name}=${director.cookie.value}`,
    tournaments: [],
    tables: [],
  };
  nights.forEach((night, n) => {
    const tournamentId = uuid();
    const slug = `${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${n}-${uuid().slice(0, 6)}`;
    venue.tournaments.push({ id: tournamentId, slug });
    tournaments.push([
      tournamentId,
      director.id,
      `${label} ${night.name}`,
      label,
      date,
      "19:30",
      night.entries,
      night.matchType,
      night.raceTo,
      500,
      100,
      "fixed",
      50,
      "winner_ru",
      slug,
      1,
    ]);
    const size = night.matchType === "2v2" ? 2 : 1;
    for (let e = 0; e < night.entries; e++) {
      const entryId = uuid();
      const team: string[] = [];
      for (let m = 0; m < size; m++) {
        const playerId = uuid();
        team.push(playerId);
        players.push([playerId, `${label} Player ${n}.${e}.${m}`, `p-${playerId}@bench.example`, NO_LOGIN]);
      }
      entries.push([entryId, tournamentId, team[0] as string, 1, now, "cash", now]);
      if (size > 1) {
        const name = `${label} Team ${e + 1}`;
        teams.push([entryId, tournamentId, name, name.toLowerCase(), team[0] as string]);
        team.forEach((playerId, slot) => {
          members.push([entryId, tournamentId, playerId, slot]);
        });
      }
    }
    for (let t = 0; t < night.tables; t++) {
      const table = { id: uuid(), code: code() };
      venue.tables.push(table);
      tables.push([table.id, director.id, `Table ${venue.tables.length}`, table.code]);
    }
  });
  await db.batch(
    [
      ...insertMany("players", ["id", "name", "email", "password_hash"], players),
      ...insertMany(
        "tournaments",
        [
          "id",
          "organiser_id",
          "name",
          "venue",
          "date",
          "time",
          "max_players",
          "match_type",
          "race_to",
          "entry_fee_pence",
          "site_fee_pence",
          "rake_type",
          "rake_value",
          "payout_structure",
          "slug",
          "auto_assign",
        ],
        tournaments,
      ),
      ...insertMany(
        "tournament_players",
        ["id", "tournament_id", "player_id", "paid", "paid_at", "paid_by", "checked_in_at"],
        entries,
      ),
      ...insertMany("teams", ["id", "tournament_id", "name", "name_key", "captain_id"], teams),
      ...insertMany("team_members", ["team_id", "tournament_id", "player_id", "slot"], members),
      ...insertMany("tables", ["id", "organiser_id", "name", "access_code"], tables),
    ],
    "write",
  );
  return venue;
}

/** The director starts each of the venue's tournaments, as the start button does. */
export async function startNights(base: string, address: string, venue: Venue): Promise<void> {
  for (const t of venue.tournaments) {
    const answer = await ask(base, address, "POST", `/api/tournaments/${t.id}/start`, { cookie: venue.cookie });
    if (answer.status !== 200) throw new Error(`start ${t.slug}: ${answer.status} ${answer.body.slice(0, 300)}`);
  }
}

/**
 * The evening as it stands at a moment of the night: every match on a table already some racks in (0 to one short of
 * the race on each side, a random point of its match), written as the tablets' taps would have left them (the rack
 * taps in order, the scores on the match). Answers the matches it moved on.
 */
export async function midEvening(db: Client, random: () => number): Promise<number> {
  const { rows } = await db.execute(
    `select m.id as id, t.race_to as raceTo from matches m join tournaments t on t.id = m.tournament_id
      where m.status = 'in_progress' and m.table_id is not null and t.race_to is not null`,
  );
  const statements: InStatement[] = [];
  const taps: (string | number | null)[][] = [];
  for (const row of rows as unknown as { id: string; raceTo: number }[]) {
    const race = Number(row.raceTo);
    const count = Math.floor(random() * (2 * race - 1));
    const score = [0, 0];
    for (let i = 0; i < count; i++) {
      let side = random() < 0.5 ? 0 : 1;
      if ((score[side] as number) + 1 >= race) side = 1 - side;
      if ((score[side] as number) + 1 >= race) break;
      score[side] = (score[side] as number) + 1;
      taps.push([`seed-${uuid()}`, row.id, "rack", side + 1, "seed"]);
    }
    statements.push({
      sql: "update matches set player1_score = ?, player2_score = ? where id = ?",
      args: [score[0] as number, score[1] as number, row.id],
    });
  }
  await db.batch([...insertMany("table_taps", ["tap_id", "match_id", "kind", "player", "nonce"], taps), ...statements]);
  return rows.length;
}
