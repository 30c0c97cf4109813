// What the tablet's script draws on the board the server sent (decision 012): the taps still waiting, on top of the
// server's score — the scores, the buttons, the lag, the confirm question — and the board read again, patched in.
import { each } from "../../live/client/static-page.ts";
import type { Tap } from "./tap-queue.ts";

/** "X won" tapped in a match without a race-to: the score to confirm in place (decision 025). */
export type Asking = { matchId: string | null; winner: 1 | 2; scores: [number, number] };
type BoardState = { queue: readonly Tap[]; asking: Asking | null; note: string; badge: Element | null };

/** The confirm form's fields. */
type ResultFields = { winner: HTMLInputElement; player1Score: HTMLInputElement; player2Score: HTMLInputElement };

const question = (name: string | null, scores: readonly number[], winner: number) =>
  `${name} wins ${scores[winner - 1]}\u2013${scores[2 - winner]} \u2014 Confirm result?`;

/** The waiting taps on top of the server's board: scores, buttons, the confirm question, the count and the note. */
export function decorate({ queue, asking, note, badge }: BoardState): void {
  const board = document.querySelector<HTMLElement>("main [data-racks]");
  if (board?.hasAttribute("data-open")) decorateBoard(board, queue, asking);
  const noteElement = document.querySelector<HTMLElement>("main [data-note]");
  if (noteElement && note) {
    noteElement.textContent = note;
    noteElement.hidden = false;
  }
  const waiting = badge ? badge.querySelector("[data-waiting]") : null;
  if (waiting) {
    const count = queue.length === 1 ? " 1 tap waiting" : ` ${queue.length} taps waiting`;
    waiting.textContent = queue.length ? count : "";
  }
}

function decorateBoard(board: HTMLElement, queue: readonly Tap[], asking: Asking | null): void {
  const matchId = board.getAttribute("data-match");
  const mine = queue.filter((item) => item.body.matchId === matchId);
  const racks = (board.getAttribute("data-racks") as string).split("");
  let done = false;
  for (const item of mine) {
    if (item.kind === "racks") racks.push(String(item.body.player));
    else if (item.kind === "undo") racks.pop();
    else if (item.kind === "confirm") done = true;
  }
  const score: [number, number] = [0, 0];
  for (const side of racks) score[side === "1" ? 0 : 1] += 1;
  const shown = board.querySelectorAll("[data-testid='score']");
  for (let i = 0; i < shown.length && i < 2; i++) (shown[i] as Element).textContent = String(score[i]);
  const raceTo = Number(board.getAttribute("data-race-to")) || 0;
  // A handicapped match: each side's own race (decision 028).
  const race1 = Number(board.getAttribute("data-race1")) || raceTo;
  const race2 = Number(board.getAttribute("data-race2")) || raceTo;
  let won = 0;
  if (raceTo && score[0] >= race1 && score[1] < race2) won = 1;
  if (raceTo && score[1] >= race2 && score[0] < race1) won = 2;
  each<HTMLButtonElement>(board, "form[data-tap='racks'] button", (button) => {
    button.disabled = Boolean(won) || done;
  });
  each<HTMLButtonElement>(board, "form[data-tap='undo'] button", (button) => {
    button.disabled = !racks.length || done;
  });
  each(board, "[data-lag]", (lag) => {
    lag.hidden = racks.length > 0 || mine.some((item) => item.kind === "lag");
  });
  if (mine.length) {
    each(board, "[data-testid='breaker']", (breaker) => {
      breaker.hidden = true;
    });
  }
  if (!raceTo && !done) decorateAsk(board, asking);
  if (raceTo) {
    each(board, "form[data-tap='confirm']", (form) => {
      form.hidden = !won || done;
      const asked = form.querySelector("[data-question]");
      if (asked && won) asked.textContent = question(board.getAttribute(`data-name${won}`), score, won);
    });
  }
}

/** Without a race-to, "X won" asks to confirm the score in place; the same panels as without the script. */
function decorateAsk(board: HTMLElement, asking: Asking | null): void {
  const ask = board.querySelector<HTMLElement>("form[data-ask]");
  const confirm = board.querySelector<HTMLElement>("[data-ask-confirm]");
  // Asked by the page itself (?winner=…, drawn by the server): as drawn.
  if (!ask || !confirm || confirm.hasAttribute("data-asked")) return;
  const shown = asking !== null && asking.matchId === board.getAttribute("data-match");
  ask.hidden = shown;
  confirm.hidden = !shown;
  if (!asking || !shown) return;
  const fields = (confirm.querySelector("form") as HTMLFormElement).elements as unknown as ResultFields;
  fields.winner.value = String(asking.winner);
  fields.player1Score.value = String(asking.scores[0]);
  fields.player2Score.value = String(asking.scores[1]);
  const asked = confirm.querySelector("[data-question]") as Element;
  asked.textContent = question(board.getAttribute(`data-name${asking.winner}`), asking.scores, asking.winner);
}

/**
 * The region as the server drew it, unless the board shown was drawn later (messages and reads may cross). Patched in
 * place rather than swapped: a button pressed while a board comes in is still the button released, so the tap counts.
 */
export function applyRegion(next: Element | null): boolean {
  const current = document.querySelector("main [aria-live]");
  if (!next || !current) return false;
  if (Number(next.getAttribute("data-drawn-at")) < Number(current.getAttribute("data-drawn-at"))) return true;
  patchElement(current, next);
  return true;
}

/** `current` made `next`: its attributes (on the region: the match's data, the racks the taps go on), then children. */
function patchElement(current: Element, next: Element): void {
  for (let i = current.attributes.length - 1; i >= 0; i--) {
    const name = (current.attributes[i] as Attr).name;
    if (!next.hasAttribute(name)) current.removeAttribute(name);
  }
  for (let i = 0; i < next.attributes.length; i++) {
    const { name, value } = next.attributes[i] as Attr;
    if (current.getAttribute(name) === value) continue;
    current.setAttribute(name, value);
    // A field shows the value drawn in it, as a fresh one would (one typed in stays until the board draws another).
    if (name === "value" && current.nodeName === "INPUT") (current as HTMLInputElement).value = value;
  }
  patchChildren(current, next);
}

/**
 * `current`'s children made `next`'s: each kept where the new board has the same element (the lag's buttons gone, the
 * sides' stay), new ones put in, the rest taken out.
 */
function patchChildren(current: Element, next: Element): void {
  let kept = current.firstChild;
  for (let wanted = next.firstChild; wanted; wanted = wanted.nextSibling) {
    const key = identity(wanted);
    let same = kept;
    while (same && identity(same) !== key) same = same.nextSibling;
    if (!same) {
      current.insertBefore(document.importNode(wanted, true), kept);
      continue;
    }
    while (kept && kept !== same) kept = removed(kept);
    if (same.nodeType === Node.ELEMENT_NODE) patchElement(same as Element, wanted as Element);
    else if (same.nodeValue !== wanted.nodeValue) same.nodeValue = wanted.nodeValue;
    kept = same.nextSibling;
  }
  while (kept) kept = removed(kept);
}

/** Takes `node` out; its next sibling. */
function removed(node: ChildNode): ChildNode | null {
  const after = node.nextSibling;
  (node.parentNode as Node).removeChild(node);
  return after;
}

/** What a node is on the board, whatever it shows: its tag, its data- markers, and which form or field it is. */
function identity(node: Node): string {
  if (node.nodeType !== Node.ELEMENT_NODE) return node.nodeName;
  const marks: string[] = [];
  const { attributes } = node as Element;
  for (let i = 0; i < attributes.length; i++) {
    const { name, value } = attributes[i] as Attr;
    if (name === "data-testid" || name === "data-tap" || name === "name") marks.push(`${name}=${value}`);
    else if (name.indexOf("data-") === 0) marks.push(name);
  }
  return `${node.nodeName} ${marks.sort().join(" ")}`;
}

export function replaceWith(current: Element | null, next: Element | null): void {
  if (current && next && current.outerHTML !== next.outerHTML) {
    (current.parentNode as Node).replaceChild(document.importNode(next, true), current);
  }
}
