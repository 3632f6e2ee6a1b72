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
} from '../services/leagues.ts';
import { dateSchema, nameSchema, pageQuery, validate } from './validation.ts';

const idSchema = z.string().min(1).max(64);
const leagueParam = validate('param', z.object({ id: idSchema }));
const standingsParam = validate('param', z.object({ id: idSchema, date: dateSchema }));
const seasonQuery = validate(
  'query',
  pageQuery.extend({ period: z.enum(['week', 'month']).optional(), date: dateSchema.optional() }),
);

/** `/api/leagues`: create, join, leave; a league's day standings and season table (members only). */
export const leagueRoutes = () =>
  new Hono<AppEnv>()
    .post('/', validate('json', z.object({ name: nameSchema })), requirePlayer, async (c) =>
      c.json(await createLeague(c.var.services, c.var.playerId, c.req.valid('json').name), 201),
    )
    .post(
      '/join',
      validate('json', z.object({ code: z.string().min(1).max(64) })),
      requirePlayer,
      async (c) => c.json(await joinLeague(c.var.services, c.var.playerId, c.req.valid('json').code), 200),
    )
    .get('/:id', leagueParam, requirePlayer, async (c) =>
      c.json(await memberLeague(c.var.services, c.var.playerId, c.req.valid('param').id), 200),
    )
    .delete('/:id/members/me', leagueParam, requirePlayer, async (c) =>
      c.json(await leaveLeague(c.var.services, c.var.playerId, c.req.valid('param').id), 200),
    )
    .get('/:id/standings/:date', standingsParam, validate('query', pageQuery), requirePlayer, async (c) => {
      const { id, date } = c.req.valid('param');
      const { limit = 50, offset = 0 } = c.req.valid('query');
      return c.json(await leagueStandings(c.var.services, c.var.playerId, id, date, limit, offset), 200);
    })
    .get('/:id/season', leagueParam, seasonQuery, requirePlayer, async (c) => {
      const { services, playerId } = c.var;
      const { period = 'week', date = utcDate(services.now), limit = 100, offset = 0 } = c.req.valid('query');
      return c.json(
        await leagueSeason(services, playerId, c.req.valid('param').id, period, date, limit, offset),
        200,
      );
    });
