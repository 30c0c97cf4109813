// Finding a table by its access code, the one way every surface that takes a
// code does it (the tablet's JSON API, the scoreboard page, the tablet's push
// channel): a code that names no table counts against the client's address,
// and past the limit wrong codes are refused with a 429. Only wrong codes are
// counted and only wrong codes are refused, so a tablet with the right code
// keeps working from an address that has been guessing.
import { type Read, type Sender, write } from "~/db/batch.server.ts";
import { DomainError, isDomainError } from "~/domain/errors.ts";
import { normalizeAccessCode } from "~/features/floor/domain/tables.ts";
import { clientAddress, countOne, type Counter, type RateLimit, refuseIfOver } from "~/server/rate-limit.server.ts";

/** Wrong access codes from one address: 8 characters of 31 leave nothing to guess at this pace. */
const WRONG_CODE_LIMIT: RateLimit = {
  name: "wrong-codes",
  limit: 30,
  windowMs: 60 * 1000,
  message: () => "Too many wrong access codes. Wait a minute and try again.",
};

const INVALID_CODE = "Invalid access code";

/** The refusal of a code that names no table (the `code` the 429 carries too: the rule's name). */
export const invalidCode = () => new DomainError(404, INVALID_CODE, { code: WRONG_CODE_LIMIT.name });

/** Whether `error` refuses the code itself (none such, or too many wrong ones), not what was asked of the table. */
export const isCodeRefusal = (error: unknown): error is DomainError =>
  isDomainError(error) && error.code === WRONG_CODE_LIMIT.name;

/** An access code as a client sent it (any case, perhaps no code at all), and the client's address. */
export type SentCode = { code: string; address: string };

export const sentCode = (request: Request, code: string): SentCode => ({ code, address: clientAddress(request) });

/**
 * What `lookup` finds by the table's code: one round trip for a right code.
 * A wrong one (no table, or not a code at all) is then counted in a second
 * round trip, and refused: 404, or 429 with when to try again once the
 * address has sent more than the limit's wrong codes in its window.
 */
export async function findByCode<T>(
  db: Sender,
  sent: SentCode,
  lookup: (code: string) => Read<T | null>,
  now = Date.now(),
): Promise<T> {
  const code = normalizeAccessCode(sent.code);
  const found = code ? await db.send(lookup(code)) : null;
  if (found !== null) return found;
  const counter = await db.write(write([countOne(WRONG_CODE_LIMIT, sent.address, now)], ([rows]) => rows as Counter[]));
  refuseIfOver(counter, WRONG_CODE_LIMIT, now);
  throw invalidCode();
}
