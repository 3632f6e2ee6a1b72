import { closesAt, utcDate } from '@golf/contract';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { identifyPlayer, requireBearer } from '../middleware.ts';
import { addressKey } from '../services/address.ts';
import { draw, finishHole, getAttempt, startAttempt } from '../services/attempt.ts';
import { courseView } from '../services/course.ts';
import { addressHash } from '../services/players.ts';
import { replays } from '../services/replays.ts';
import { standings } from '../services/standings.ts';
import { dateParam, dateSchema, holeSchema, logSchema, pageQuery, validate } from './validation.ts';

const holeParam = validate(
  'param',
  z.object({
    date: dateSchema,
    hole: z
      .string()
      .regex(/^[1-9]$/, 'holes are numbered 1 to 9')
      .transform(Number),
  }),
);
const replayParam = validate('param', z.object({ date: dateSchema, playerId: z.string().min(1).max(64) }));
const drawBody = validate(
  'json',
  z.object({
    hole: holeSchema,
    log: logSchema.refine((log) => log.endsWith('d'), 'a draw log ends with the new draw, d'),
  }),
);
const holeBody = validate('json', z.object({ log: logSchema }));

const STANDINGS_MAX_AGE = 5;

/** A closed course never changes; an open one changes (gains its stocks) when the day closes. */
function courseCacheControl(date: string, closed: boolean, now: Date): string {
  if (closed) return 'public, max-age=3600';
  const untilClose = Math.floor((closesAt(date).getTime() - now.getTime()) / 1000);
  return `public, max-age=${Math.max(0, Math.min(60, untilClose))}`;
}

/** `/api/daily`: the course, the attempt protocol, standings and replays. */
export const dailyRoutes = () =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const { services } = c.var;
      const course = await courseView(services, utcDate(services.now));
      c.header('Cache-Control', courseCacheControl(course.date, course.closed, services.now));
      return c.json(course, 200);
    })
    .get('/:date', dateParam, async (c) => {
      const { services } = c.var;
      const course = await courseView(services, c.req.valid('param').date);
      c.header('Cache-Control', courseCacheControl(course.date, course.closed, services.now));
      return c.json(course, 200);
    })
    .post('/:date/attempt', dateParam, requireBearer, async (c) => {
      const { services, bearer } = c.var;
      const address = await addressHash(services.secret, addressKey(c.req.header('cf-connecting-ip')));
      return c.json(await startAttempt(services, c.req.valid('param').date, bearer, address), 200);
    })
    .get('/:date/attempt', dateParam, requireBearer, async (c) =>
      c.json(await getAttempt(c.var.services, c.req.valid('param').date, c.var.bearer), 200),
    )
    .post('/:date/attempt/draw', dateParam, drawBody, requireBearer, async (c) => {
      const { hole, log } = c.req.valid('json');
      return c.json(await draw(c.var.services, c.req.valid('param').date, c.var.bearer, hole, log), 200);
    })
    .post('/:date/attempt/holes/:hole', holeParam, holeBody, requireBearer, async (c) => {
      const { date, hole } = c.req.valid('param');
      return c.json(await finishHole(c.var.services, date, c.var.bearer, hole, c.req.valid('json').log), 200);
    })
    .get('/:date/standings', dateParam, validate('query', pageQuery), identifyPlayer, async (c) => {
      const { limit, offset } = c.req.valid('query');
      const view = await standings(
        c.var.services,
        c.req.valid('param').date,
        limit ?? 50,
        offset ?? 0,
        c.var.playerId,
      );
      const personal = c.req.header('authorization') !== undefined;
      c.header('Cache-Control', `${personal ? 'private' : 'public'}, max-age=${STANDINGS_MAX_AGE}`);
      c.header('Vary', 'Authorization');
      return c.json(view, 200);
    })
    .get('/:date/replays/:playerId', replayParam, identifyPlayer, async (c) => {
      const { date, playerId } = c.req.valid('param');
      return c.json(await replays(c.var.services, date, playerId, c.var.playerId), 200);
    });
