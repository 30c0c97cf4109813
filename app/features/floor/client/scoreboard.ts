// The tablet's script, /scoreboard.js (decision 009), on the board and on its change page. The pages are
// server-rendered and never hydrated; this keeps the board current on any tablet from 2017 on, so it is bundled as
// ES2017 (Safari 11, Chrome 60; tests/scoreboard-script.test.ts).
//
// - Cancels the page's own timed refresh, which is there for when this script cannot run at all, and follows the
//   table's push channel, sends the taps (board.ts).
// - Keeps the screen awake where the browser allows, and switches the theme without a reload (theme.ts).
// - "Change Table" opens the change page only when held for 2 s (change-table.ts).
// - The no-show clock and the countdown of a result's undo (clocks.ts).
import { followBoard, refreshBoard } from "./board.ts";
import { backToBoard, holdToChange } from "./change-table.ts";
import { calledClock, undoCountdown } from "./clocks.ts";
import { themeToggle } from "./theme.ts";

const main = document.getElementById("main");
const code = main ? main.getAttribute("data-scoreboard") : null;

// Leaving already (a link tapped while the switch was on its way): the next page is drawn in the new theme anyway.
let leaving = false;
addEventListener("beforeunload", () => {
  leaving = true;
});
themeToggle(() => {
  if (code) refreshBoard();
  else if (!leaving) location.reload();
});
holdToChange();
if (main) backToBoard(main);
if (main && code) followBoard(code, main);
calledClock();
undoCountdown();
