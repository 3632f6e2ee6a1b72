import type { ExecutionContext, ScheduledController } from '@cloudflare/workers-types';
import { createApp } from './app.ts';
import { buildDeps, servicesFor } from './deps.ts';
import type { Env } from './env.ts';
import type { AppOptions } from './deps.ts';
import { scheduledJob } from './services/schedule.ts';

export { AttemptObject } from './attempt-object/object.ts';

/** The Worker: the app's fetch, and the cron's job (services/schedule.ts). */
export function createWorker(options: AppOptions = {}) {
  const app = createApp(options);
  const deps = buildDeps(options);
  return {
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
  };
}

export default createWorker();
