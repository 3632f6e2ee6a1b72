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
import {
  AUDITING_MAX_AGE,
  cached,
  IMMUTABLE_MAX_AGE,
  NAME_MAX_AGE,
  OPEN_STANDINGS_MAX_AGE,
} from '../ports/edge-cache.ts';
import { callerStanding, personalize, sharedMaxAge, sharedStandings } from '../services/standings.ts';
import { bearerOf } from '../services/players.ts';
import { dayHoles } from '../services/holes.ts';
import { DAY_ERRORS, describe, publicCache } from './describe.ts';
import {
  attemptViewSchema,
  courseViewSchema,
  dayHolesViewSchema,
  drawViewSchema,
  holeResultViewSchema,
  replayViewSchema,
  roundAuditViewSchema,
  standingsViewSchema,
  underReviewViewSchema,
} from '../views.ts';
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
export function courseMaxAge(course: CourseView, now: Date): number {
  if (course.closed) return IMMUTABLE_MAX_AGE;
  const untilClose = Math.floor((closesAt(course.date).getTime() - now.getTime()) / 1000);
  return Math.max(0, Math.min(60, untilClose));
}

/** The course of a date, through the edge cache (the API's answer, and the one in the HTML of `/`). */
export async function cachedCourse(services: ServiceContext, date: string): Promise<CourseView> {
  return cached(
    services.cache,
    services.defer,
    `course/${date}`,
    () => courseView(services, date),
    (course) => courseMaxAge(course, services.now),
  );
}

/** `/api/daily`: the course, the attempt protocol, standings and replays. */
/** What a draw and a hole's finish refuse alike: the day, the attempt, and the log sent against the draws made. */
const LOG_ERRORS = [
  'ERR_NOT_FOUND',
  'ERR_FUTURE_DATE',
  'ERR_DAY_CLOSED',
  'ERR_NO_ATTEMPT',
  'ERR_HOLE_ORDER',
  'ERR_HISTORY_REWRITTEN',
  'ERR_NOT_DRAWN',
  'ERR_ALREADY_FINISHED',
  'ERR_ILLEGAL_MOVE',
] as const;

export const dailyRoutes = () =>
  new Hono<AppEnv>()
    .get(
      '/',
      describe({
        id: 'getToday',
        tag: 'daily',
        summary: "Today's course (UTC)",
        ok: {
          schema: courseViewSchema,
          description: "Today's course: its layouts, without stocks or perfect lines while it is open",
          headers: publicCache('until the day closes (at most 60 s)'),
        },
      }),
      async (c) => {
        const { services } = c.var;
        const course = await cachedCourse(services, utcDate(services.now));
        c.header('Cache-Control', `public, max-age=${courseMaxAge(course, services.now)}`);
        return c.json(course, 200);
      },
    )
    .get(
      '/:date',
      describe({
        id: 'getCourse',
        tag: 'daily',
        summary: 'The course of a day',
        errors: DAY_ERRORS,
        ok: {
          schema: courseViewSchema,
          description: 'The course; once closed, with its stocks, perfect lines and audit salt',
          headers: publicCache('a year once closed, until the close while open'),
        },
      }),
      dateParam,
      async (c) => {
        const { services } = c.var;
        courseDay(c.req.valid('param').date, services.now);
        const course = await cachedCourse(services, c.req.valid('param').date);
        c.header('Cache-Control', `public, max-age=${courseMaxAge(course, services.now)}`);
        return c.json(course, 200);
      },
    )
    .post(
      '/:date/attempt',
      describe({
        id: 'startAttempt',
        tag: 'daily',
        summary: "Start (or resume) the caller's attempt at an open day",
        auth: 'bearer',
        errors: [...DAY_ERRORS, 'ERR_DAY_CLOSED', 'ERR_NAME_HIDDEN'],
        ok: { schema: attemptViewSchema, description: 'The attempt' },
      }),
      dateParam,
      requireBearer,
      async (c) => {
        const { services, bearer } = c.var;
        const address = await addressHash(
          services.config.secret,
          addressKey(c.req.header('cf-connecting-ip')),
        );
        return c.json(await startAttempt(services, c.req.valid('param').date, bearer, address), 200);
      },
    )
    .get(
      '/:date/attempt',
      describe({
        id: 'getAttempt',
        tag: 'daily',
        summary: "The caller's attempt",
        auth: 'bearer',
        errors: [...DAY_ERRORS, 'ERR_NO_ATTEMPT'],
        ok: { schema: attemptViewSchema, description: 'The attempt' },
      }),
      dateParam,
      requireBearer,
      async (c) => c.json(await getAttempt(c.var.services, c.req.valid('param').date, c.var.bearer), 200),
    )
    .post(
      '/:date/attempt/draw',
      describe({
        id: 'draw',
        tag: 'daily',
        summary: 'Draw the next stock card: the log so far, ending with the new `d`',
        auth: 'bearer',
        body: true,
        errors: LOG_ERRORS,
        ok: { schema: drawViewSchema, description: 'The card drawn' },
      }),
      dateParam,
      drawBody,
      requireBearer,
      async (c) => {
        const { hole, log } = c.req.valid('json');
        return c.json(await draw(c.var.services, c.req.valid('param').date, c.var.bearer, hole, log), 200);
      },
    )
    .post(
      '/:date/attempt/holes/:hole',
      describe({
        id: 'finishHole',
        tag: 'daily',
        summary: 'Finish a hole with its whole log, checked against the draws',
        auth: 'bearer',
        body: true,
        errors: [...LOG_ERRORS, 'ERR_HOLE_NOT_OVER'],
        ok: { schema: holeResultViewSchema, description: "The hole's strokes and the total" },
      }),
      holeParam,
      holeBody,
      requireBearer,
      async (c) => {
        const { date, hole } = c.req.valid('param');
        return c.json(
          await finishHole(c.var.services, date, c.var.bearer, hole, c.req.valid('json').log),
          200,
        );
      },
    )
    .get(
      '/:date/standings',
      describe({
        id: 'getStandings',
        tag: 'daily',
        summary: "A day's standings; with a token, the caller's own place and strokes",
        auth: 'optional',
        errors: DAY_ERRORS,
        ok: {
          schema: standingsViewSchema,
          description: 'A page of the standings',
          headers: {
            'Cache-Control': {
              description:
                'Public without a token (at most a minute once final: it carries names), private with one',
              example: 'public, max-age=5',
            },
            Vary: { description: 'The answer depends on the token', example: 'Authorization' },
          },
        },
      }),
      dateParam,
      validate('query', pageQuery),
      async (c) => {
        const { services } = c.var;
        const { date } = c.req.valid('param');
        const { limit = 50, offset = 0 } = c.req.valid('query');
        // The token first: a bad one is ERR_UNAUTHORIZED whatever the date.
        const bearer = await bearerOf(c.req.header('authorization'));
        const caller = bearer === null ? null : await callerStanding(services, date, bearer);
        const shared = await sharedStandings(services, date, limit, offset);
        c.header('Vary', 'Authorization');
        if (caller === null) {
          c.header('Cache-Control', `public, max-age=${sharedMaxAge(shared, services.now)}`);
          return c.json(shared.view, 200);
        }
        c.header('Cache-Control', `private, max-age=${OPEN_STANDINGS_MAX_AGE}`);
        return c.json(await personalize(services, shared, caller, { limit, offset }), 200);
      },
    )
    .get(
      '/:date/holes',
      describe({
        id: 'getDayHoles',
        tag: 'daily',
        summary: "A closed day's holes against the field",
        errors: [...DAY_ERRORS, 'ERR_DAY_OPEN'],
        ok: {
          schema: dayHolesViewSchema,
          description: 'Each hole: perfect play, how many cleared it, the median and the distribution',
          headers: publicCache('a year once the audit is complete, 30 s before'),
        },
      }),
      dateParam,
      async (c) => {
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
        c.header(
          'Cache-Control',
          `public, max-age=${audit?.complete ? IMMUTABLE_MAX_AGE : AUDITING_MAX_AGE}`,
        );
        return c.json(view, 200);
      },
    )
    .get(
      '/:date/replays/:playerId',
      describe({
        id: 'getReplay',
        tag: 'daily',
        summary: "A player's verified logs: anyone's once the day is closed, only one's own before",
        auth: 'optional',
        errors: DAY_ERRORS,
        ok: { schema: replayViewSchema, description: 'The finished holes with their logs' },
      }),
      replayParam,
      identifyPlayer,
      async (c) => {
        const { date, playerId } = c.req.valid('param');
        return c.json(await replays(c.var.services, date, playerId, c.var.playerId), 200);
      },
    )
    .get(
      '/:date/audits/:playerId',
      describe({
        id: 'getRoundAudit',
        tag: 'daily',
        summary: "The fair-play audit of a player's round on a closed day",
        errors: DAY_ERRORS,
        ok: {
          schema: roundAuditViewSchema,
          description: 'The verdict and the telling decisions',
          headers: publicCache('a minute once done (it carries a name), 30 s while pending'),
        },
      }),
      replayParam,
      async (c) => {
        const { services } = c.var;
        const { date, playerId } = c.req.valid('param');
        const audit = await roundAuditView(services, date, playerId);
        // Final once done, but it carries a name, which a moderator or its owner may change.
        c.header(
          'Cache-Control',
          `public, max-age=${audit.status === 'done' ? NAME_MAX_AGE : AUDITING_MAX_AGE}`,
        );
        return c.json(audit, 200);
      },
    )
    .get(
      '/:date/review',
      describe({
        id: 'getUnderReview',
        tag: 'daily',
        summary: "A day's rounds under review",
        errors: DAY_ERRORS,
        ok: {
          schema: underReviewViewSchema,
          description: 'Flagged rounds, lowest p-value first',
          headers: publicCache('a minute once the audit is complete (it carries names), 30 s before'),
        },
      }),
      dateParam,
      validate('query', pageQuery),
      async (c) => {
        const { services } = c.var;
        const { date } = c.req.valid('param');
        const { limit = 50, offset = 0 } = c.req.valid('query');
        const view = await underReviewView(services, date, limit, offset);
        c.header(
          'Cache-Control',
          `public, max-age=${view.audit?.complete ? NAME_MAX_AGE : AUDITING_MAX_AGE}`,
        );
        return c.json(view, 200);
      },
    );
