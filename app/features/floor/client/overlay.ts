// The stream overlay's script, /overlay.js (decision 026; decision 009's way, like the tablet's board, whose
// tablet-only parts — taps, theme, wake lock — it leaves out). The page is server-rendered and never hydrated; this
// keeps it current. Bundled as ES2017, for the same old devices (tests/overlay.test.ts checks it).
//
// - Cancels the page's own timed refresh, which is there for when this script cannot run.
// - Follows the table's push channel; on any news it fetches the page again and swaps in the fresh bar (the news's
//   board is the tablet's, not this page's look).
// - While the channel is closed it polls the table's current match every 5 s (30 s at most after failures), and
//   once a minute while it is open; the page is fetched only when that answer changed.
import { followChannel } from "../../live/client/channel.ts";
import { cancelOwnRefresh, whenLoaded } from "../../live/client/static-page.ts";
import { tableReads } from "./table-reads.ts";

/** The fresh bar into the page, unless the one shown was drawn later (a message and a read may cross). */
function apply(html: string): void {
  const fresh = new DOMParser().parseFromString(html, "text/html");
  const next = fresh.querySelector("main[data-overlay] [aria-live]");
  const current = document.querySelector("main[data-overlay] [aria-live]");
  if (!next || !current) {
    location.reload();
    return;
  }
  if (Number(next.getAttribute("data-drawn-at")) < Number(current.getAttribute("data-drawn-at"))) return;
  if (current.outerHTML !== next.outerHTML)
    (current.parentNode as Node).replaceChild(document.importNode(next, true), current);
}

function follow(code: string): void {
  const reads = tableReads(code, {
    load: async () => {
      try {
        const response = await fetch(location.pathname, { credentials: "omit", headers: { Accept: "text/html" } });
        if (response.status === 404) {
          location.reload(); // the table's code was replaced or the table deleted: show the refusal
          return;
        }
        if (!response.ok) throw new Error(String(response.status));
        apply(await response.text());
        reads.reached();
      } catch {
        reads.failed();
      }
    },
  });
  whenLoaded(() => {
    cancelOwnRefresh();
    followChannel(`/api/live/tables/${encodeURIComponent(code)}`, {
      news: () => {
        reads.refresh();
      },
      reopened: () => {
        reads.refresh();
      },
      poll: reads.poll,
      pollWait: reads.pollWait,
      online: reads.refresh,
    });
  });
}

const main = document.getElementById("main");
const code = main ? main.getAttribute("data-overlay") : null;
if (code) follow(code);
