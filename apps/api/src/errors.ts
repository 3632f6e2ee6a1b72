import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@golf/contract';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export { ERROR_STATUS, type ErrorBody, type ErrorCode };

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
