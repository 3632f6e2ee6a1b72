import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Every error code the API answers with, and its HTTP status. docs/api.md describes when each happens. */
export const ERROR_STATUS = {
  ERR_VALIDATION: 400,
  ERR_UNAUTHORIZED: 401,
  ERR_FORBIDDEN: 403,
  ERR_NOT_FOUND: 404,
  ERR_FUTURE_DATE: 404,
  ERR_NO_ATTEMPT: 409,
  ERR_DAY_CLOSED: 409,
  ERR_HOLE_ORDER: 409,
  ERR_HISTORY_REWRITTEN: 409,
  ERR_NOT_DRAWN: 409,
  ERR_HOLE_NOT_OVER: 409,
  ERR_ALREADY_FINISHED: 409,
  ERR_CONFLICT: 409,
  ERR_BODY_TOO_LARGE: 413,
  ERR_ILLEGAL_MOVE: 422,
  ERR_RATE_LIMITED: 429,
  ERR_INTERNAL: 500,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The JSON body of every error response. `at` is the 0-based index of an illegal move in a log. */
export interface ErrorBody {
  readonly error: { readonly code: ErrorCode; readonly message: string; readonly at?: number };
}

/** A known failure: the one error handler turns it into its status and an {@link ErrorBody}. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly at: number | undefined;
  /** Seconds to wait, for ERR_RATE_LIMITED (sent as Retry-After). */
  readonly retryAfter: number | undefined;

  constructor(code: ErrorCode, message: string, extra: { at?: number; retryAfter?: number } = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.at = extra.at;
    this.retryAfter = extra.retryAfter;
  }

  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code];
  }

  toBody(): ErrorBody {
    return {
      error: { code: this.code, message: this.message, ...(this.at === undefined ? {} : { at: this.at }) },
    };
  }
}
