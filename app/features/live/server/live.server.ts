// Live updates (decision 009): opening a page's or a tablet's push channel, and
// telling the channels that something changed after a write has committed.
// The channels are LiveHub Durable Objects (workers/live-hub.ts): one per
// tournament for its pages, one per director's tables for the tablets (a
// tablet waiting for its next match does not know which tournament it will
// come from). Messages say only that something changed; clients read the
// database again, so a lost message costs at most one poll.
import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { appContext, type AppContext } from "~/context.server.ts";
import { build, first } from "~/db/batch.server.ts";
import { leagueFixtures, seasons, tables, tournaments } from "~/db/schema.ts";
import { errorHeaders, isDomainError } from "~/domain/errors.ts";
import type { Boards, LiveChange } from "~/domain/changes.ts";
import { DATABASE_DOWN } from "~/edge.server.ts";
import { visitor } from "~/web/access.server.ts";
import { jsonError } from "~/web/http.server.ts";
import { clientAddress } from "~/server/rate-limit.server.ts";
import { tablesCacheTag } from "~/features/floor/server/scoreboard-cache.server.ts";
import { findByCode, type SentCode, sentCode } from "~/features/floor/server/table-codes.server.ts";
import type { BoardNews, CardNews, ChangedNews, MatchesNews, SentNews } from "~/features/live/domain/messages.ts";

type Ctx = Readonly<RouterContextProvider>;
/** What announcing needs of a request's context. */
type Announcer = Pick<AppContext, "live" | "cache" | "waitUntil">;

const LIVE_PATH = /^\/api\/live\/(tournaments|tables|fixtures|seasons)\/([^/]{1,64})$/;
const ALLOW_GET = { Allow: "GET" };
const HUB_ORIGIN = "https://live-hub.internal";

const hubFor = (namespace: DurableObjectNamespace, name: string) => namespace.get(namespace.idFromName(name));

/** The channel a tournament's pages follow, and a director's tablets. */
const tournamentChannel = (tournamentId: string) => `tournament:${tournamentId}`;
const tablesChannel = (organiserId: string) => `tables:${organiserId}`;
/** The channels a league's pages follow (DESIGN §11): a fixture's card, and a season's pages. */
const fixtureChannel = (fixtureId: string) => `fixture:${fixtureId}`;
const seasonChannel = (seasonId: string) => `season:${seasonId}`;

/**
 * Tells a league card's page and its season's pages that the card changed (a lineup, a frame, a confirmation, a
 * dispute, its resolution) — or the season's pages alone that its table did (a penalty, no card): after the write,
 * never in its way, as `announceChange` does.
 */
export function announceCard(app: Announcer, card: { fixtureId: string | null; seasonId: string }): void {
  const { live, waitUntil } = app;
  if (!live) return;
  const message = JSON.stringify({ type: "changed", what: "card", fixtureId: card.fixtureId } satisfies CardNews);
  const channels = [seasonChannel(card.seasonId)];
  if (card.fixtureId) channels.push(fixtureChannel(card.fixtureId));
  const sends = channels.map((name) =>
    hubFor(live, name)
      .fetch(`${HUB_ORIGIN}/changed`, { method: "POST", body: JSON.stringify({ message }) })
      .then((response) => response.body?.cancel()),
  );
  waitUntil(Promise.allSettled(sends).then(() => undefined));
}

/**
 * Tells the channels of `change` that something changed: after the write, never
 * in its way (a failure here costs the clients one poll, never the write). The
 * edge's cached answers for the director's tables go first, so a tablet that
 * reads on the message reads the new state. `boards`, when given, reads the
 * touched tables' boards: each of their tablets gets its own table's board in
 * the message and redraws without a request (the others read as before).
 */
export function announceChange(app: Announcer, change: LiveChange, boards?: () => Promise<Boards>): void {
  const { live, waitUntil } = app;
  const news: ChangedNews = { type: "changed", what: change.what, tournamentId: change.tournamentId };
  const message = JSON.stringify(news);
  // The pages' message: the news, and the matches it altered with when they were so (after the write committed).
  const pages = change.matches?.length
    ? JSON.stringify({ ...news, at: change.at ?? Date.now(), matches: change.matches } satisfies MatchesNews)
    : message;
  const announce = async () => {
    const [drawn] = await Promise.all([boards ? boards().catch(() => ({})) : {}, purgeTables(app, change.organiserId)]);
    if (!live) return;
    // Each board says when its batch read it (data-drawn-at): a tablet keeps the latest, in whatever order they come.
    const perTable = Object.fromEntries(
      Object.entries<string>(drawn).map(([tableId, board]) => [
        tableSocketTag(tableId),
        JSON.stringify({ ...news, board } satisfies BoardNews),
      ]),
    );
    // A score (a rack, an undo, a lag) is its own table's alone: the director's other tablets hear nothing of it, so a
    // busy night's taps do not have every tablet read its page again (unless the board could not be drawn).
    const own = change.what === "score" && Object.keys(perTable).length > 0;
    const sends = [
      { name: tournamentChannel(change.tournamentId), body: { message: pages } },
      { name: tablesChannel(change.organiserId), body: { message: own ? null : message, boards: perTable } },
    ].map(({ name, body }) =>
      hubFor(live, name)
        .fetch(`${HUB_ORIGIN}/changed`, { method: "POST", body: JSON.stringify(body) })
        .then((response) => response.body?.cancel()),
    );
    await Promise.allSettled(sends);
  };
  waitUntil(announce());
}

/** Drops the edge's cached answers for a director's tables (Workers Cache; nothing to do where there is none). */
async function purgeTables({ cache }: Announcer, organiserId: string): Promise<void> {
  try {
    await cache?.purge({ tags: [tablesCacheTag(organiserId)] });
  } catch {
    // The edge keeps the old answer until its s-maxage: the push message still makes clients read again.
  }
}

/** After a table is deleted its tablet should learn at once that its code is gone. */
export function forgetTables(app: Announcer, organiserId: string): void {
  app.waitUntil(purgeTables(app, organiserId));
}

/**
 * After a table got a new access code (`why` "code") or was deleted ("deleted"): its tablets are told and their
 * sockets closed (they then find their code refused and show it), and the edge forgets what the code answered.
 */
export function disconnectTable(
  app: Announcer,
  table: { id: string; organiserId: string },
  why: "code" | "deleted" = "code",
): void {
  const { live, waitUntil } = app;
  const close = async () => {
    await purgeTables(app, table.organiserId);
    if (!live) return;
    const target = `${HUB_ORIGIN}/close?${new URLSearchParams({ tag: tableSocketTag(table.id), why })}`;
    await hubFor(live, tablesChannel(table.organiserId))
      .fetch(target, { method: "POST" })
      .then((response) => response.body?.cancel())
      .catch(() => undefined);
  };
  waitUntil(close());
}

/**
 * The director sent a table's tablets to another table (decision 024): they alone are told that something changed,
 * read their board again and are redirected to the other table's.
 */
export function nudgeTable(app: Announcer, table: { id: string; organiserId: string }): void {
  const { live, waitUntil } = app;
  const nudge = async () => {
    await purgeTables(app, table.organiserId);
    if (!live) return;
    const own = JSON.stringify({ type: "changed", what: "table" } satisfies SentNews);
    const body = JSON.stringify({ message: null, boards: { [tableSocketTag(table.id)]: own } });
    await hubFor(live, tablesChannel(table.organiserId))
      .fetch(`${HUB_ORIGIN}/changed`, { method: "POST", body })
      .then((response) => response.body?.cancel())
      .catch(() => undefined);
  };
  waitUntil(nudge());
}

const tableSocketTag = (tableId: string) => `table:${tableId}`;

/**
 * The director's tables with a tablet on them now, as their channel knows it (a socket heard from lately, or a
 * board read lately by a tablet without a script); null when it cannot be asked (no channels here, or it failed).
 */
export async function tabletsOnline(
  app: Pick<AppContext, "live">,
  organiserId: string,
): Promise<ReadonlySet<string> | null> {
  if (!app.live) return null;
  try {
    const response = await hubFor(app.live, tablesChannel(organiserId)).fetch(`${HUB_ORIGIN}/tablets`);
    const { tables } = (await response.json()) as { tables: string[] };
    return new Set(tables);
  } catch {
    return null;
  }
}

/** A tablet read its board (one without a script reloads it every few seconds): its channel hears it is there. */
export function sawTablet(app: Announcer, table: { id: string; organiserId: string }): void {
  const { live, waitUntil } = app;
  if (!live) return;
  const target = `${HUB_ORIGIN}/seen?${new URLSearchParams({ tag: tableSocketTag(table.id) })}`;
  waitUntil(
    hubFor(live, tablesChannel(table.organiserId))
      .fetch(target, { method: "POST" })
      .then((response) => response.body?.cancel())
      .catch(() => undefined),
  );
}

/** Whether a request is for a push channel (`/api/live/...`), answered by `openLiveChannel`. */
export const isLivePath = (pathname: string) => LIVE_PATH.test(pathname);

/**
 * Opens a push channel: `GET /api/live/tournaments/{id}` (a tournament's
 * pages) or `GET /api/live/tables/{code}` (a tablet, by its table's access
 * code, wrong ones counted against the address), upgraded to a WebSocket.
 * Both name only public data; the messages carry nothing else. The channel
 * itself caps the sockets one address holds (workers/live-hub.ts).
 */
export async function openLiveChannel(request: Request, context: Ctx): Promise<Response> {
  const url = new URL(request.url);
  const [, kind, key = ""] = LIVE_PATH.exec(url.pathname) ?? [];
  const { live } = context.get(appContext);
  if (request.method !== "GET") return jsonError(405, `${request.method} is not allowed here`, undefined, ALLOW_GET);
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
    return jsonError(426, "Open this address as a WebSocket", undefined, { Upgrade: "websocket" });
  }
  const origin = request.headers.get("Origin");
  if (origin !== null && origin !== url.origin) return jsonError(403, "Cross-origin request refused");
  if (!live) return jsonError(503, "Live updates are not available here");

  let channel: { name: string; tag: string } | null;
  try {
    channel =
      kind === "tables"
        ? await tableChannel(context, sentCode(request, key))
        : kind === "fixtures" || kind === "seasons"
          ? await leagueChannel(context, kind, key)
          : await pageChannel(context, key);
  } catch (error) {
    // A wrong code (404, or 429 for an address guessing codes), else the database not answering.
    if (isDomainError(error)) return jsonError(error.status, error.message, undefined, errorHeaders(error));
    return jsonError(503, DATABASE_DOWN, undefined, { "Retry-After": "5" });
  }
  if (!channel)
    return jsonError(
      404,
      kind === "fixtures" ? "Fixture not found" : kind === "seasons" ? "Season not found" : "Tournament not found",
    );
  const query = new URLSearchParams({ tag: channel.tag, address: clientAddress(request) });
  const target = `${HUB_ORIGIN}/subscribe?${query}`;
  return hubFor(live, channel.name).fetch(target, { headers: { Upgrade: "websocket" } });
}

async function tableChannel(context: Ctx, sent: SentCode) {
  const table = await findByCode(await visitor(context), sent, (code) =>
    first(
      build
        .select({ id: tables.id, organiserId: tables.organiserId })
        .from(tables)
        .where(eq(tables.accessCode, code))
        .limit(1),
    ),
  );
  return { name: tablesChannel(table.organiserId), tag: tableSocketTag(table.id) };
}

/** A league card's channel or a season's, for one that exists (public, like the pages that follow them). */
async function leagueChannel(context: Ctx, kind: "fixtures" | "seasons", id: string) {
  const table = kind === "fixtures" ? leagueFixtures : seasons;
  const found = await (await visitor(context)).send(
    first(build.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1)),
  );
  if (!found) return null;
  return { name: kind === "fixtures" ? fixtureChannel(found.id) : seasonChannel(found.id), tag: "page" };
}

async function pageChannel(context: Ctx, id: string) {
  const tournament = await (await visitor(context)).send(
    first(build.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, id)).limit(1)),
  );
  return tournament ? { name: tournamentChannel(tournament.id), tag: "page" } : null;
}
