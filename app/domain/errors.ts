// The one error type of the domain: a status for the HTTP edge and a message
// a person can read. Routes turn it into a toast, a field error or JSON.
export class DomainError extends Error {
  readonly status: number;
  readonly field: string | undefined;

  constructor(status: number, message: string, options: { field?: string } = {}) {
    super(message);
    this.name = "DomainError";
    this.status = status;
    this.field = options.field;
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
