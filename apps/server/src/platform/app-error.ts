import { httpStatusOf, type ErrorCode } from '@app/contracts';

/** A failure a caller can act on: a stable code, its HTTP status, optional data for the envelope. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly value?: unknown,
    /** Words substituted into the message ({0}, {1}, ...). */
    readonly params: (string | number)[] = [],
  ) {
    super(code);
    this.statusCode = httpStatusOf(code);
  }
}
