import { closesAt, DAY_MS } from '@golf/contract';
import type { Ledger } from '../ports/ledger.ts';
import {
  attemptView,
  draw,
  finish,
  finishedRow,
  pendingRows,
  start,
  type AttemptFailure,
  type AttemptState,
  type AttemptStore,
  type AttemptView,
  type DrawView,
  type HoleResultView,
  type Outcome,
  type StartInput,
} from './fair-stock.ts';

/** How long an attempt object keeps its storage after its day closes. */
export const KEEP_AFTER_CLOSE_MS = 7 * DAY_MS;

/** Who is calling: the player a bearer token claims to be, and the token's hash, checked before anything else. */
export interface Caller {
  readonly playerId: string;
  readonly tokenHash: string;
}

/** The finished holes of an attempt, for replays (no deck, nothing undrawn). */
export interface AttemptRecordView {
  readonly finished: boolean;
  readonly total: number | null;
  readonly holes: readonly { readonly hole: number; readonly log: string; readonly strokes: number }[];
}

/**
 * What one attempt answers: the Durable Object's RPC methods (src/attempt/object.ts) and the in-memory build's
 * (src/testing.ts) are both this. Every answer is an {@link Outcome}; refusals are values, never thrown, so they
 * cross the RPC boundary with their codes.
 */
export interface AttemptRpc {
  start(caller: Caller, input: Omit<StartInput, 'playerId'>): Promise<Outcome<AttemptView>>;
  view(caller: Caller): Promise<Outcome<AttemptView>>;
  draw(caller: Caller, hole: number, log: string, now: number): Promise<Outcome<DrawView>>;
  finishHole(caller: Caller, hole: number, log: string, now: number): Promise<Outcome<HoleResultView>>;
  /** The finished holes, for replays; null when the attempt was never started. */
  record(): Promise<AttemptRecordView | null>;
  /** Forgets every token verified so far: the next request checks its token against the ledger again. */
  forgetTokens(): Promise<void>;
  /**
   * Its player was deleted: forgets every token verified so far and the client address's hash, so a ledger row
   * still owed (written later by the object's alarm) carries none. Writes nothing when the attempt was never
   * started.
   */
  forgetPlayer(): Promise<void>;
  /** The caller's ranked round once the ledger holds it, for their place in the standings (docs/api.md). */
  standing(caller: Caller): Promise<Outcome<OwnStanding>>;
}

/** A player's own round as the standings place it: the ledger's finished row, as the attempt wrote it. */
export interface OwnRound {
  readonly total: number;
  readonly strokes: readonly number[];
  readonly finishedAt: number;
}

/**
 * The caller's round, null until its finished row is in the ledger; and the bookmark of the ledger's state
 * right after that write (null when this object has not written it since it was last loaded).
 */
export interface OwnStanding {
  readonly playerId: string;
  readonly round: OwnRound | null;
  readonly bookmark: string | null;
}

/**
 * What an attempt object's storage holds, for the tests and the local bench: the SQLite file's size in bytes
 * (4,096, one empty page, when nothing is stored), its tables (Cloudflare's own `_cf_*` ones included: an alarm
 * is kept in one), and the alarm. `empty` is what lets Cloudflare remove the object when it shuts down: no table
 * and no alarm (under `wrangler dev`, Miniflare's own `__miniflare_do_name` table aside: it writes it into every
 * named object, and it does not exist on Cloudflare).
 */
export interface StorageFootprint {
  readonly bytes: number;
  readonly tables: readonly string[];
  readonly alarm: number | null;
  readonly empty: boolean;
}

/**
 * The attempt object's housekeeping, for local development and tests only: the Worker reaches it from
 * `/api/dev/attempt-objects/expire` (with `LOCAL_DEV=1`, else 404) and nothing else calls it.
 */
export interface AttemptHousekeeping {
  /** What the storage holds now; reads only. */
  footprint(): Promise<StorageFootprint>;
  /** Runs the final alarm as if the attempt's expiry had come (rows still owed are written first), then reports. */
  expireNow(): Promise<StorageFootprint>;
}

/** What an attempt needs of the ledger: its player's tokens, and its own two rows. */
export type AttemptLedger = Pick<Ledger, 'players' | 'rounds'>;

/**
 * The ledger for one use (a token check, a sync): a session whose first query goes to the primary, so a check
 * reads the newest tokens, and whose bookmark after a write names a state that holds it.
 */
export interface AttemptLedgerSession {
  readonly ledger: AttemptLedger;
  bookmark(): string | null;
}

const unauthorized: { ok: false; error: AttemptFailure } = {
  ok: false,
  error: { code: 'ERR_UNAUTHORIZED', message: 'unknown token' },
};

const nameHidden: { ok: false; error: AttemptFailure } = {
  ok: false,
  error: {
    code: 'ERR_NAME_HIDDEN',
    message:
      'your name was hidden after reports or by a moderator: choose a new name before your next ranked round',
  },
};

/**
 * One attempt: the pure rules of fair-stock.ts on a store, the caller's token checked against the ledger (then
 * remembered until {@link forgetTokens}), and the ledger rows written after the writes they follow. A ledger
 * write that fails is retried by `retryLater` (the object's alarm); the attempt's own record is already safe.
 */
export class AttemptSession implements AttemptRpc {
  readonly #store: AttemptStore;
  readonly #ledger: (date: string) => AttemptLedgerSession;
  readonly #retryLater: () => void;
  readonly #verified = new Set<string>();
  /** Bumped by forgetTokens, so a check that was in flight then cannot remember its token afterwards. */
  #epoch = 0;
  /** The ledger's state after this attempt's finished row was written (kept in memory only). */
  #finishedBookmark: string | null = null;

  /** `ledger(date)`: a session on the ledger for that day (ports/ledger-session.ts). */
  constructor(store: AttemptStore, ledger: (date: string) => AttemptLedgerSession, retryLater: () => void) {
    this.#store = store;
    this.#ledger = ledger;
    this.#retryLater = retryLater;
  }

  async #authorized(caller: Caller): Promise<boolean> {
    const state = this.#store.read();
    if (state !== null && state.playerId !== caller.playerId) return false;
    if (this.#verified.has(caller.tokenHash)) return true;
    const epoch = this.#epoch;
    const owner = await this.#ledger(state?.date ?? '').ledger.players.playerIdByTokenHash(caller.tokenHash);
    if (owner !== caller.playerId) return false;
    if (epoch === this.#epoch) this.#verified.add(caller.tokenHash);
    return true;
  }

  async start(caller: Caller, input: Omit<StartInput, 'playerId'>): Promise<Outcome<AttemptView>> {
    if (!(await this.#authorized(caller))) return unauthorized;
    // A new ranked round needs a name that is shown (an attempt already started goes on): one read, once a day.
    if (
      this.#store.read() === null &&
      (await this.#ledger(input.date).ledger.players.isNameHidden(caller.playerId))
    )
      return nameHidden;
    const state = start(this.#store, { ...input, playerId: caller.playerId });
    await this.sync();
    return { ok: true, value: attemptView(state) };
  }

  async view(caller: Caller): Promise<Outcome<AttemptView>> {
    if (!(await this.#authorized(caller))) return unauthorized;
    const state = this.#store.read();
    if (state === null)
      return { ok: false, error: { code: 'ERR_NO_ATTEMPT', message: 'no attempt on this day' } };
    return { ok: true, value: attemptView(state) };
  }

  async draw(caller: Caller, hole: number, log: string, now: number): Promise<Outcome<DrawView>> {
    if (!(await this.#authorized(caller))) return unauthorized;
    return draw(this.#store, hole, log, now);
  }

  async finishHole(caller: Caller, hole: number, log: string, now: number): Promise<Outcome<HoleResultView>> {
    if (!(await this.#authorized(caller))) return unauthorized;
    const result = finish(this.#store, hole, log, now);
    if (result.ok && result.value.finished) await this.sync();
    return result;
  }

  async record(): Promise<AttemptRecordView | null> {
    const state: AttemptState | null = this.#store.read();
    if (state === null) return null;
    const done = state.holes.filter((h) => h.strokes !== null);
    return {
      finished: done.length === state.holes.length,
      total: done.length === 0 ? null : done.reduce((sum, h) => sum + h.strokes!, 0),
      holes: done.map((h) => ({ hole: h.hole, log: h.log, strokes: h.strokes! })),
    };
  }

  async forgetTokens(): Promise<void> {
    this.#verified.clear();
    this.#epoch++;
  }

  async forgetPlayer(): Promise<void> {
    await this.forgetTokens();
    this.#store.forgetAddress();
  }

  async standing(caller: Caller): Promise<Outcome<OwnStanding>> {
    if (!(await this.#authorized(caller))) return unauthorized;
    const state = this.#store.read();
    const row = state?.synced.finished ? finishedRow(state) : null;
    const round = row && { total: row.total, strokes: row.strokes, finishedAt: row.finishedAt };
    return {
      ok: true,
      value: { playerId: caller.playerId, round, bookmark: row === null ? null : this.#finishedBookmark },
    };
  }

  /**
   * When this attempt's own storage may go: {@link KEEP_AFTER_CLOSE_MS} after its day closes (the ledger holds a
   * finished round for good; an unfinished one is unranked, and its partial replay goes with the object). Null
   * before the attempt exists.
   */
  expiresAt(): number | null {
    const state = this.#store.read();
    return state === null ? null : closesAt(state.date).getTime() + KEEP_AFTER_CLOSE_MS;
  }

  /** Writes the ledger rows still owed (started, then finished). True when nothing is owed any more. */
  async sync(): Promise<boolean> {
    const state = this.#store.read();
    if (state === null) return true;
    const { started, finished } = pendingRows(state);
    if (!started && !finished) return true;
    const session = this.#ledger(state.date);
    try {
      if (started) {
        await session.ledger.rounds.attemptStarted(started);
        this.#store.markSynced('started');
        // The ledger keeps the address hash for the audit's time; the object has no use for it any more.
        this.#store.forgetAddress();
      }
      if (finished) {
        await session.ledger.rounds.attemptFinished(finished);
        this.#store.markSynced('finished');
        this.#finishedBookmark = session.bookmark();
      }
      return true;
    } catch (error) {
      console.error('ledger write failed; retrying later', error);
      this.#retryLater();
      return false;
    }
  }
}
