// Running one write (a use case) and everything that follows it. A use case takes the caller's database handle and
// its parsed input and returns `Done`: its answer, what it changed and the e-mails it owes. `perform` runs it, then
// the consequences (push, the floor, calls, ratings: after-change.server.ts), then the e-mails: a slow mail server
// never holds back the screens. The JSON route and the
// page action are adapters over the same use case: neither sends e-mail, builds a `Change` or runs a consequence.
import type { Sender } from "~/db/batch.server.ts";
import { afterChanges, type Consequences } from "~/features/live/server/after-change.server.ts";
import { getMailer } from "~/server/email.server.ts";
import type { Done } from "./done.ts";

/** A write: the caller's handle (its checks ride with every batch) and the parsed input. */
export type UseCase<D extends Sender, In, T> = (db: D, input: In) => Promise<Done<T>>;

/** Runs the use case `run` as `db`'s caller, then what follows it: its answer, once consequences and e-mails ran. */
export async function perform<D extends Sender, In, T>(
  app: Consequences,
  db: D,
  run: UseCase<D, In, T>,
  input: In,
): Promise<T> {
  const done = await run(db, input);
  await afterChanges(
    db,
    app,
    done.changes.filter((change) => change != null),
  );
  if (done.mail && done.mail.length > 0) {
    const mailer = getMailer(app.env, app.database);
    for (const send of done.mail) await send(mailer, app.env.APP_URL);
  }
  return done.answer;
}
