import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app-env.ts';
import { requirePlayer } from '../middleware.ts';
import { addressKey } from '../services/address.ts';
import { history } from '../services/history.ts';
import { myLeagues } from '../services/leagues.ts';
import { createPlayer, getPlayer, renamePlayer } from '../services/players.ts';
import { nameSchema, pageQuery, validate } from './validation.ts';

const nameBody = validate('json', z.object({ name: nameSchema }));

/** `/api/players`: create a player, read and rename yourself, your history and your leagues. */
export const playerRoutes = () =>
  new Hono<AppEnv>()
    .post('/', nameBody, async (c) => {
      const address = addressKey(c.req.header('cf-connecting-ip'));
      const player = await createPlayer(c.var.services, c.req.valid('json').name, address);
      return c.json(player, 201);
    })
    .get('/me', requirePlayer, async (c) => c.json(await getPlayer(c.var.services, c.var.playerId), 200))
    .patch('/me', nameBody, requirePlayer, async (c) =>
      c.json(await renamePlayer(c.var.services, c.var.playerId, c.req.valid('json').name), 200),
    )
    .get('/me/history', validate('query', pageQuery), requirePlayer, async (c) => {
      const { limit = 50, offset = 0 } = c.req.valid('query');
      return c.json(await history(c.var.services, c.var.playerId, limit, offset), 200);
    })
    .get('/me/leagues', requirePlayer, async (c) =>
      c.json(await myLeagues(c.var.services, c.var.playerId), 200),
    );
