// Types of database.js (why it is JavaScript: see the top of that file).

/** A migrated database served by the project's own libSQL server, for one test file or one test. */
export type TestDatabase = {
  /** Where `@libsql/client` (and the app's `openDatabase`) reaches it: http://127.0.0.1:PORT */
  readonly url: string;
  /** Stops the server and deletes the database file. */
  close(): Promise<void>;
};

/** A new database file in a temporary folder, its server on a free loopback port, every migration applied. */
export declare function startDatabase(): Promise<TestDatabase>;

/** SQL: every account (kind, id, balance, total) whose balance is not the sum of its transactions, or is below 0. */
export declare const LEDGER_MISMATCHES: string;
