/**
 * Every error code the API answers with, and its HTTP status. docs/api.md says when each happens. The web
 * adds three of its own that never come from the server: ERR_NETWORK (no answer), ERR_BAD_RESPONSE (an answer
 * that is not the contract) and ERR_PASSKEY (the browser refused a passkey ceremony).
 */
export const ERROR_STATUS = {
  ERR_VALIDATION: 400,
  ERR_NAME_REFUSED: 400,
  ERR_UNAUTHORIZED: 401,
  ERR_FORBIDDEN: 403,
  ERR_NOT_MODERATOR: 403,
  ERR_NOT_FOUND: 404,
  ERR_FUTURE_DATE: 404,
  ERR_NO_ATTEMPT: 409,
  ERR_DAY_CLOSED: 409,
  ERR_DAY_OPEN: 409,
  ERR_HOLE_ORDER: 409,
  ERR_HISTORY_REWRITTEN: 409,
  ERR_NOT_DRAWN: 409,
  ERR_HOLE_NOT_OVER: 409,
  ERR_ALREADY_FINISHED: 409,
  ERR_CONFLICT: 409,
  ERR_LEAGUE_FULL: 409,
  ERR_TOO_MANY_LEAGUES: 409,
  ERR_METHOD_NOT_ALLOWED: 405,
  ERR_TOO_MANY: 409,
  ERR_NAME_HIDDEN: 409,
  ERR_BODY_TOO_LARGE: 413,
  ERR_ILLEGAL_MOVE: 422,
  ERR_RATE_LIMITED: 429,
  ERR_INTERNAL: 500,
  ERR_UPSTREAM: 502,
  ERR_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_STATUS, code);

/** The JSON body of every error response. `at` is the 0-based index of an illegal move in a log. */
export interface ErrorBody {
  readonly error: { readonly code: ErrorCode; readonly message: string; readonly at?: number };
}
