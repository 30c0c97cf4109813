// The board's two clocks, apart from its updates. The server's time when the page was served (data-now) corrects a
// tablet whose clock is wrong.
import { each } from "../../live/client/static-page.ts";

/** How far the server's clock is ahead of this tablet's, as the page was served. */
function serverSkew(): number {
  const clock = document.querySelector("[data-called-clock]");
  const served = clock ? Number(clock.getAttribute("data-now")) : 0;
  return served > 0 ? served - Date.now() : 0;
}

function everySecond(tick: () => void): void {
  tick();
  setInterval(tick, 1000);
}

/**
 * The no-show clock (decisions 013–015): once a second it reads when the match on the board was called
 * (data-called-at, inside the live region, so a swapped-in board brings its own) and writes "Called at 19:42 · 3:07"
 * outside it, where ticking is not announced.
 */
export function calledClock(): void {
  const skew = serverSkew();
  everySecond(() => {
    const data = document.querySelector("main [aria-live] [data-called-at]");
    const text = document.querySelector<HTMLElement>("[data-clock-text]");
    const late = document.querySelector<HTMLElement>("[data-no-show]");
    if (!text || !late) return;
    if (!data) {
      text.hidden = true;
      late.hidden = true;
      return;
    }
    const now = Date.now() + skew;
    const seconds = Math.max(0, Math.floor((now - Number(data.getAttribute("data-called-at"))) / 1000));
    const rest = seconds % 60;
    const since = `${Math.floor(seconds / 60)}:${rest < 10 ? "0" : ""}${rest}`;
    text.textContent = `Called at ${data.getAttribute("data-called-time")} \u00b7 ${since}`;
    text.hidden = false;
    late.hidden = now < Number(data.getAttribute("data-no-show-at"));
  });
}

/**
 * "Undo" for a result just recorded (decision 025): counts down the server's 10 s (data-undo-until, in the server's
 * time) and goes when they are up. The server checks the time.
 */
export function undoCountdown(): void {
  const skew = serverSkew();
  everySecond(() => {
    each(document, "main form[data-undo-until]", (form) => {
      const left = Math.ceil((Number(form.getAttribute("data-undo-until")) - Date.now() - skew) / 1000);
      const count = form.querySelector("[data-undo-left]");
      if (count && left > 0) count.textContent = ` (${left} s)`;
      form.hidden = left <= 0;
    });
  });
}
