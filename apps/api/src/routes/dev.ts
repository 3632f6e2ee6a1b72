import { addDays, utcDate } from '@golf/contract';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app-env.ts';
import { ApiError } from '../errors.ts';
import { progressOf } from '../services/audit.ts';
import { scheduledJob } from '../services/schedule.ts';
import { dateParam, dateSchema, validate } from './validation.ts';

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

/** At most this many objects per request (their ids fit the 16 KiB body limit). */
const EXPIRE_BATCH = 300;

const expireBody = validate(
  'json',
  z.object({
    date: dateSchema,
    playerIds: z.array(z.string().min(1).max(64)).min(1).max(EXPIRE_BATCH),
  }),
);

const notFound = (method: string, path: string) =>
  new ApiError('ERR_NOT_FOUND', `no route ${method} ${path}`);

/**
 * `/api/dev`: local development only (`LOCAL_DEV=1`, which only `.dev.vars` sets); 404 everywhere else.
 * `GET|POST /api/dev/scheduled` runs the scheduled handler's job now and answers when it is done (the audit it
 * starts goes on in the queue's consumer; the memory build's queue is waited for). Wrangler's own
 * `/cdn-cgi/handler/scheduled` fails on a Worker with static assets; the local front maps it here.
 */
export const devRoutes = () =>
  new Hono<AppEnv>()
    /** A day's audit and archive as the ledger holds them, and the ledger's size (the local close bench). */
    .get('/days/:date', dateParam, async (c) => {
      if (!c.var.services.config.localDev) throw notFound(c.req.method, c.req.path);
      const { ledger } = c.var.services;
      const date = c.req.valid('param').date;
      return c.json(
        { audit: await ledger.audits.dayAudit(date), d1Bytes: await ledger.audits.databaseBytes() },
        200,
      );
    })
    /** The archive bucket's objects and bytes (the local close bench). */
    .get('/archive', async (c) => {
      if (!c.var.services.config.localDev) throw notFound(c.req.method, c.req.path);
      return c.json(await c.var.services.archive.count(), 200);
    })
    .on(['GET', 'POST'], '/scheduled', scheduledQuery, async (c) => {
      if (!c.var.services.config.localDev) throw notFound(c.req.method, c.req.path);
      const { time } = c.req.valid('query');
      const at = time === undefined ? c.var.services.now : new Date(time < 1e12 ? time * 1000 : time);
      const services = { ...c.var.services, now: at };
      const done = await scheduledJob(services);
      if (services.queue.settled && done.audit) {
        await services.queue.settled();
        const yesterday = addDays(utcDate(at), -1);
        return c.json(
          {
            ok: true as const,
            at: at.toISOString(),
            ...done,
            audit: progressOf(await services.ledger.audits.dayAudit(yesterday)),
          },
          200,
        );
      }
      return c.json({ ok: true as const, at: at.toISOString(), ...done }, 200);
    })
    /**
     * Runs the final alarm of the attempt objects of `date` for `playerIds` now, as if their expiry had come, and
     * counts those whose storage is not empty afterwards (`leftAfterClear`; `left` names up to 20 of them): the
     * close bench's `objectsLeftAfterClear`. An id that never started an attempt is an object never stored.
     */
    .post('/attempt-objects/expire', expireBody, async (c) => {
      const { housekeeping, config } = c.var.services;
      if (!config.localDev || housekeeping === null) throw notFound(c.req.method, c.req.path);
      const { date, playerIds } = c.req.valid('json');
      const footprints = await Promise.all(playerIds.map((id) => housekeeping(date, id).expireNow()));
      const left = playerIds.filter((_, i) => !footprints[i]!.empty);
      return c.json(
        {
          objects: playerIds.length,
          leftAfterClear: left.length,
          bytes: footprints.reduce((sum, f) => sum + f.bytes, 0),
          left: left.slice(0, 20),
        },
        200,
      );
    });
