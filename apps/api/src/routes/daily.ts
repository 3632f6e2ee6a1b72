import { closesAt, utcDate } from '@golf/contract';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app-env.ts';
import { identifyPlayer, requireBearer } from '../middleware.ts';
import { addressKey } from '../services/address.ts';
import { draw, finishHole, getAttempt, startAttempt } from '../services/attempt.ts';
import type { ServiceContext } from '../services/context.ts';
import { courseView, type CourseView } from '../services/course.ts';
import { courseDay } from '../services/time.ts';
import { addressHash } from '../services/rate-limit.ts';
import { replays } from '../services/replays.ts';
import { roundAuditView, underReviewView } from '../services/audit.ts';
import { AUDITING_MAX_AGE, cached, IMMUTABLE_MAX_AGE, OPEN_STANDINGS_MAX_AGE } from '../ports/edge-cache.ts';
import { callerStanding, personalize, sharedStandings, standingsMaxAge } from '../services/standings.ts';
import { bearerOf } from '../services/players.ts';
import { dayHoles } from '../services/holes.ts';
import {
  dateParam,
  dateSchema,
  HOLES_MESSAGE,
  holeSchema,
  logSchema,
  pageQuery,
  validate,
} from './validation.ts';

const holeParam = validate(
  'param',
  z.object({
    date: dateSchema,
    hole: z
      .string()
      .refine((s) => String(Number(s)) === s && holeSchema.safeParse(Number(s)).success, HOLES_MESSAGE)
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

/** A closed course never changes; an open one changes (gains its stocks and perfect lines) when the day closes. */
function courseMaxAge(course: CourseView, now: Date): number {
  if (course.closed) return IMMUTABLE_MAX_AGE;
  const untilClose = Math.floor((closesAt(course.date).getTime() - now.getTime()) / 1000);
  return Math.max(0, Math.min(60, untilClose));
}

/** The course of a date, through the edge cache. */
async function cachedCourse(services: ServiceContext, date: string): Promise<CourseView> {
  return cached(
    services.cache,
    services.defer,
    `course/${date}`,
    () => courseView(services, date),
    (course) => courseMaxAge(course, services.now),
  );
}

/** `/api/daily`: the course, the attempt protocol, standings and replays. */
export const dailyRoutes = () =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const { services } = c.var;
      const course = await cachedCourse(services, utcDate(services.now));
      c.header('Cache-Control', `public, max-age=${courseMaxAge(course, services.now)}`);
      return c.json(course, 200);
    })
    .get('/:date', dateParam, async (c) => {
      const { services } = c.var;
      courseDay(c.req.valid('param').date, services.now);
      const course = await cachedCourse(services, c.req.valid('param').date);
      c.header('Cache-Control', `public, max-age=${courseMaxAge(course, services.now)}`);
      return c.json(course, 200);
    })
    .post('/:date/attempt', dateParam, requireBearer, async (c) => {
      const { services, bearer } = c.var;
      const address = await addressHash(services.config.secret, addressKey(c.req.header('cf-connecting-ip')));
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
    .get('/:date/standings', dateParam, validate('query', pageQuery), async (c) => {
      const { services } = c.var;
      const { date } = c.req.valid('param');
      const { limit = 50, offset = 0 } = c.req.valid('query');
      // The token first: a bad one is ERR_UNAUTHORIZED whatever the date.
      const bearer = await bearerOf(c.req.header('authorization'));
      const caller = bearer === null ? null : await callerStanding(services, date, bearer);
      const shared = await sharedStandings(services, date, limit, offset);
      c.header('Vary', 'Authorization');
      if (caller === null) {
        c.header('Cache-Control', `public, max-age=${standingsMaxAge(shared.view)}`);
        return c.json(shared.view, 200);
      }
      c.header('Cache-Control', `private, max-age=${OPEN_STANDINGS_MAX_AGE}`);
      return c.json(await personalize(services, shared, caller, { limit, offset }), 200);
    })
    .get('/:date/holes', dateParam, async (c) => {
      const { services } = c.var;
      const { date } = c.req.valid('param');
      // Final (kept a year) once the day's audit is complete; a round going under review leaves the field before.
      const { view, audit } = await cached(
        services.cache,
        services.defer,
        `holes/${date}`,
        () => dayHoles(services, date),
        ({ audit }) => (audit?.complete ? IMMUTABLE_MAX_AGE : AUDITING_MAX_AGE),
      );
      c.header('Cache-Control', `public, max-age=${audit?.complete ? IMMUTABLE_MAX_AGE : AUDITING_MAX_AGE}`);
      return c.json(view, 200);
    })
    .get('/:date/replays/:playerId', replayParam, identifyPlayer, async (c) => {
      const { date, playerId } = c.req.valid('param');
      return c.json(await replays(c.var.services, date, playerId, c.var.playerId), 200);
    })
    .get('/:date/audits/:playerId', replayParam, async (c) => {
      const { services } = c.var;
      const { date, playerId } = c.req.valid('param');
      const audit = await roundAuditView(services, date, playerId);
      c.header(
        'Cache-Control',
        `public, max-age=${audit.status === 'done' ? IMMUTABLE_MAX_AGE : AUDITING_MAX_AGE}`,
      );
      return c.json(audit, 200);
    })
    .get('/:date/review', dateParam, validate('query', pageQuery), async (c) => {
      const { services } = c.var;
      const { date } = c.req.valid('param');
      const { limit = 50, offset = 0 } = c.req.valid('query');
      const view = await underReviewView(services, date, limit, offset);
      c.header(
        'Cache-Control',
        `public, max-age=${view.audit?.complete ? IMMUTABLE_MAX_AGE : AUDITING_MAX_AGE}`,
      );
      return c.json(view, 200);
    });
