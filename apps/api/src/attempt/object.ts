import { DurableObject } from 'cloudflare:workers';
import { counters } from '../counters.ts';
import type { Env } from '../env.ts';
import { D1Ledger } from '../storage/d1.ts';
import type { AttemptView, DrawView, HoleResultView, Outcome, StartInput } from './book.ts';
import { AttemptSession, type AttemptRecordView, type AttemptRpc, type Caller } from './session.ts';
import { SqlAttemptStore } from './sql-store.ts';

/** How long after a failed ledger write the alarm tries again. */
const RETRY_MS = 30_000;

/**
 * One ranked attempt, one object: named `date/playerId`, called by typed RPC from the Worker's routes, which keep
 * input validation. The object owns the fair-stock rules (book.ts) on its own SQLite storage and writes the
 * ledger's two rows (started, finished) to D1; a draw touches nothing but this object.
 */
export class AttemptObject extends DurableObject<Env> implements AttemptRpc {
  readonly #session: AttemptSession;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const store = new SqlAttemptStore(ctx.storage.sql, (closure) => ctx.storage.transactionSync(closure));
    this.#session = new AttemptSession(store, new D1Ledger(env.DB), () => {
      void ctx.storage.setAlarm(Date.now() + RETRY_MS);
    });
  }

  start(caller: Caller, input: Omit<StartInput, 'playerId'>): Promise<Outcome<AttemptView>> {
    counters.objectCalls++;
    return this.#session.start(caller, input);
  }

  view(caller: Caller): Promise<Outcome<AttemptView>> {
    counters.objectCalls++;
    return this.#session.view(caller);
  }

  draw(caller: Caller, hole: number, log: string, now: number): Promise<Outcome<DrawView>> {
    counters.objectCalls++;
    return this.#session.draw(caller, hole, log, now);
  }

  finishHole(caller: Caller, hole: number, log: string, now: number): Promise<Outcome<HoleResultView>> {
    counters.objectCalls++;
    return this.#session.finishHole(caller, hole, log, now);
  }

  record(): Promise<AttemptRecordView | null> {
    counters.objectCalls++;
    return this.#session.record();
  }

  forgetTokens(): Promise<void> {
    counters.objectCalls++;
    return this.#session.forgetTokens();
  }

  /** Retries the ledger rows a failed write left owed (the session sets the next alarm if it fails again). */
  override async alarm(): Promise<void> {
    await this.#session.sync();
  }
}
