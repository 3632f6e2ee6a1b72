import type { ExecutionContext, ScheduledController } from '@cloudflare/workers-types';
import { createApp } from './app.ts';
import type { AppOptions, Env } from './env.ts';
import { buildDeps, servicesFor } from './deps.ts';
import { createCourseAhead } from './services/schedule.ts';

export { createApp, type AppType } from './app.ts';
export type { ErrorBody, ErrorCode } from './errors.ts';
export type { CourseView, HoleView } from './services/course.ts';
export type { AttemptView, AttemptHoleView, DrawView, HoleResultView } from './services/attempt.ts';
export type { StandingsView, StandingEntry } from './services/standings.ts';
export type { ReplayView } from './services/replays.ts';
export type { NewPlayer, PlayerView } from './services/players.ts';

/** The Worker: the app's fetch, and a cron handler that creates tomorrow's course ahead of time. */
export function createWorker(options: AppOptions = {}) {
  const app = createApp(options);
  const deps = buildDeps(options);
  return {
    fetch: app.fetch,
    async scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
      const services = servicesFor(env, deps, new Date(controller.scheduledTime));
      ctx.waitUntil(createCourseAhead(services));
    },
  };
}

export default createWorker();
