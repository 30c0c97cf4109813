// Who may write, and when. `libsql` is synchronous, so SQLite's own busy_timeout would block the event loop,
// and with it the request that would COMMIT and free the lock. The connections therefore use busy_timeout = 0
// and wait here instead, asynchronously:
// - in this process, one stream at a time holds the write lock (its transaction); the others queue for it,
//   first come first served, for up to busyTimeoutMs and then fail with SQLITE_BUSY;
// - a lock held by another process is retried (`retryBusy`) until busyTimeoutMs.
import { StatementError } from "./protocol.ts";

type Waiter<Owner> = { owner: Owner; grant: () => void; fail: (e: Error) => void };

/** SQLITE_BUSY_SNAPSHOT cannot be waited out: the transaction read a snapshot that another has since changed. */
function isRetryableBusy(e: unknown): boolean {
  if (!(e instanceof Error) || !("code" in e) || typeof e.code !== "string") return false;
  return e.code.startsWith("SQLITE_BUSY") && e.code !== "SQLITE_BUSY_SNAPSHOT";
}

export class WriteLock<Owner> {
  readonly busyTimeoutMs: number;
  #owner: Owner | null = null;
  #queue: Waiter<Owner>[] = [];
  #wakeups = new Set<() => void>();
  #closing = false;

  constructor(busyTimeoutMs: number) {
    this.busyTimeoutMs = busyTimeoutMs;
  }

  acquire(owner: Owner): Promise<void> {
    if (this.#owner === null || this.#owner === owner) {
      this.#owner = owner;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter<Owner> = {
        owner,
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
        fail: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      const timer = setTimeout(() => {
        this.#queue.splice(this.#queue.indexOf(waiter), 1);
        const message = `database is locked (another transaction held it for more than ${this.busyTimeoutMs} ms)`;
        reject(new StatementError(message, "SQLITE_BUSY"));
      }, this.busyTimeoutMs);
      this.#queue.push(waiter);
    });
  }

  /** Hands the lock to the next waiter, if `owner` holds it. */
  release(owner: Owner): void {
    if (this.#owner !== owner) return;
    const next = this.#queue.shift();
    this.#owner = next?.owner ?? null;
    next?.grant();
    this.notify();
  }

  /** Runs `run` again while it fails with SQLITE_BUSY (another process holds the lock), until busyTimeoutMs. */
  async retryBusy<T>(run: () => T): Promise<T> {
    const deadline = Date.now() + this.busyTimeoutMs;
    for (;;) {
      try {
        return run();
      } catch (e) {
        if (!isRetryableBusy(e) || this.#closing || Date.now() >= deadline) throw e;
        await this.#pause(deadline);
      }
    }
  }

  /** Wakes the retries early: something in this process may have freed the database. */
  notify(): void {
    for (const wake of [...this.#wakeups]) wake();
  }

  /** At shutdown: waiters fail at once and retries stop. */
  close(): void {
    this.#closing = true;
    for (const waiter of this.#queue.splice(0)) {
      waiter.fail(new StatementError("The server is shutting down", "SERVER_CLOSED"));
    }
    this.notify();
  }

  /** Until `notify`, or a short while: another process's lock gives no signal when it is freed. */
  #pause(deadline: number): Promise<void> {
    return new Promise((wake) => {
      const done = () => {
        clearTimeout(timer);
        this.#wakeups.delete(done);
        wake();
      };
      const timer = setTimeout(done, Math.min(50, Math.max(1, deadline - Date.now())));
      this.#wakeups.add(done);
    });
  }
}
