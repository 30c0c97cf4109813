// What the scripts of the pages React never hydrates (decision 009) each do to their page — start once it has loaded,
// take over from its own timed refresh, keep the screen awake — and the DOM helpers they share, for old browsers.

/** Runs `start` once the page has loaded (the scripts are deferred, so it has not yet). */
export function whenLoaded(start: () => void): void {
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start);
}

/** Runs `run` on each element under `root` that `selector` finds (a plain loop, for old browsers). */
export function each<Found extends Element = HTMLElement>(
  root: Document | Element,
  selector: string,
  run: (element: Found) => void,
): void {
  const found = root.querySelectorAll<Found>(selector);
  for (let i = 0; i < found.length; i++) run(found[i] as Found);
}

/** The element `selector` names at or above the event's target (which may be the document: no `closest`). */
export function closestTo<Found extends Element = HTMLElement>(event: Event, selector: string): Found | null {
  const target = event.target as Element | null;
  return target?.closest ? target.closest<Found>(selector) : null;
}

/** Takes out the page's meta refresh, so nothing announces a refresh that will not come. */
export function removeOwnRefresh(): void {
  each(document, "meta[http-equiv='refresh']", (meta) => (meta.parentNode as Node).removeChild(meta));
}

/**
 * The page refreshes itself for browsers where its script cannot run; where it runs that is not needed. Stopping the
 * load cancels the pending refresh; the element goes too.
 */
export function cancelOwnRefresh(): void {
  if (window.stop) window.stop();
  removeOwnRefresh();
}

/** Keeps the screen awake where the browser allows it. */
export function keepAwake(): void {
  const wakeLock = navigator.wakeLock;
  if (!wakeLock) return;
  const acquire = () => {
    if (document.visibilityState === "visible") wakeLock.request("screen").catch(() => {});
  };
  acquire();
  document.addEventListener("visibilitychange", acquire);
}
