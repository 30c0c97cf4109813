// The TV at the venue (decision 023): a screen nobody touches shows a tournament as a round of "pages" — the
// bracket (each part that fits a screen), the tables, what is up next, the standings, the champion — each for its
// own time. Pure: which pages there are, which one an address asks for and which comes next, and how much a page
// must be scaled to fit the screen. The route reads, this decides, the components draw.
import { rankingRow, type Standing as SeriesStanding } from "../../series/domain/series.ts";
import type { BracketSide } from "../../play/domain/bracket.ts";
import { bracketTab, type BracketTabReads } from "../../play/domain/bracket-tab.ts";
import type { MatchView } from "../../play/domain/play.ts";
import { bracketRounds } from "../../play/domain/bracket-rounds.ts";
import { startsInText } from "../../floor/domain/queue.ts";
import { queueOf, type QueuedMatch, type QueueState } from "../../floor/domain/queue-views.ts";
import { tournamentResults, type PaidPrize, type Results } from "../../play/domain/results.ts";
import type { TournamentStatus, TournamentType } from "../../../domain/tournaments.ts";

/**
 * What is left for a page's body under the header and above the page dots, in rem. Every page is laid out for
 * 1920×1080 at 16 px a rem (120 × 67.5 rem); the root's font size follows the screen (app.css, `main[data-tv]`), so
 * a 4K TV draws the same page at 32 px a rem.
 */
export const TV_BODY = { width: 114, height: 51 } as const;

/** The most matches a bracket column shows on one page: more and the bracket is split over several. */
const MATCHES_A_COLUMN = 8;

/** A bracket page's layout (rem): each match's share of its column, a column and the gap between two. */
const BRACKET_LAYOUT = { heading: 2.75, slot: 6, column: 17, gap: 2 } as const;

type TvPageKind = "welcome" | "bracket" | "standings" | "series" | "tables" | "next" | "champion";

/** Seconds each kind of page stays up before the next. */
const SECONDS: Record<TvPageKind, number> = {
  welcome: 60,
  bracket: 20,
  standings: 15,
  series: 15,
  tables: 15,
  next: 12,
  champion: 30,
};

/** One column of a bracket page: a round's matches on it (a losers' place nobody can reach is kept, drawn empty). */
type TvRound = { label: string; matches: MatchView[] };

/** One bracket page: a whole bracket, or one part of a bracket too tall for a screen. */
export type BracketPart = { key: string; heading: string; rounds: TvRound[] };

export type TvPage = { key: string; kind: TvPageKind; seconds: number };

const sideHeadings: Record<BracketSide, string> = {
  winners: "Winners' bracket",
  losers: "Losers' bracket",
  grand_final: "Grand final",
  group: "Groups",
  knockout: "Knockout",
};

/**
 * The brackets as screens: one page per bracket (a double elimination's winners', losers' and grand final; a
 * groups event's knockout), a bracket whose first round has more than eight matches split into as many parts as it
 * takes — each part the same slice of every round wide enough to share, and the last rounds on a page of their own.
 * Group and league fixtures are not brackets: their tables are the standings page.
 */
export function bracketParts(matches: readonly MatchView[], tournamentType: TournamentType): BracketPart[] {
  const sides = [...new Set(matches.filter((m) => m.bracket !== "group").map((m) => m.bracket))];
  return sides.flatMap((side) => {
    const heading = tournamentType === "single_elimination" ? "Bracket" : sideHeadings[side];
    const rounds = roundsOf(matches.filter((m) => m.bracket === side));
    const tallest = Math.max(...rounds.map((r) => r.matches.length));
    const parts = Math.ceil(tallest / MATCHES_A_COLUMN);
    const key = `bracket-${side.replace("_", "-")}`;
    if (parts <= 1) return [{ key, heading, rounds }];
    const shared = rounds.filter((r) => r.matches.length >= parts);
    const last = rounds.filter((r) => r.matches.length < parts);
    const count = parts + (last.length > 0 ? 1 : 0);
    const slices: BracketPart[] = Array.from({ length: parts }, (_, k) => ({
      key: `${key}-${k + 1}`,
      heading: `${heading}, part ${k + 1} of ${count}`,
      rounds: shared.map((r) => {
        const size = r.matches.length / parts;
        return { label: r.label, matches: r.matches.slice(Math.round(k * size), Math.round((k + 1) * size)) };
      }),
    }));
    return last.length > 0
      ? [...slices, { key: `${key}-${count}`, heading: `${heading}, part ${count} of ${count}`, rounds: last }]
      : slices;
  });
}

// Every round the draw made, named as on the tournament page and the wall.
const roundsOf = (matches: readonly MatchView[]): TvRound[] =>
  bracketRounds(matches).map(({ label, matches: list }) => ({ label, matches: list }));

/** What decides the round of pages: the tournament, its brackets, and whether there is a floor to show. */
type TvState = {
  status: TournamentStatus;
  tournamentType: TournamentType;
  brackets: readonly BracketPart[];
  /** The final is decided (the champion is known), finalized or not. */
  championKnown: boolean;
  /** The director has tables to show. */
  tables: number;
  /** Matches waiting for a table. */
  queued: number;
  /** The night is one of a series (decision 029): its ranking has a page. */
  series?: boolean;
};

/**
 * The pages in the order they are shown. Before the start, one page saying when it starts. During play the
 * bracket's pages (a groups event's knockout first once drawn), the standings of a league or groups, every table
 * and what is up next. Once the champion is known they lead, and the floor's pages go once the night is over.
 */
export function tvPages(state: TvState): TvPage[] {
  const page = (key: string, kind: TvPageKind): TvPage => ({ key, kind, seconds: SECONDS[kind] });
  const ranking = state.series ? [page("series", "series")] : [];
  // Before the start a series' night shows its ranking too: what the regulars come to see.
  if (state.status === "open") return [page("welcome", "welcome"), ...ranking];
  const standings =
    state.tournamentType === "round_robin" || state.tournamentType === "round_robin_tier"
      ? [page("standings", "standings")]
      : [];
  const brackets = state.brackets.map((b) => page(b.key, "bracket"));
  const champion = state.championKnown ? [page("champion", "champion")] : [];
  if (state.status === "finished") return [...champion, ...brackets, ...standings, ...ranking];
  const floor = [
    ...(state.tables > 0 ? [page("tables", "tables")] : []),
    ...(state.queued > 0 ? [page("next", "next")] : []),
  ];
  return [...champion, ...brackets, ...standings, ...ranking, ...floor];
}

/** The page an address asks for (`?page=`), the first when it names none that is shown now, and the one after it. */
export function pageAt(
  pages: readonly TvPage[],
  requested: string | null,
): { page: TvPage; next: TvPage; index: number } {
  const found = pages.findIndex((p) => p.key === requested);
  const index = found === -1 ? 0 : found;
  const page = pages[index] ?? { key: "welcome", kind: "welcome", seconds: SECONDS.welcome };
  return { page, index, next: pages[(index + 1) % pages.length] ?? page };
}

/** How much a page's body is scaled to fit the screen: 1 when it fits, less when it is larger (never more). */
export function fitScale(needed: { width: number; height: number }): number {
  const scale = Math.min(1, TV_BODY.width / needed.width, TV_BODY.height / needed.height);
  return Math.floor(scale * 100) / 100;
}

/** The size of a bracket page's body (rem). */
export function bracketSize(part: BracketPart): { width: number; height: number } {
  const columns = part.rounds.length;
  const tallest = Math.max(1, ...part.rounds.map((r) => r.matches.length));
  return {
    width: columns * BRACKET_LAYOUT.column + (columns - 1) * BRACKET_LAYOUT.gap,
    height: BRACKET_LAYOUT.heading + tallest * BRACKET_LAYOUT.slot,
  };
}

/** Columns for a grid of `count` cards: the tables page, the groups' tables. */
export function gridColumns(count: number): number {
  if (count <= 2) return Math.max(1, count);
  if (count <= 4) return 2;
  if (count <= 9) return 3;
  if (count <= 16) return 4;
  return 5;
}

/** What the TV reads in its one round trip. */
export type TvReads = {
  tournament: BracketTabReads["tournament"] & {
    id: string;
    slug: string;
    name: string;
    venue: string;
    date: string;
    time: string;
    raceTo: number | null;
    playerCount: number;
    maxPlayers: number;
  };
  matches: MatchView[];
  prizes: PaidPrize[];
  /** The tournament's floor: the director's tables and the queue (null before it has one). */
  floor: QueueState | null;
  /** The series the night is one of, with its ranking (decision 029); null when in none. */
  series?: TvSeries | null;
};

/** A series' ranking as the TV shows it. */
type TvSeries = { name: string; qualify: number | null; standings: readonly SeriesStanding[] };

/** The most players the ranking page lists (the rest are on the series' page). */
const LISTED_RANKING = 12;

/** A table as the TV shows it: the match on it with its live score, or why there is none. */
export type TvTable = {
  id: string;
  name: string;
  state: "playing" | "free" | "elsewhere" | "resting";
  match: {
    title: string;
    player1: string;
    player2: string;
    score1: number;
    score2: number;
    awaitingApproval: boolean;
    calledAt: number | null;
  } | null;
};

const LISTED_NEXT = 8;
const TABLE_CARD = { height: 11, gap: 1.5 } as const;
const STANDINGS_ROW = 3.25;

const nameOf = (side: { name: string } | null) => side?.name ?? "To be decided";
const titleOf = (m: Pick<MatchView, "label" | "matchNumber">) => `${m.label} · Match ${m.matchNumber}`;

/** The TV's screen for one request: the tournament, the page asked for (or the first), the next, and its body. */
export function tvScreen(reads: TvReads, { requested, now }: { requested: string | null; now: number }) {
  const { tournament: t, floor } = reads;
  const matches = t.status === "open" ? [] : reads.matches;
  const brackets = bracketParts(matches, t.tournamentType);
  const results = matches.length > 0 ? tournamentResults(matches, reads.prizes) : null;
  const queue = floor ? queueOf(floor, now) : [];
  const pages = tvPages({
    status: t.status,
    tournamentType: t.tournamentType,
    brackets,
    championKnown: results !== null,
    tables: floor?.tables.length ?? 0,
    queued: queue.length,
    series: Boolean(reads.series),
  });
  const { page, next, index } = pageAt(pages, requested);
  return {
    tournament: {
      id: t.id,
      slug: t.slug,
      name: t.name,
      venue: t.venue,
      date: t.date,
      time: t.time,
      status: t.status,
      raceTo: t.raceTo,
    },
    page,
    next,
    /** The round's first page: when it changes, a TV showing another page goes to it. */
    lead: pages[0] ?? page,
    index,
    count: pages.length,
    now,
    body: pageBody(page, { reads, matches, brackets, results, queue, now }),
  };
}

export type TvScreen = ReturnType<typeof tvScreen>;

function pageBody(
  page: TvPage,
  {
    reads,
    matches,
    brackets,
    results,
    queue,
    now,
  }: {
    reads: TvReads;
    matches: MatchView[];
    brackets: BracketPart[];
    results: Results | null;
    queue: QueuedMatch[];
    now: number;
  },
) {
  const t = reads.tournament;
  switch (page.kind) {
    case "bracket": {
      const part = brackets.find((b) => b.key === page.key) ?? brackets[0];
      if (!part) break;
      return { kind: "bracket" as const, part, scale: fitScale(bracketSize(part)) };
    }
    case "standings": {
      const tab = bracketTab({ tournament: t, matches }, null);
      const groups = tab.groups ?? [];
      const columns = gridColumns(groups.length);
      const tallest = Math.max(0, ...groups.map((g) => g.rows.length));
      const height =
        tab.league !== null
          ? 3 + tab.league.length * STANDINGS_ROW
          : Math.ceil(groups.length / columns) * (6 + tallest * STANDINGS_ROW) + 2;
      return {
        kind: "standings" as const,
        league: tab.league,
        groups: tab.groups,
        columns,
        scale: fitScale({ width: TV_BODY.width, height }),
      };
    }
    case "tables": {
      const tables = tablesOf(reads.floor, matches);
      const columns = gridColumns(tables.length);
      const rows = Math.ceil(tables.length / columns);
      const height = rows * TABLE_CARD.height + (rows - 1) * TABLE_CARD.gap;
      return { kind: "tables" as const, tables, columns, scale: fitScale({ width: TV_BODY.width, height }) };
    }
    case "next": {
      const byId = new Map(matches.map((m) => [m.id, m]));
      const tableNames = new Map((reads.floor?.tables ?? []).map((tb) => [tb.id, tb.name]));
      const listed = queue.flatMap(({ match, estimatedStart }) => {
        const view = byId.get(match.id);
        if (!view) return [];
        const pinned = match.pinnedTableId === null ? null : (tableNames.get(match.pinnedTableId) ?? null);
        return [
          {
            matchId: match.id,
            title: titleOf(view),
            player1: nameOf(view.player1),
            player2: nameOf(view.player2),
            pinned,
            starts: estimatedStart === null ? null : startsInText(estimatedStart, now),
            at: estimatedStart,
          },
        ];
      });
      return {
        kind: "next" as const,
        queue: listed.slice(0, LISTED_NEXT),
        more: Math.max(0, listed.length - LISTED_NEXT),
      };
    }
    case "series": {
      const ranked = reads.series;
      if (!ranked) break;
      const rows = ranked.standings.slice(0, LISTED_RANKING);
      return {
        kind: "series" as const,
        name: ranked.name,
        qualify: ranked.qualify,
        rows: rows.map(rankingRow),
        more: Math.max(0, ranked.standings.length - rows.length),
        scale: fitScale({ width: TV_BODY.width, height: 5 + rows.length * STANDINGS_ROW }),
      };
    }
    case "champion":
      if (results) return { kind: "champion" as const, results };
      break;
    case "welcome":
      break;
  }
  return { kind: "welcome" as const, entries: t.playerCount, maxPlayers: t.maxPlayers };
}

/** Every table of the director's, in their order, with the tournament's match on it and its live rack score. */
export function tablesOf(floor: QueueState | null, matches: readonly MatchView[]): TvTable[] {
  if (!floor) return [];
  const playingOn = new Map(
    matches.filter((m) => m.status === "in_progress" && m.tableId !== null).map((m) => [m.tableId, m]),
  );
  return floor.tables.map((table) => {
    const m = playingOn.get(table.id);
    if (m)
      return {
        id: table.id,
        name: table.name,
        state: "playing",
        match: {
          title: titleOf(m),
          player1: nameOf(m.player1),
          player2: nameOf(m.player2),
          score1: m.player1Score,
          score2: m.player2Score,
          awaitingApproval: m.awaitingApproval,
          calledAt: m.calledAt,
        },
      };
    return {
      id: table.id,
      name: table.name,
      // Busy with a match of another of the director's tournaments, out of rotation, or free for the next.
      state: table.busy !== null ? "elsewhere" : table.inRotation ? "free" : "resting",
      match: null,
    };
  });
}
