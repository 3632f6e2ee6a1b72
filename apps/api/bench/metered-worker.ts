/**
 * The benches' Worker entry (bench/local-server.ts starts it in place of src/worker.ts): the product's Worker and
 * attempt objects, unchanged, with the work behind each request counted from outside (bench/work-meter.ts). The
 * D1 bindings the app and the objects are given are wrapped, each call an object answers is counted, and
 * `GET /api/dev/counters` (with SERVER_TIMING=1 or LOCAL_DEV=1) answers the counts of this isolate; a `POST`
 * answers the same and starts the row maxima afresh. The product itself keeps no counter.
 */
import type { ExecutionContext, ScheduledController } from '@cloudflare/workers-types';
import type { Env } from '../src/env.ts';
import { AttemptObject as ProductAttemptObject } from '../src/attempt-object/object.ts';
import type { Caller } from '../src/attempt-object/session.ts';
import type { StartInput } from '../src/attempt-object/fair-stock.ts';
import { createWorker } from '../src/handlers.ts';
import type { Delivery } from '../src/ports/work-queue.ts';
import { WorkMeter } from './work-meter.ts';

/** One meter for this isolate: the bench's, never the product's. */
const meter = new WorkMeter();
const worker = createWorker();

const countersOn = (env: Env): boolean => env.SERVER_TIMING === '1' || env.LOCAL_DEV === '1';

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/dev/counters' && ['GET', 'POST'].includes(request.method) && countersOn(env)) {
      const now = meter.snapshot();
      if (request.method === 'POST') meter.resetRowMaxima();
      return Response.json(now);
    }
    return worker.fetch(request, meter.env(env), ctx);
  },
  scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
    return worker.scheduled(controller, meter.env(env), ctx);
  },
  queue(
    batch: { readonly messages: readonly Delivery[] },
    env: Env,
    ctx: Pick<ExecutionContext, 'waitUntil'>,
  ): Promise<void> {
    return worker.queue(batch, meter.env(env), ctx);
  },
};

/** The product's attempt object on counted D1 bindings, each RPC call it answers counted. */
export class AttemptObject extends ProductAttemptObject {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, meter.env(env));
  }

  override start(caller: Caller, input: Omit<StartInput, 'playerId'>) {
    meter.counts.objectCalls++;
    return super.start(caller, input);
  }

  override view(caller: Caller) {
    meter.counts.objectCalls++;
    return super.view(caller);
  }

  override draw(caller: Caller, hole: number, log: string, now: number) {
    meter.counts.objectCalls++;
    return super.draw(caller, hole, log, now);
  }

  override finishHole(caller: Caller, hole: number, log: string, now: number) {
    meter.counts.objectCalls++;
    return super.finishHole(caller, hole, log, now);
  }

  override record() {
    meter.counts.objectCalls++;
    return super.record();
  }

  override forgetTokens() {
    meter.counts.objectCalls++;
    return super.forgetTokens();
  }

  override forgetPlayer() {
    meter.counts.objectCalls++;
    return super.forgetPlayer();
  }

  override standing(caller: Caller) {
    meter.counts.objectCalls++;
    return super.standing(caller);
  }
}
