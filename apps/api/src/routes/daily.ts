import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { draw, finishHole, getAttempt, startAttempt } from '../services/attempt.ts';
import { courseView } from '../services/course.ts';
import { addressHash, authenticate, requirePlayerId } from '../services/players.ts';
import { replays } from '../services/replays.ts';
import { standings } from '../services/standings.ts';
import { closesAt, utcDate } from '../services/time.ts';
import { clientAddress, servicesFor, type AppDeps } from './deps.ts';
import { dateSchema, holeSchema, logSchema, onInvalid, standingsQuery } from './validation.ts';

const dateParam = z.object({ date: dateSchema });
const holeParam = z.object({
  date: dateSchema,
  hole: z
    .string()
    .regex(/^[1-9]$/, 'holes are numbered 1 to 9')
    .transform(Number),
});
const replayParam = z.object({ date: dateSchema, playerId: z.string().min(1).max(64) });
const drawBody = z.object({
  hole: holeSchema,
  log: logSchema.refine((log) => log.endsWith('d'), 'a draw log ends with the new draw, d'),
});
const holeBody = z.object({ log: logSchema });

const STANDINGS_MAX_AGE = 5;

/** A closed course never changes; an open one changes (gains its stocks) when the day closes. */
function courseCacheControl(date: string, closed: boolean, now: Date): string {
  if (closed) return 'public, max-age=3600';
  const untilClose = Math.floor((closesAt(date).getTime() - now.getTime()) / 1000);
  return `public, max-age=${Math.max(0, Math.min(60, untilClose))}`;
}

/** `/api/daily`: the course, the attempt protocol, standings and replays. */
export const dailyRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const ctx = servicesFor(c.env, deps);
      const course = await courseView(ctx, utcDate(ctx.now));
      c.header('Cache-Control', courseCacheControl(course.date, course.closed, ctx.now));
      return c.json(course, 200);
    })
    .get('/:date', zValidator('param', dateParam, onInvalid), async (c) => {
      const ctx = servicesFor(c.env, deps);
      const course = await courseView(ctx, c.req.valid('param').date);
      c.header('Cache-Control', courseCacheControl(course.date, course.closed, ctx.now));
      return c.json(course, 200);
    })
    .post('/:date/attempt', zValidator('param', dateParam, onInvalid), async (c) => {
      const ctx = servicesFor(c.env, deps);
      const player = await requirePlayerId(ctx, c.req.header('authorization'));
      const address = await addressHash(ctx.secret, clientAddress(c.req.header('cf-connecting-ip')));
      return c.json(await startAttempt(ctx, c.req.valid('param').date, player, address), 200);
    })
    .get('/:date/attempt', zValidator('param', dateParam, onInvalid), async (c) => {
      const ctx = servicesFor(c.env, deps);
      const player = await requirePlayerId(ctx, c.req.header('authorization'));
      return c.json(await getAttempt(ctx, c.req.valid('param').date, player), 200);
    })
    .post(
      '/:date/attempt/draw',
      zValidator('param', dateParam, onInvalid),
      zValidator('json', drawBody, onInvalid),
      async (c) => {
        const ctx = servicesFor(c.env, deps);
        const player = await requirePlayerId(ctx, c.req.header('authorization'));
        const { hole, log } = c.req.valid('json');
        return c.json(await draw(ctx, c.req.valid('param').date, player, hole, log), 200);
      },
    )
    .post(
      '/:date/attempt/holes/:hole',
      zValidator('param', holeParam, onInvalid),
      zValidator('json', holeBody, onInvalid),
      async (c) => {
        const ctx = servicesFor(c.env, deps);
        const player = await requirePlayerId(ctx, c.req.header('authorization'));
        const { date, hole } = c.req.valid('param');
        return c.json(await finishHole(ctx, date, player, hole, c.req.valid('json').log), 200);
      },
    )
    .get(
      '/:date/standings',
      zValidator('param', dateParam, onInvalid),
      zValidator('query', standingsQuery, onInvalid),
      async (c) => {
        const ctx = servicesFor(c.env, deps);
        const authorization = c.req.header('authorization');
        const viewer = await authenticate(ctx, authorization);
        const { limit, offset } = c.req.valid('query');
        const view = await standings(ctx, c.req.valid('param').date, limit ?? 50, offset ?? 0, viewer);
        c.header('Cache-Control', `${authorization ? 'private' : 'public'}, max-age=${STANDINGS_MAX_AGE}`);
        c.header('Vary', 'Authorization');
        return c.json(view, 200);
      },
    )
    .get('/:date/replays/:playerId', zValidator('param', replayParam, onInvalid), async (c) => {
      const ctx = servicesFor(c.env, deps);
      const viewer = await authenticate(ctx, c.req.header('authorization'));
      const { date, playerId } = c.req.valid('param');
      return c.json(await replays(ctx, date, playerId, viewer), 200);
    });
