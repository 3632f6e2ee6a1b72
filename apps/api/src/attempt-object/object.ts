import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../env.ts';
import { d1Session } from '../adapters/d1/session.ts';
import { ledgerBindings } from '../adapters/d1/bindings.ts';
import type { AttemptView, DrawView, HoleResultView, Outcome, StartInput } from './fair-stock.ts';
import {
  AttemptSession,
  type AttemptHousekeeping,
  type AttemptRecordView,
  type AttemptRpc,
  type Caller,
  type OwnStanding,
  type StorageFootprint,
} from './session.ts';
import { SqlAttemptStore } from './sql-store.ts';

/**
 * Tables that exist only under `wrangler dev`: Miniflare's wrapper of every Durable Object class writes the name of
 * an object addressed by name into `__miniflare_do_name` in its constructor (for its local explorer). Cloudflare
 * runs no such wrapper, so {@link AttemptObject.footprint} does not count it as stored.
 */
const LOCAL_ONLY_TABLES: readonly string[] = ['__miniflare_do_name'];

/** How long after a failed ledger write the alarm tries again. */
const RETRY_MS = 30_000;

/**
 * One ranked attempt, one object: named `date/playerId`, called by typed RPC from the Worker's routes, which keep
 * input validation. The object owns the fair-stock rules (fair-stock.ts) on its own SQLite storage and writes the
 * ledger's two rows (started, finished) to D1; a draw touches nothing but this object. A week after its day
 * closes, its alarm clears its storage (the ledger keeps the round) and writes nothing after: Cloudflare removes an
 * object whose storage is empty when it shuts down. Nothing but `start` creates storage, so an object only read
 * (a view of an attempt never started, a replay, forgetting tokens) is never stored at all.
 */
export class AttemptObject extends DurableObject<Env> implements AttemptRpc, AttemptHousekeeping {
  readonly #session: AttemptSession;
  readonly #store: SqlAttemptStore;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const store = new SqlAttemptStore(ctx.storage.sql, (closure) => ctx.storage.transactionSync(closure));
    this.#store = store;
    this.#session = new AttemptSession(
      store,
      (date) => d1Session(ledgerBindings(env), 'primary', date),
      () => {
        void ctx.storage.setAlarm(Date.now() + RETRY_MS);
      },
    );
  }

  async start(caller: Caller, input: Omit<StartInput, 'playerId'>): Promise<Outcome<AttemptView>> {
    const outcome = await this.#session.start(caller, input);
    // The alarm that will clear this object's storage once its day is long closed (unless a retry is due first).
    const expiry = this.#session.expiresAt();
    if (outcome.ok && expiry !== null && expiry > Date.now() && (await this.ctx.storage.getAlarm()) === null)
      await this.ctx.storage.setAlarm(expiry);
    return outcome;
  }

  view(caller: Caller): Promise<Outcome<AttemptView>> {
    return this.#session.view(caller);
  }

  draw(caller: Caller, hole: number, log: string, now: number): Promise<Outcome<DrawView>> {
    return this.#session.draw(caller, hole, log, now);
  }

  finishHole(caller: Caller, hole: number, log: string, now: number): Promise<Outcome<HoleResultView>> {
    return this.#session.finishHole(caller, hole, log, now);
  }

  record(): Promise<AttemptRecordView | null> {
    return this.#session.record();
  }

  forgetTokens(): Promise<void> {
    return this.#session.forgetTokens();
  }

  forgetPlayer(): Promise<void> {
    return this.#session.forgetPlayer();
  }

  standing(caller: Caller): Promise<Outcome<OwnStanding>> {
    return this.#session.standing(caller);
  }

  /**
   * Retries the ledger rows a failed write left owed (the session sets the next alarm if it fails again); once
   * nothing is owed, clears the object's storage when it has expired, or sets the alarm for when it will.
   */
  override async alarm(): Promise<void> {
    await this.#expire(Date.now());
  }

  async #expire(now: number): Promise<void> {
    if (!(await this.#session.sync())) return;
    const expiry = this.#session.expiresAt();
    if (expiry === null) return;
    if (now < expiry) {
      await this.ctx.storage.setAlarm(expiry);
      return;
    }
    // Data and alarm alike (compatibility date 2026-02-24 or later); nothing may be written after this.
    await this.ctx.storage.deleteAll();
    this.#store.cleared();
  }

  async footprint(): Promise<StorageFootprint> {
    const tables = this.ctx.storage.sql
      .exec<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
      .toArray()
      .map((t) => t.name);
    const alarm = await this.ctx.storage.getAlarm();
    return {
      bytes: this.ctx.storage.sql.databaseSize,
      tables,
      alarm,
      empty: tables.every((t) => LOCAL_ONLY_TABLES.includes(t)) && alarm === null,
    };
  }

  async expireNow(): Promise<StorageFootprint> {
    await this.#expire(Number.POSITIVE_INFINITY);
    return this.footprint();
  }
}
