// The tablet's board kept current (decision 009) and its taps sent (decision 012).
//
// - Follows the table's push channel; a message with the table's board is drawn at once, any other reads the page
//   again and swaps in the fresh board. While the channel is closed it polls (table-reads.ts) and shows
//   "Reconnecting…" while the server cannot be reached.
// - A board read that the server redirected (the director sent this tablet to another table) takes the tablet there
//   (decision 024).
// - A tap ("+1 rack", undo, the lag, confirm) is kept with its own id (tap-queue.ts) and sent as JSON, in order, as
//   soon as the server can be reached; the server applies each id once, so a replay is harmless. The board shows the
//   waiting taps on top of the server's score, and "Reconnecting…" says how many wait. A tap the server refuses (the
//   director changed the match) is dropped and the board shows the director's version with the server's note.
import { followChannel } from "../../live/client/channel.ts";
import { cancelOwnRefresh, closestTo, keepAwake, whenLoaded } from "../../live/client/static-page.ts";
import { OTHER_MATCH } from "../domain/table-scoring.ts";
import { type Asking, applyRegion, decorate, replaceWith } from "./board-view.ts";
import { type TableReads, tableReads } from "./table-reads.ts";
import { saveTaps, storedTaps, type Tap, tapFrom } from "./tap-queue.ts";
import { syncTheme } from "./theme.ts";

/** What the server answers a tap: the match as it now stands, or why not. */
type TapAnswer = { id?: string; racks?: string; message?: string };
/** The fields of "X won" without a race-to. */
type ScoreFields = { player1Score: HTMLInputElement; player2Score: HTMLInputElement };

const THEME_FORM = "main form[action='/action/set-theme']";

let code = "";
let reads: TableReads;
let queue: Tap[] = [];
let sending = false;
let note = "";
let asking: Asking | null = null;
/** The button that sent a form (Safari before 15 has no event.submitter). */
let lastButton: HTMLButtonElement | null = null;
/** "Reconnecting…", from the page's template, while the server cannot be reached. */
let badge: Element | null = null;

const redraw = () => decorate({ queue, asking, note, badge });

function setOffline(offline: boolean): void {
  const template = document.querySelector<HTMLTemplateElement>("template[data-reconnecting]");
  if (offline && !badge && template?.content.firstElementChild) {
    badge = template.content.firstElementChild.cloneNode(true) as Element;
    (template.parentNode as Node).insertBefore(badge, template);
    redraw();
  } else if (!offline && badge) {
    (badge.parentNode as Node).removeChild(badge);
    badge = null;
  }
}

/** Sends the waiting taps in order; stops at the first that cannot reach the server (tried again later). */
async function flush(): Promise<void> {
  if (sending || !queue.length) return;
  sending = true;
  let sent = false;
  while (queue.length) {
    const item = queue[0] as Tap;
    let response: Response | null;
    try {
      response = await fetch(`/api/tables/by-code/${encodeURIComponent(code)}/${item.kind}`, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(item.body),
      });
    } catch {
      response = null;
    }
    if (!response || response.status === 429 || response.status >= 500) {
      reads.failed();
      break;
    }
    if (response.status === 404) {
      sending = false;
      location.reload(); // the table's code was replaced: show the invalid-code page
      return;
    }
    let answer: TapAnswer | null = null;
    try {
      answer = await response.json();
    } catch {
      answer = null;
    }
    if (!response.ok) note = answer?.message || "That tap could not be recorded";
    // Decided meanwhile (the director recorded it while this tablet was offline): the director's version stands.
    if (response.status === 409 && response.headers.get("Refusal-Code") === "decided") note = OTHER_MATCH;
    // The racks as the server now has them, in case the board cannot be read again before the next tap.
    const board = document.querySelector("main [data-racks]");
    if (response.ok && answer && board && answer.id === board.getAttribute("data-match")) {
      board.setAttribute("data-racks", answer.racks as string);
    }
    queue.shift();
    saveTaps(code, queue);
    sent = true;
  }
  sending = false;
  if (sent) await reads.refresh();
  redraw();
}

/** The fresh board into the page: the live region keeps its element (so screen readers announce the change). */
function apply(html: string): void {
  const fresh = new DOMParser().parseFromString(html, "text/html");
  if (!fresh.querySelector("main[data-scoreboard]") || !applyRegion(fresh.querySelector("main [aria-live]"))) {
    location.reload();
    return;
  }
  replaceWith(document.querySelector(THEME_FORM), fresh.querySelector(THEME_FORM));
  redraw();
}

/** A board that came with the news: the table's live region, drawn by the server once for every tablet at it. */
function applyPushed(board: string): void {
  // Taps on their way: the board is read once they are sent.
  if (sending) return;
  const fresh = new DOMParser().parseFromString(`<main>${board}</main>`, "text/html");
  if (!applyRegion(fresh.querySelector("main [aria-live]"))) {
    reads.refresh();
    return;
  }
  reads.reached();
  redraw();
}

async function load(): Promise<void> {
  try {
    const response = await fetch(location.pathname, { credentials: "same-origin", headers: { Accept: "text/html" } });
    if (response.status === 404) {
      location.reload(); // the table was deleted: show the invalid-code page
      return;
    }
    // Sent to another table by the director (decision 024): the server answered with that table's board.
    if (response.redirected && new URL(response.url).pathname !== location.pathname) {
      location.replace(response.url);
      return;
    }
    if (!response.ok) throw new Error(String(response.status));
    apply(await response.text());
    reads.reached();
    if (queue.length && !sending) flush();
  } catch {
    reads.failed();
  }
}

function listenForTaps(): void {
  document.addEventListener(
    "click",
    (event) => {
      lastButton = closestTo<HTMLButtonElement>(event, "button");
    },
    true,
  );
  document.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement | null;
    const kind = form?.getAttribute ? form.getAttribute("data-tap") : null;
    if (!form || !kind) return;
    event.preventDefault();
    queue.push(tapFrom(form, kind, lastButton));
    if (kind === "confirm") asking = null;
    saveTaps(code, queue);
    note = "";
    redraw();
    flush();
  });
  document.addEventListener("submit", ask);
  document.addEventListener("click", (event) => {
    if (!closestTo(event, "[data-ask-back]")) return;
    event.preventDefault();
    asking = null;
    redraw();
  });
}

/** Without a race-to, "X won" asks to confirm the score in place (decision 025); the same panels as without script. */
function ask(event: Event): void {
  const form = event.target as HTMLFormElement | null;
  if (!form?.hasAttribute?.("data-ask")) return;
  event.preventDefault();
  const winner = lastButton && lastButton.form === form ? Number(lastButton.value) : 0;
  const fields = form.elements as unknown as ScoreFields;
  const scores: [number, number] = [Number(fields.player1Score.value), Number(fields.player2Score.value)];
  if (winner !== 1 && winner !== 2) return;
  if (!(winner === 1 ? scores[0] > scores[1] : scores[1] > scores[0])) {
    note = form.getAttribute("data-more-racks") || "";
    redraw();
    return;
  }
  const board = document.querySelector("main [data-racks]");
  asking = { matchId: board ? board.getAttribute("data-match") : null, winner, scores };
  note = "";
  const shownNote = document.querySelector<HTMLElement>("main [data-note]");
  if (shownNote) shownNote.hidden = true;
  redraw();
}

function start(main: HTMLElement): void {
  cancelOwnRefresh();
  keepAwake();
  syncTheme(main, refreshBoard);
  followChannel(`/api/live/tables/${encodeURIComponent(code)}`, {
    // The table's board with the news: drawn at once; otherwise (or when it cannot be drawn) read the page.
    news: (message) => {
      if (message && "board" in message) applyPushed(message.board);
      else reads.refresh();
    },
    reopened: () => {
      reads.refresh();
    },
    poll: reads.poll,
    pollWait: reads.pollWait,
    online: reads.refresh,
    offline: reads.refresh,
  });
  redraw();
  flush();
}

/** The board read again (the theme switched). */
export function refreshBoard(): void {
  reads.refresh();
}

/** Keeps the board of the table `tableCode` current once the page has loaded, and sends its taps. */
export function followBoard(tableCode: string, main: HTMLElement): void {
  code = tableCode;
  queue = storedTaps(code);
  reads = tableReads(code, { load, offline: setOffline, busy: () => sending });
  listenForTaps();
  whenLoaded(() => start(main));
}
