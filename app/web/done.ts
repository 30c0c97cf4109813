// What a use case returns (app/web/use-case.server.ts runs it): its answer, what it changed and the e-mails it owes.
// Types and one constructor only, so that any service can return it without importing what runs it.
import type { Change } from "~/domain/changes.ts";
import type { Mailer } from "~/server/email.server.ts";

/** An e-mail (or a few) a write owes once it has committed: it never fails the write (senders are quiet). */
export type Mail = (mailer: Mailer, origin: string) => Promise<void>;

/** What a use case returns. */
export type Done<T> = {
  answer: T;
  /** What the write changed, for the screens and the floor; none (or null) when nothing anyone watches moved. */
  changes: readonly (Change | null | undefined)[];
  mail?: readonly Mail[];
};

/** A use case's outcome with nothing for anyone else: a write no screen shows. */
export const quiet = <T>(answer: T): Done<T> => ({ answer, changes: [] });
