import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app-env.ts';
import { ApiError } from '../errors.ts';
import { counters } from '../counters.ts';
import { scheduledJob } from '../services/schedule.ts';
import { validate } from './validation.ts';

const scheduledQuery = validate(
  'query',
  z.object({
    cron: z.string().max(100).optional(),
    /** The scheduled time, in seconds or milliseconds since the epoch (default: now). */
    time: z
      .string()
      .regex(/^\d{1,13}$/, 'time is seconds or milliseconds since the epoch')
      .transform(Number)
      .optional(),
  }),
);

/**
 * `/api/dev`: local development only (`LOCAL_DEV=1`, which only `.dev.vars` sets); 404 everywhere else.
 * `GET|POST /api/dev/scheduled` runs the scheduled handler's job now and answers when it is done. Wrangler's
 * own `/cdn-cgi/handler/scheduled` fails on a Worker with static assets; the local front maps it here.
 */
export const devRoutes = () =>
  new Hono<AppEnv>()
    /**
     * What this isolate sent to D1 and how many RPC calls its attempt objects answered: the local bench reads it
     * (with SERVER_TIMING=1) to count statements and object requests per player-day.
     */
    .get('/counters', (c) => {
      if (!c.var.services.config.serverTiming && !c.var.services.config.localDev)
        throw new ApiError('ERR_NOT_FOUND', `no route ${c.req.method} ${c.req.path}`);
      return c.json({ ...counters }, 200);
    })
    .on(['GET', 'POST'], '/scheduled', scheduledQuery, async (c) => {
      if (!c.var.services.config.localDev)
        throw new ApiError('ERR_NOT_FOUND', `no route ${c.req.method} ${c.req.path}`);
      const { time } = c.req.valid('query');
      const at = time === undefined ? c.var.services.now : new Date(time < 1e12 ? time * 1000 : time);
      const done = await scheduledJob({ ...c.var.services, now: at });
      return c.json({ ok: true as const, at: at.toISOString(), ...done }, 200);
    });
