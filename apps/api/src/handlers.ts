import type { ExecutionContext, ScheduledController } from '@cloudflare/workers-types';
import { createApp } from './app.ts';
import { buildDeps, servicesFor } from './deps.ts';
import type { Env } from './env.ts';
import type { AppOptions } from './deps.ts';
import type { Delivery } from './ports/work-queue.ts';
import { consumeBatch } from './services/audit-queue.ts';
import { scheduledJob } from './services/schedule.ts';

/**
 * The Worker's handlers: the app's fetch, the cron's job (services/schedule.ts) and the consumer of the audit
 * queue (services/audit-queue.ts). Nothing Workers-only, so the memory build (src/testing.ts) runs the same ones.
 */
export function createWorker(options: AppOptions = {}) {
  const app = createApp(options);
  const deps = buildDeps(options);
  return {
    app,
    fetch: app.fetch,
    async scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
      const services = servicesFor(
        env,
        deps,
        (work) => ctx.waitUntil(work),
        new Date(controller.scheduledTime),
      );
      ctx.waitUntil(scheduledJob(services));
    },
    /** Cloudflare's `MessageBatch`, or the memory build's (src/adapters/memory-queue.ts). */
    async queue(
      batch: { readonly messages: readonly Delivery[] },
      env: Env,
      ctx: Pick<ExecutionContext, 'waitUntil'>,
    ): Promise<void> {
      await consumeBatch(
        servicesFor(env, deps, (work) => ctx.waitUntil(work)),
        batch.messages,
      );
    },
  };
}
