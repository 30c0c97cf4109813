// TV mode's script, /tv.js (decision 023): a tournament's TV and a league night's. The page is server-rendered and
// never hydrated; each request draws one "page" and may name the next (main[data-next], after main[data-seconds]; a
// page that names none is read again then). For old smart-TV browsers: bundled as ES2017.
//
// - Cancels the page's own timed refresh (there for when this script cannot run) and turns the pages itself:
//   fetches the next one and swaps it in, so the screen never goes blank between pages.
// - Follows the push channel the page names (main[data-channel]: the tournament's, the season's); on any news it
//   reads the page shown again, or goes to the first page when the round has a new one (the knockout drawn, the
//   champion known).
// - While the channel is closed it reads the page every 10 s and tries to reopen it, waiting longer after each
//   failure (30 s at most); "Reconnecting…" shows while the server cannot be reached, and the page shown stays.
// - Keeps the screen awake where the browser allows.
import { followChannel } from "../../live/client/channel.ts";
import { cancelOwnRefresh, keepAwake, whenLoaded } from "../../live/client/static-page.ts";

/** Reads while the channel is closed or the server cannot be reached; with it open, a slow read for a lost message. */
const POLL_MS = 10000;
const SAFETY_MS = 60000;

let offline = false;
let chain: Promise<unknown> = Promise.resolve();
let refreshQueued = false;
let turnTimer: ReturnType<typeof setTimeout> | undefined;

function shown(): HTMLElement | null {
  return document.getElementById("main");
}

function setOffline(value: boolean): void {
  offline = value;
  const badge = document.querySelector<HTMLElement>("main [data-reconnecting]");
  if (badge) badge.hidden = !offline;
}

/** The page at `url` in place of the one shown; the one shown stays when it cannot be read. */
async function show(url: string): Promise<void> {
  try {
    const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } });
    if (response.status === 404) {
      location.reload(); // the tournament is gone: show the page that says so
      return;
    }
    if (!response.ok) throw new Error(String(response.status));
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
    const next = fresh.getElementById("main");
    const here = shown();
    if (!next?.hasAttribute("data-tv") || !here) {
      location.reload();
      return;
    }
    // The round of pages has a new lead (the knockout drawn, the champion known): go to it at once.
    const lead = next.getAttribute("data-lead");
    if (lead && here.getAttribute("data-lead") !== lead && next.getAttribute("data-page") !== lead) {
      return show(next.getAttribute("data-lead-address") as string);
    }
    (here.parentNode as Node).replaceChild(document.importNode(next, true), here);
    if (fresh.title) document.title = fresh.title;
    // A reload (the TV switched off and on) comes back to the page shown.
    if (history.replaceState) history.replaceState(null, "", next.getAttribute("data-address") || url);
    setOffline(false);
  } catch {
    setOffline(true);
  }
}

function here(): string {
  return location.pathname + location.search;
}

/** The page shown, read again; news arriving while a read waits in line is covered by it. */
function refresh(): Promise<unknown> {
  if (refreshQueued) return chain;
  refreshQueued = true;
  chain = chain.then(() => {
    refreshQueued = false;
    return show(here());
  });
  return chain;
}

function turn(): void {
  chain = chain
    .then(() => {
      const main = shown();
      const next = main ? main.getAttribute("data-next") : null;
      return next ? show(next) : show(here());
    })
    .then(scheduleTurn, scheduleTurn);
}

function scheduleTurn(): void {
  clearTimeout(turnTimer);
  const main = shown();
  const seconds = main ? Number(main.getAttribute("data-seconds")) : 0;
  turnTimer = setTimeout(turn, (seconds > 0 ? seconds : 20) * 1000);
}

/** The channels a TV follows: a tournament's, or a league season's (its cards' frames). */
type TvChannel = `/api/live/${"tournaments" | "seasons"}/${string}`;
const isTvChannel = (path: string | null): path is TvChannel =>
  path !== null && /^\/api\/live\/(tournaments|seasons)\/[^/]+$/.test(path);

function start(channel: TvChannel): void {
  cancelOwnRefresh();
  document.documentElement.setAttribute("data-tv-script", "running");
  keepAwake();
  followChannel(channel, {
    news: () => {
      refresh();
    },
    reopened: () => {
      refresh();
    },
    poll: refresh,
    pollWait: (open) => (open && !offline ? SAFETY_MS : POLL_MS),
    // Read now, and every 10 s from now while the channel is closed.
    dropped: () => {
      refresh();
    },
    online: () => {
      refresh();
    },
  });
  scheduleTurn();
}

const first = shown();
const channel = first ? first.getAttribute("data-channel") : null;
if (isTvChannel(channel)) whenLoaded(() => start(channel));
