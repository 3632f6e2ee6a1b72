/**
 * The web's client for the daily course API. Every call returns a `Result`: the value, or an `ApiFailure`
 * (`{status, code, message}`; a network failure is status 0 with `ERR_NETWORK`). Nothing here throws.
 */
import { err, ok, type Result } from '@golf/engine';
import type {
  ApiFailure,
  Attempt,
  Course,
  DrawAnswer,
  HoleAnswer,
  Player,
  PlayerWithToken,
  Replay,
  Standings,
} from './api-types.ts';

export type * from './api-types.ts';
export type ApiResult<T> = Result<T, ApiFailure>;

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export interface ApiOptions {
  /** Defaults to the global `fetch`; tests pass a fake. */
  readonly fetch?: Fetch;
  /** Origin prefix for every path; empty for the same origin. */
  readonly base?: string;
  /** The bearer token to send, if any (read at each call). */
  readonly token?: () => string | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Maps a non-2xx answer to `{status, code, message}`, whatever its body holds. */
export async function failureOf(res: Response): Promise<ApiFailure> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON: fall through to a generic failure
  }
  const e = isRecord(body) && isRecord(body.error) ? body.error : null;
  const code = e && typeof e.code === 'string' ? e.code : `ERR_HTTP_${res.status}`;
  const message = e && typeof e.message === 'string' ? e.message : res.statusText || `HTTP ${res.status}`;
  const at = e && typeof e.at === 'number' ? e.at : undefined;
  return at === undefined ? { status: res.status, code, message } : { status: res.status, code, message, at };
}

/** Whether a failure may succeed when the same request is sent again (network trouble or a server error). */
export const isRetryable = (f: ApiFailure): boolean => f.status === 0 || f.status >= 500;

export interface RetryOptions {
  /** Attempts in all, the first included. */
  readonly attempts?: number;
  readonly baseMs?: number;
  readonly maxMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Called before each retry (e.g. to tell the player "reconnecting"). */
  readonly onRetry?: (failure: ApiFailure, attempt: number) => void;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends the same request again after network failures and 5xx answers, with exponential backoff. Safe only
 * for idempotent requests: the draw and hole routes answer a repeated request with the same result.
 */
export async function withRetry<T>(send: () => Promise<ApiResult<T>>, options: RetryOptions = {}): Promise<ApiResult<T>> {
  const attempts = options.attempts ?? 8;
  const baseMs = options.baseMs ?? 250;
  const maxMs = options.maxMs ?? 4000;
  const wait = options.sleep ?? sleep;
  let result = await send();
  for (let i = 1; i < attempts && !result.ok && isRetryable(result.error); i++) {
    options.onRetry?.(result.error, i);
    await wait(Math.min(maxMs, baseMs * 2 ** (i - 1)));
    result = await send();
  }
  return result;
}

export class GolfApi {
  readonly #fetch: Fetch;
  readonly #base: string;
  readonly #token: () => string | null;

  constructor(options: ApiOptions = {}) {
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.#base = options.base ?? '';
    this.#token = options.token ?? (() => null);
  }

  async #send<T>(method: string, path: string, body?: unknown, token?: string | null): Promise<ApiResult<T>> {
    const headers: Record<string, string> = {};
    const bearer = token === undefined ? this.#token() : token;
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await this.#fetch(`${this.#base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (e) {
      return err({ status: 0, code: 'ERR_NETWORK', message: e instanceof Error ? e.message : 'network error' });
    }
    if (!res.ok) return err(await failureOf(res));
    try {
      return ok((await res.json()) as T);
    } catch {
      return err({ status: res.status, code: 'ERR_BAD_RESPONSE', message: 'the server sent something unreadable' });
    }
  }

  createPlayer(name: string): Promise<ApiResult<PlayerWithToken>> {
    return this.#send('POST', '/api/players', { name }, null);
  }

  me(token?: string): Promise<ApiResult<Player>> {
    return this.#send('GET', '/api/players/me', undefined, token);
  }

  rename(name: string): Promise<ApiResult<Player>> {
    return this.#send('PATCH', '/api/players/me', { name });
  }

  /** Today's course (UTC) when `date` is omitted. */
  course(date?: string): Promise<ApiResult<Course>> {
    return this.#send('GET', date === undefined ? '/api/daily' : `/api/daily/${encodeURIComponent(date)}`);
  }

  attempt(date: string): Promise<ApiResult<Attempt>> {
    return this.#send('GET', `/api/daily/${encodeURIComponent(date)}/attempt`);
  }

  /** Starts today's attempt, or resumes it. */
  startAttempt(date: string): Promise<ApiResult<Attempt>> {
    return this.#send('POST', `/api/daily/${encodeURIComponent(date)}/attempt`, {});
  }

  /** `log` is the hole's whole log, ending in exactly one new `d`. */
  draw(date: string, hole: number, log: string): Promise<ApiResult<DrawAnswer>> {
    return this.#send('POST', `/api/daily/${encodeURIComponent(date)}/attempt/draw`, { hole, log });
  }

  /** Submits a hole's final log. */
  finishHole(date: string, hole: number, log: string): Promise<ApiResult<HoleAnswer>> {
    return this.#send('POST', `/api/daily/${encodeURIComponent(date)}/attempt/holes/${hole}`, { log });
  }

  standings(date: string, page: { limit?: number; offset?: number } = {}): Promise<ApiResult<Standings>> {
    const q = new URLSearchParams();
    if (page.limit !== undefined) q.set('limit', String(page.limit));
    if (page.offset !== undefined) q.set('offset', String(page.offset));
    const qs = q.size > 0 ? `?${q}` : '';
    return this.#send('GET', `/api/daily/${encodeURIComponent(date)}/standings${qs}`);
  }

  replay(date: string, playerId: string): Promise<ApiResult<Replay>> {
    return this.#send('GET', `/api/daily/${encodeURIComponent(date)}/replays/${encodeURIComponent(playerId)}`);
  }
}
