// The one error type of the domain: a status for the HTTP edge and a message
// a person can read. Routes turn it into a toast, a field error or JSON.
export class DomainError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  /** For 429s: when to try again (the Retry-After header). */
  readonly retryAfterSeconds: number | undefined;
  /** What kind of refusal this is, for code that must tell refusals apart (never their message). */
  readonly code: string | undefined;

  constructor(
    status: number,
    message: string,
    options: { field?: string; retryAfterSeconds?: number; code?: string } = {},
  ) {
    super(message);
    this.name = "DomainError";
    this.status = status;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.code = options.code;
  }
}

/** The tournament named does not exist: the one refusal a page sends elsewhere for (the director's list). */
export const TOURNAMENT_NOT_FOUND = "tournament-not-found";
export const tournamentNotFound = () => new DomainError(404, "Tournament not found", { code: TOURNAMENT_NOT_FOUND });

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

/**
 * The headers a DomainError's answer carries: when to try again, and the refusal's code (`Refusal-Code`), which a
 * client tells refusals apart by (the body stays DESIGN §7's `{ message }`).
 */
export function errorHeaders(error: DomainError): Record<string, string> {
  return {
    ...(error.retryAfterSeconds === undefined ? {} : { "Retry-After": String(error.retryAfterSeconds) }),
    ...(error.code === undefined ? {} : { "Refusal-Code": error.code }),
  };
}
