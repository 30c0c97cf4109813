// What the tablet's board and the stream overlay share in their scripts: their table's page read again one read at a
// time, and the poll in the push channel's place. A poll asks for the table's current match, which the edge answers
// from its cache between changes (Workers Cache, purged on every change); only when that answer differs, or the
// server could not be reached, is the page read again.

/** While the channel is closed: a poll every 5 s, waiting twice as long after each failure, 30 s at most. */
const REFRESH_MS = 5000;
const MAX_WAIT_MS = 30000;
/** With the channel open, a slow poll still catches a lost message. */
const SAFETY_MS = 60000;

export type TableReads = {
  /** Reads the page again, one read at a time: news meanwhile reads once more after it. */
  refresh: () => Promise<void>;
  poll: () => Promise<void>;
  pollWait: (open: boolean) => number;
  /** The server answered, or could not be reached: the page's `load` and anything else that asked it say so. */
  reached: () => void;
  failed: () => void;
};

export function tableReads(
  code: string,
  page: {
    /** Reads the page and shows it; says `reached` or `failed`. */
    load: () => Promise<void>;
    /** Whether the server can be reached, as it changes (a failure each time). */
    offline?: (offline: boolean) => void;
    /** When true, a read now is skipped (the tablet's taps on their way: the board is read once they are sent). */
    busy?: () => boolean;
  },
): TableReads {
  let failures = 0;
  let loading: Promise<void> | null = null;
  let again = false;
  let lastMatch: string | null = null;

  const reached = () => {
    failures = 0;
    if (page.offline) page.offline(false);
  };
  const failed = () => {
    failures += 1;
    if (page.offline) page.offline(true);
  };

  const refresh = (): Promise<void> => {
    if (page.busy?.()) return Promise.resolve();
    if (loading) {
      again = true;
      return loading;
    }
    loading = page.load().then(() => {
      loading = null;
      if (again) {
        again = false;
        return refresh();
      }
    });
    return loading;
  };

  const poll = async () => {
    try {
      const response = await fetch(`/api/tables/by-code/${encodeURIComponent(code)}/current-match`, {
        credentials: "omit",
        headers: { Accept: "application/json" },
      });
      if (response.status === 404) {
        location.reload(); // the table was deleted: show the invalid-code page
        return;
      }
      if (!response.ok) throw new Error(String(response.status));
      const text = await response.text();
      const changed = text !== lastMatch;
      lastMatch = text;
      if (changed || failures > 0) await refresh();
    } catch {
      failed();
    }
  };

  const pollWait = (open: boolean) =>
    open && failures === 0 ? SAFETY_MS : Math.min(REFRESH_MS * 2 ** failures, MAX_WAIT_MS);

  return { refresh, poll, pollWait, reached, failed };
}
