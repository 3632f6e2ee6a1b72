/**
 * The web's client for the daily course API. Every call returns a `Result`: the value, or an `ApiFailure`
 * (`{status, code, message}`; a network failure is status 0 with `ERR_NETWORK`). Nothing here throws.
 */
import type {
  AppType,
  AttemptView,
  CourseView,
  DayHolesView,
  DeletedPlayer,
  DrawView,
  HistoryView,
  HoleResultView,
  LeagueView,
  ModerationLog,
  ModerationLogEntry,
  ModerationQueue,
  NameTarget,
  NewPlayer,
  PasskeyView,
  PlayerExport,
  PlayerView,
  PushSubscriptionJson,
  ReminderSettings,
  ReplayView,
  ReportView,
  RoundAuditView,
  SeasonView,
  StandingsView,
  TransferCodeView,
  UnderReviewView,
} from '@golf/api';
import { isErrorCode, type ErrorCode, type ReportReason } from '@golf/contract';
import { err, ok, type Result } from '@golf/engine';
import { hc } from 'hono/client';
import type { PageAnswers } from './page-answers.ts';

/**
 * A failure's code: one of the API's (the contract's table), or one the client adds: `ERR_NETWORK` (no answer;
 * status 0), `ERR_BAD_RESPONSE` (an answer outside the contract: not JSON, not the error shape, an unknown code, a
 * course or card that does not parse), `ERR_PASSKEY` (the browser's passkey prompt gave no credential) and
 * `ERR_PUSH` (the browser refused notifications or a push subscription).
 */
export type FailureCode = ErrorCode | 'ERR_NETWORK' | 'ERR_BAD_RESPONSE' | 'ERR_PASSKEY' | 'ERR_PUSH';

/** Every failure the client sees: the API's `{error:{code,message}}`, or one of the client's own codes. */
export interface ApiFailure {
  readonly status: number;
  readonly code: FailureCode;
  readonly message: string;
  readonly at?: number;
}

export type ApiResult<T> = Result<T, ApiFailure>;

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export interface ApiOptions {
  /** Defaults to the global `fetch`; tests pass a fake. */
  readonly fetch?: Fetch;
  /** Where the API lives: `/` (the default) for the same origin. */
  readonly base?: string;
  /** The bearer token to send, if any (read at each call). */
  readonly token?: () => string | null;
  /** Answers the Worker put into the page (page-answers.ts), for the GETs sent without a token. */
  readonly answers?: PageAnswers;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Maps a non-2xx answer to `{status, code, message}`, whatever its body holds (a code outside the contract is `ERR_BAD_RESPONSE`). */
export async function failureOf(
  res: Pick<Response, 'status' | 'statusText'> & { json(): Promise<unknown> },
): Promise<ApiFailure> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON: fall through to a generic failure
  }
  const e = isRecord(body) && isRecord(body.error) ? body.error : null;
  const code = e && typeof e.code === 'string' && isErrorCode(e.code) ? e.code : 'ERR_BAD_RESPONSE';
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
export async function withRetry<T>(
  send: () => Promise<ApiResult<T>>,
  options: RetryOptions = {},
): Promise<ApiResult<T>> {
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

/** The part of a response the client reads (hc's typed responses and `Response` both have it). */
interface JsonResponse<T> {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  json(): Promise<T>;
}

type Client = ReturnType<typeof hc<AppType>>;

export class GolfApi {
  readonly #client: Client;
  /** The same, never sending a token (for creating a player). */
  readonly #anonymous: Client;

  constructor(options: ApiOptions = {}) {
    const send = options.fetch ?? ((input, init) => fetch(input, init));
    const token = options.token ?? (() => null);
    const base = options.base ?? '/';
    const fetchVia = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      // An answer already in the page (page-answers.ts) stands for a GET without a token, once.
      const given =
        options.answers &&
        (init?.method ?? 'GET') === 'GET' &&
        !new Headers(init?.headers).has('authorization')
          ? options.answers.take(url)
          : undefined;
      if (given !== undefined)
        return Promise.resolve(
          new Response(JSON.stringify(given), { headers: { 'content-type': 'application/json' } }),
        );
      return send(url, init);
    };
    this.#client = hc<AppType>(base, {
      fetch: fetchVia,
      headers: (): Record<string, string> => {
        const t = token();
        return t ? { authorization: `Bearer ${t}` } : {};
      },
    });
    this.#anonymous = hc<AppType>(base, { fetch: fetchVia });
  }

  async #run<T>(request: () => Promise<JsonResponse<T>>): Promise<ApiResult<T>> {
    let res: JsonResponse<T>;
    try {
      res = await request();
    } catch (e) {
      return err({
        status: 0,
        code: 'ERR_NETWORK',
        message: e instanceof Error ? e.message : 'network error',
      });
    }
    if (!res.ok) return err(await failureOf(res));
    try {
      return ok(await res.json());
    } catch {
      return err({
        status: res.status,
        code: 'ERR_BAD_RESPONSE',
        message: 'the server sent something unreadable',
      });
    }
  }

  /**
   * Creating a player sends no token (a new identity replaces the old one). Without a name the player is named its
   * stand-in ("Golfer 4F2A") until it renames itself.
   */
  createPlayer(name?: string): Promise<ApiResult<NewPlayer>> {
    return this.#run(() => this.#anonymous.api.players.$post({ json: name === undefined ? {} : { name } }));
  }

  me(): Promise<ApiResult<PlayerView>> {
    return this.#run(() => this.#client.api.players.me.$get());
  }

  rename(name: string): Promise<ApiResult<PlayerView>> {
    return this.#run(() => this.#client.api.players.me.$patch({ json: { name } }));
  }

  /** Everything the server keeps about the player, as the file the API answers (docs/privacy.md). */
  exportData(): Promise<ApiResult<PlayerExport>> {
    return this.#run(() => this.#client.api.players.me.export.$get());
  }

  /** Deletes the player for good (its rounds stay, under "Deleted player"). */
  deletePlayer(): Promise<ApiResult<DeletedPlayer>> {
    return this.#run(() => this.#client.api.players.me.$delete({ json: { confirm: 'delete' } }));
  }

  /** Today's course (UTC) when `date` is omitted. */
  course(date?: string): Promise<ApiResult<CourseView>> {
    const daily = this.#client.api.daily;
    return this.#run(() => (date === undefined ? daily.$get() : daily[':date'].$get({ param: { date } })));
  }

  attempt(date: string): Promise<ApiResult<AttemptView>> {
    return this.#run(() => this.#client.api.daily[':date'].attempt.$get({ param: { date } }));
  }

  /** Starts today's attempt, or resumes it. */
  startAttempt(date: string): Promise<ApiResult<AttemptView>> {
    return this.#run(() => this.#client.api.daily[':date'].attempt.$post({ param: { date } }));
  }

  /** `log` is the hole's whole log, ending in exactly one new `d`. */
  draw(date: string, hole: number, log: string): Promise<ApiResult<DrawView>> {
    return this.#run(() =>
      this.#client.api.daily[':date'].attempt.draw.$post({ param: { date }, json: { hole, log } }),
    );
  }

  /** Submits a hole's final log. */
  finishHole(date: string, hole: number, log: string): Promise<ApiResult<HoleResultView>> {
    return this.#run(() =>
      this.#client.api.daily[':date'].attempt.holes[':hole'].$post({
        param: { date, hole: String(hole) },
        json: { log },
      }),
    );
  }

  standings(date: string, page: { limit?: number; offset?: number } = {}): Promise<ApiResult<StandingsView>> {
    const query: { limit?: string; offset?: string } = {};
    if (page.limit !== undefined) query.limit = String(page.limit);
    if (page.offset !== undefined) query.offset = String(page.offset);
    return this.#run(() => this.#client.api.daily[':date'].standings.$get({ param: { date }, query }));
  }

  /** A closed day's holes against the field (an open day answers `ERR_DAY_OPEN`). */
  dayHoles(date: string): Promise<ApiResult<DayHolesView>> {
    return this.#run(() => this.#client.api.daily[':date'].holes.$get({ param: { date } }));
  }

  replay(date: string, playerId: string): Promise<ApiResult<ReplayView>> {
    return this.#run(() =>
      this.#client.api.daily[':date'].replays[':playerId'].$get({ param: { date, playerId } }),
    );
  }

  /** A finished round's fair-play audit (a closed day's; an open day answers `ERR_FORBIDDEN`). */
  audit(date: string, playerId: string): Promise<ApiResult<RoundAuditView>> {
    return this.#run(() =>
      this.#client.api.daily[':date'].audits[':playerId'].$get({ param: { date, playerId } }),
    );
  }

  /** A closed day's rounds under review, lowest p-value first (an open day's list is empty). */
  review(date: string, page: { limit?: number; offset?: number } = {}): Promise<ApiResult<UnderReviewView>> {
    const query: { limit?: string; offset?: string } = {};
    if (page.limit !== undefined) query.limit = String(page.limit);
    if (page.offset !== undefined) query.offset = String(page.offset);
    return this.#run(() => this.#client.api.daily[':date'].review.$get({ param: { date }, query }));
  }

  /** A one-time code (10 minutes) that moves this player to another device. */
  transferCode(): Promise<ApiResult<TransferCodeView>> {
    return this.#run(() => this.#client.api.players.me.transfer.$post());
  }

  /** Claims a transfer code: this device becomes the code's player (sent without a token). */
  claim(code: string): Promise<ApiResult<NewPlayer>> {
    return this.#run(() => this.#anonymous.api.players.claim.$post({ json: { code } }));
  }

  /** Revokes every token of this player; the answer is this device's fresh one. */
  signOutEverywhere() {
    return this.#run(() => this.#client.api.players.me['sign-out-everywhere'].$post());
  }

  passkeys() {
    return this.#run(() => this.#client.api.players.me.passkeys.$get());
  }

  /** Options for `navigator.credentials.create` (the JSON form). */
  passkeyRegistrationOptions() {
    return this.#run(() => this.#client.api.players.me.passkeys.options.$post());
  }

  /** Stores a passkey: `credential` is the browser's registration answer in JSON form. */
  registerPasskey(credential: unknown): Promise<ApiResult<PasskeyView>> {
    type Body = Parameters<Client['api']['players']['me']['passkeys']['$post']>[0]['json'];
    return this.#run(() => this.#client.api.players.me.passkeys.$post({ json: credential as Body }));
  }

  /** Options for `navigator.credentials.get` (the JSON form). */
  passkeySignInOptions() {
    return this.#run(() => this.#anonymous.api.players.passkeys.options.$post());
  }

  /** Signs in with the browser's authentication answer: this device becomes the passkey's player. */
  passkeySignIn(credential: unknown): Promise<ApiResult<NewPlayer>> {
    type Body = Parameters<Client['api']['players']['passkeys']['sign-in']['$post']>[0]['json'];
    return this.#run(() =>
      this.#anonymous.api.players.passkeys['sign-in'].$post({ json: credential as Body }),
    );
  }

  history(page: { limit?: number; offset?: number } = {}): Promise<ApiResult<HistoryView>> {
    const query: { limit?: string; offset?: string } = {};
    if (page.limit !== undefined) query.limit = String(page.limit);
    if (page.offset !== undefined) query.offset = String(page.offset);
    return this.#run(() => this.#client.api.players.me.history.$get({ query }));
  }

  myLeagues() {
    return this.#run(() => this.#client.api.players.me.leagues.$get());
  }

  createLeague(name: string) {
    return this.#run(() => this.#client.api.leagues.$post({ json: { name } }));
  }

  joinLeague(code: string) {
    return this.#run(() => this.#client.api.leagues.join.$post({ json: { code } }));
  }

  leaveLeague(id: string) {
    return this.#run(() => this.#client.api.leagues[':id'].members.me.$delete({ param: { id } }));
  }

  /** The server's VAPID public key (base64url); `ERR_UNAVAILABLE` when this server has reminders off. */
  pushKey() {
    return this.#run(() => this.#anonymous.api.push.key.$get());
  }

  /** Stores this browser's push subscription (`PushSubscription.toJSON()`) for the player. */
  subscribePush(subscription: PushSubscriptionJson) {
    return this.#run(() => this.#client.api.players.me.push.$post({ json: subscription }));
  }

  pushDevices() {
    return this.#run(() => this.#client.api.players.me.push.$get());
  }

  /** Removes one of the player's push subscriptions (the answer has no body). */
  unsubscribePush(id: string): Promise<ApiResult<null>> {
    return this.#run<null>(async () => {
      const res = await this.#client.api.players.me.push[':id'].$delete({ param: { id } });
      const empty = { ok: true, status: res.status, statusText: res.statusText, json: async () => null };
      return res.ok ? empty : (res as unknown as JsonResponse<null>);
    });
  }

  reminders(): Promise<ApiResult<ReminderSettings>> {
    return this.#run(() => this.#client.api.players.me.reminders.$get());
  }

  /** Changes the fields given; `{kinds: []}` turns reminders off. */
  setReminders(change: Partial<ReminderSettings>): Promise<ApiResult<ReminderSettings>> {
    return this.#run(() =>
      this.#client.api.players.me.reminders.$put({
        json: { ...change, kinds: change.kinds === undefined ? undefined : [...change.kinds] },
      }),
    );
  }

  league(id: string): Promise<ApiResult<LeagueView>> {
    return this.#run(() => this.#client.api.leagues[':id'].$get({ param: { id } }));
  }

  leagueStandings(id: string, date: string): Promise<ApiResult<StandingsView>> {
    return this.#run(() =>
      this.#client.api.leagues[':id'].standings[':date'].$get({
        param: { id, date },
        query: { limit: '100' },
      }),
    );
  }

  leagueSeason(id: string, period: 'week' | 'month', date: string): Promise<ApiResult<SeasonView>> {
    return this.#run(() =>
      this.#client.api.leagues[':id'].season.$get({ param: { id }, query: { period, date } }),
    );
  }

  /** Renames a league (its creator only); a new name clears a hidden one. */
  renameLeague(id: string, name: string): Promise<ApiResult<LeagueView>> {
    return this.#run(() => this.#client.api.leagues[':id'].$patch({ param: { id }, json: { name } }));
  }

  /** Reports a player's name or a league's: a new report, or the one made before (the same answer). */
  report(target: NameTarget, reason: ReportReason): Promise<ApiResult<ReportView>> {
    const json = target.kind === 'player' ? { playerId: target.id, reason } : { leagueId: target.id, reason };
    return this.#run(() => this.#client.api.reports.$post({ json }));
  }

  /** The names waiting for a moderator, oldest first (`ERR_NOT_MODERATOR` for anyone else). */
  moderationQueue(page: { limit?: number; offset?: number } = {}): Promise<ApiResult<ModerationQueue>> {
    return this.#run(() => this.#client.api.moderation.reports.$get({ query: pageQuery(page) }));
  }

  /** A moderator's act on a name: hide, restore or dismiss its reports. */
  moderate(
    action: 'hide' | 'restore' | 'dismiss',
    target: NameTarget,
  ): Promise<ApiResult<ModerationLogEntry>> {
    const json = target.kind === 'player' ? { action, playerId: target.id } : { action, leagueId: target.id };
    return this.#run(() => this.#client.api.moderation.actions.$post({ json }));
  }

  /** The moderation log, newest first. */
  moderationLog(page: { limit?: number; offset?: number } = {}): Promise<ApiResult<ModerationLog>> {
    return this.#run(() => this.#client.api.moderation.log.$get({ query: pageQuery(page) }));
  }
}

/** A page's `limit` and `offset` as the query strings the API reads. */
function pageQuery(page: { limit?: number; offset?: number }): { limit?: string; offset?: string } {
  const query: { limit?: string; offset?: string } = {};
  if (page.limit !== undefined) query.limit = String(page.limit);
  if (page.offset !== undefined) query.offset = String(page.offset);
  return query;
}
