import { utcDate } from '@golf/contract';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app-env.ts';
import { requirePlayer } from '../middleware.ts';
import {
  createLeague,
  joinLeague,
  leagueSeason,
  leagueStandings,
  leaveLeague,
  memberLeague,
  renameLeague,
} from '../services/leagues.ts';
import {
  joinedLeagueSchema,
  leagueViewSchema,
  leftLeagueSchema,
  newLeagueSchema,
  SEASON_PERIODS,
  seasonViewSchema,
  standingsViewSchema,
} from '../views.ts';
import { DAY_ERRORS, describe } from './describe.ts';
import { dateSchema, idSchema, nameSchema, pageQuery, validate } from './validation.ts';

const leagueParam = validate('param', z.object({ id: idSchema }));
const standingsParam = validate('param', z.object({ id: idSchema, date: dateSchema }));
const seasonQuery = validate(
  'query',
  pageQuery.extend({ period: z.enum(SEASON_PERIODS).optional(), date: dateSchema.optional() }),
);

/** `/api/leagues`: create, join, leave; a league's day standings and season table (members only). */
export const leagueRoutes = () =>
  new Hono<AppEnv>()
    .post(
      '/',
      describe({
        id: 'createLeague',
        tag: 'leagues',
        summary: 'Create a league (the caller joins it)',
        auth: 'bearer',
        body: true,
        errors: ['ERR_NAME_REFUSED', 'ERR_TOO_MANY_LEAGUES'],
        ok: { status: 201, schema: newLeagueSchema, description: 'The league and its invite code' },
      }),
      validate('json', z.object({ name: nameSchema })),
      requirePlayer,
      async (c) => c.json(await createLeague(c.var.services, c.var.playerId, c.req.valid('json').name), 201),
    )
    .post(
      '/join',
      describe({
        id: 'joinLeague',
        tag: 'leagues',
        summary: 'Join a league by its invite code (joining again changes nothing)',
        auth: 'bearer',
        body: true,
        errors: ['ERR_NOT_FOUND', 'ERR_LEAGUE_FULL', 'ERR_TOO_MANY_LEAGUES'],
        ok: { schema: joinedLeagueSchema, description: 'The league joined' },
      }),
      validate('json', z.object({ code: z.string().min(1).max(64) })),
      requirePlayer,
      async (c) => c.json(await joinLeague(c.var.services, c.var.playerId, c.req.valid('json').code), 200),
    )
    .get(
      '/:id',
      describe({
        id: 'getLeague',
        tag: 'leagues',
        summary: 'A league (members only)',
        auth: 'bearer',
        errors: ['ERR_VALIDATION', 'ERR_NOT_FOUND'],
        ok: { schema: leagueViewSchema, description: 'The league' },
      }),
      leagueParam,
      requirePlayer,
      async (c) => c.json(await memberLeague(c.var.services, c.var.playerId, c.req.valid('param').id), 200),
    )
    .patch(
      '/:id',
      describe({
        id: 'renameLeague',
        tag: 'leagues',
        summary: 'Rename a league (its creator only; a new name clears a hidden one)',
        auth: 'bearer',
        body: true,
        errors: ['ERR_NOT_FOUND', 'ERR_NAME_REFUSED', 'ERR_NAME_HIDDEN'],
        ok: { schema: leagueViewSchema, description: 'The league, renamed' },
      }),
      leagueParam,
      validate('json', z.object({ name: nameSchema })),
      requirePlayer,
      async (c) =>
        c.json(
          await renameLeague(
            c.var.services,
            c.var.playerId,
            c.req.valid('param').id,
            c.req.valid('json').name,
          ),
          200,
        ),
    )
    .delete(
      '/:id/members/me',
      describe({
        id: 'leaveLeague',
        tag: 'leagues',
        summary: 'Leave a league',
        auth: 'bearer',
        errors: ['ERR_VALIDATION', 'ERR_NOT_FOUND'],
        ok: { schema: leftLeagueSchema, description: 'Left' },
      }),
      leagueParam,
      requirePlayer,
      async (c) => c.json(await leaveLeague(c.var.services, c.var.playerId, c.req.valid('param').id), 200),
    )
    .get(
      '/:id/standings/:date',
      describe({
        id: 'getLeagueStandings',
        tag: 'leagues',
        summary: "A day's standings among a league's members",
        auth: 'bearer',
        errors: DAY_ERRORS,
        ok: { schema: standingsViewSchema, description: 'A page of the standings' },
      }),
      standingsParam,
      validate('query', pageQuery),
      requirePlayer,
      async (c) => {
        const { id, date } = c.req.valid('param');
        const { limit = 50, offset = 0 } = c.req.valid('query');
        return c.json(await leagueStandings(c.var.services, c.var.playerId, id, date, limit, offset), 200);
      },
    )
    .get(
      '/:id/season',
      describe({
        id: 'getLeagueSeason',
        tag: 'leagues',
        summary: "A league's season table for a week or a month",
        auth: 'bearer',
        errors: DAY_ERRORS,
        ok: { schema: seasonViewSchema, description: 'The table: the sum of best rounds in the period' },
      }),
      leagueParam,
      seasonQuery,
      requirePlayer,
      async (c) => {
        const { services, playerId } = c.var;
        const {
          period = 'week',
          date = utcDate(services.now),
          limit = 100,
          offset = 0,
        } = c.req.valid('query');
        return c.json(
          await leagueSeason(services, playerId, c.req.valid('param').id, period, date, limit, offset),
          200,
        );
      },
    );
