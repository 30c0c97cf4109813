// The boards a change pushes to the tablets: each touched table's live region
// drawn once on the server, with the same component the scoreboard page draws
// it with, and sent in the change's message to that table's tablets
// (live.server.ts) — sixty tablets then redraw without sixty page reads. The
// boards themselves are read by the write that changed them, in its own batch.
import { renderToStaticMarkup } from "react-dom/server";
import { BoardRegion } from "~/components/scoreboard-board.tsx";
import type { Boards } from "~/domain/changes.ts";
import type { Scoreboard } from "~/features/floor/domain/scoreboard.ts";

/** The tables' boards as HTML, by table id. */
export function drawBoards(boards: Readonly<Record<string, Scoreboard>>): Boards {
  const drawn: Boards = {};
  for (const [tableId, { table, match, confirmed, readAt }] of Object.entries(boards)) {
    // Each button's own id for the plain forms, as the page's loader gives them (the script makes its own).
    const tapIds = Array.from({ length: 7 }, () => crypto.randomUUID());
    drawn[tableId] = renderToStaticMarkup(
      <BoardRegion
        code={table.accessCode}
        match={match}
        confirmed={confirmed}
        tapIds={tapIds}
        note={null}
        drawnAt={readAt}
      />,
    );
  }
  return drawn;
}
