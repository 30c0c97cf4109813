// Changing the tablet's table (decision 024) takes two deliberate steps. "Change Table" opens the change page only
// when held for 2 s; a tap only says to hold it (without this script it is a plain link to that page, which asks for
// a code). The change page goes back to its board after 2 minutes untouched.
import { closestTo, removeOwnRefresh } from "../../live/client/static-page.ts";

const HOLD_MS = 2000;
let holding: HTMLAnchorElement | null = null;
let holdTimer: ReturnType<typeof setTimeout> | undefined;

const holdLink = (event: Event) => closestTo<HTMLAnchorElement>(event, "a[data-hold]");

function holdFill(link: Element, on: boolean): void {
  const fill = link.querySelector<HTMLElement>("[data-hold-fill]");
  if (!fill) return;
  fill.style.transition = on ? `width ${HOLD_MS}ms linear` : "none";
  fill.style.width = on ? "100%" : "0";
}

function startHold(event: Event): void {
  const link = holdLink(event);
  if (!link || holding) return;
  const key = (event as KeyboardEvent).key;
  if (event.type === "keydown" && key !== "Enter" && key !== " ") return;
  holding = link;
  holdFill(link, true);
  holdTimer = setTimeout(() => {
    holding = null;
    location.href = link.href; // not a click: the guard below lets it through
  }, HOLD_MS);
}

function endHold(): void {
  if (!holding) return;
  clearTimeout(holdTimer);
  holdFill(holding, false);
  const hint = (holding.parentNode as ParentNode).querySelector<HTMLElement>("[data-hold-hint]");
  if (hint) hint.hidden = false;
  holding = null;
}

/** "Change Table" as a hold-to-activate control. */
export function holdToChange(): void {
  for (const type of ["mousedown", "touchstart", "keydown"]) {
    document.addEventListener(type, startHold, { passive: true });
  }
  for (const type of ["mouseup", "touchend", "touchcancel", "keyup"]) document.addEventListener(type, endHold);
  for (const type of ["click", "contextmenu"]) {
    document.addEventListener(type, (event) => {
      if (holdLink(event)) event.preventDefault();
    });
  }
}

/**
 * On the change page (main[data-back-to]): back to the board after `data-back-after` seconds untouched. Each tap or
 * key starts the wait again, so nobody typing a code is cut off. Its meta refresh does it for a tablet without this
 * script.
 */
export function backToBoard(main: HTMLElement): void {
  const backTo = main.getAttribute("data-back-to");
  if (!backTo) return;
  const backAfter = Number(main.getAttribute("data-back-after")) * 1000 || 120000;
  removeOwnRefresh();
  let backTimer: ReturnType<typeof setTimeout> | undefined;
  const waitAgain = () => {
    clearTimeout(backTimer);
    backTimer = setTimeout(() => location.replace(backTo), backAfter);
  };
  for (const type of ["mousedown", "touchstart", "keydown", "input"]) {
    document.addEventListener(type, waitAgain, { passive: true });
  }
  waitAgain();
}
