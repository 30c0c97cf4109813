// The pub's Wi-Fi drops for a few seconds; a page that re-reads its data just
// then (a live update, a poll, a click) must not turn into "Something went
// wrong" and stay there — the wall bracket would show that all evening, since
// the error page no longer listens for updates (decision 009). React Router reads a
// page's data with GET requests for `….data`; one that cannot reach the server
// is tried again, backing off, until it can or the router gives it up (a newer
// read, another navigation). The page keeps what it shows meanwhile. Writes
// (POST) are never repeated.

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 10_000;

/**
 * Whether an error is the browser failing to reach the server (Chrome's "Failed to fetch", Firefox's
 * "NetworkError…", Safari's "Load failed"), not a fault in the page.
 */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError && /failed to fetch|networkerror|load failed/i.test(error.message);
}

/** Whether a request is one of the router's data reads: a GET of this site's `….data`. */
export function isDataRead(url: URL, method: string, origin: string): boolean {
  return method.toUpperCase() === "GET" && url.origin === origin && url.pathname.endsWith(".data");
}

/** The wait before the attempt after `failures` failed ones. */
export function retryDelayMs(failures: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(failures - 1, 0), MAX_RETRY_MS);
}

function wait(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** Makes the browser's `fetch` try the router's data reads again while the network is down. */
export function retryDataReads(): void {
  const fetchOnce = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input), window.location.href);
    const method = init?.method ?? request?.method ?? "GET";
    if (!isDataRead(url, method, window.location.origin)) return fetchOnce(input, init);
    const signal = init?.signal ?? request?.signal;
    for (let failures = 1; ; failures++) {
      try {
        return await fetchOnce(input, init);
      } catch (error) {
        // Only a network failure is tried again; an abort (the router gave the read up) ends here.
        if (signal?.aborted || !isNetworkError(error)) throw error;
        await wait(retryDelayMs(failures), signal);
      }
    }
  };
}
