// What follows a change, in-process: the boards it pushes to a table's tablets
// carry the moment their tap's batch read them, so a tablet that hears two
// taps out of order (the first tap's follow-ups took longer: a handicapped
// night's races are read before anyone hears) keeps the later board.
import { expect, onTestFinished, test, vi } from "vitest";
import { newTapId, useServiceDb } from "../../../../test-support/services.ts";
import { assignTable } from "~/features/play/server/table-assignment.server.ts";
import type { Change } from "~/domain/changes.ts";
import { runTap } from "~/features/floor/server/table-scoring.server.ts";
import { afterChange, type Consequences } from "./after-change.server.ts";

const s = useServiceDb();

/** Push channels that keep what the tables' channel is sent: each board's HTML, in the order sent. */
function channels() {
  const boards: string[] = [];
  const pages: number[] = [];
  const live = {
    idFromName: (name: string) => name,
    get: (name: string) => ({
      fetch: async (_url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as { boards?: Record<string, string>; message?: string };
        if (name.startsWith("tournament:")) pages.push((JSON.parse(body.message ?? "{}") as { at: number }).at);
        if (name.startsWith("tables:")) {
          for (const news of Object.values(body.boards ?? {}))
            boards.push((JSON.parse(news) as { board: string }).board);
        }
        return new Response("{}");
      },
    }),
  } as unknown as DurableObjectNamespace;
  return { live, boards, pages };
}

const drawnAt = (board: string) => Number(/data-drawn-at="(\d+)"/.exec(board)?.[1]);
const racks = (board: string) => /data-racks="([^"]*)"/.exec(board)?.[1];

test("two taps' follow-ups that finish in reverse order leave the later tap's board newest", async () => {
  const td = await s.organiser();
  const t = await s.tournament(td, { maxPlayers: 2, payoutStructure: "winner_only", raceTo: 3 });
  await s.enterFromBalance(t, 2);
  await s.start(td, t);
  const [final] = await s.matches(t);
  if (!final) throw new Error("a two-player draw has a final");
  const table = await s.table(td, "Table 1");
  await s.after((await assignTable(s.sender, { organiserId: td.id, matchId: final.id, tableId: table.id })).change);

  const sent = { code: table.accessCode, address: "192.0.2.1" };
  const rack = async (player: 1 | 2) => {
    const body = { tapId: newTapId(), player };
    const tapped = await runTap(s.sender, sent, "racks", async (schema) => schema.parse(body));
    return tapped.change as Change;
  };
  // The clock of the Worker (Date alone: the database client's timers run as they do).
  vi.useFakeTimers({ toFake: ["Date"] });
  onTestFinished(() => void vi.useRealTimers());
  const start = Date.now();
  const at = (ms: number) => vi.setSystemTime(start + ms);
  at(1_000);
  const first = await rack(1);
  at(2_000);
  const second = await rack(2);

  const { live, boards, pages } = channels();
  const pending: Promise<unknown>[] = [];
  const app: Consequences = { ...s.app, live, waitUntil: (p) => void pending.push(p) };
  // The second tap's follow-ups run first; the first tap's only after a while.
  at(3_000);
  await afterChange(s.sender, app, second);
  at(4_000);
  await afterChange(s.sender, app, first);
  await Promise.all(pending);

  expect(boards).toHaveLength(2);
  const [secondBoard, firstBoard] = boards as [string, string];
  expect([racks(firstBoard), racks(secondBoard)]).toEqual(["1", "12"]);
  // The tablet keeps the board with the later stamp (board-view.ts's applyRegion): the second tap's.
  expect([drawnAt(firstBoard), drawnAt(secondBoard)]).toEqual([start + 1_000, start + 2_000]);
  // The pages' news is stamped as each change's follow-ups began, before anything they waited on.
  expect(pages).toEqual([start + 3_000, start + 4_000]);
});
