import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app-env.ts';
import { requirePlayer } from '../middleware.ts';
import { addressKey } from '../services/address.ts';
import { history } from '../services/history.ts';
import { myLeagues } from '../services/leagues.ts';
import { createPlayer, getPlayer, renamePlayer } from '../services/players.ts';
import { historyViewSchema, myLeaguesSchema, newPlayerSchema, playerViewSchema } from '../views.ts';
import { describe } from './describe.ts';
import { nameSchema, pageQuery, validate } from './validation.ts';

const nameBody = validate('json', z.object({ name: nameSchema }));
/** A new player's name may wait: without one the player is named its stand-in ("Golfer 4F2A") until renamed. */
const newPlayerBody = validate('json', z.object({ name: nameSchema.optional() }));

/**
 * `/api/players`: create a player, read and rename yourself, your history and your leagues. Your data and deleting
 * yourself: routes/privacy.ts.
 */
export const playerRoutes = () =>
  new Hono<AppEnv>()
    .post(
      '/',
      describe({
        id: 'createPlayer',
        tag: 'players',
        summary: 'Create a player: its id, name and bearer token',
        description:
          'The name is optional: a player created without one (`{}`) is named its neutral stand-in, ' +
          '"Golfer" and four hex digits from its id ("Golfer 4F2A"), until it renames itself.',
        body: true,
        errors: ['ERR_NAME_REFUSED', 'ERR_RATE_LIMITED'],
        ok: { status: 201, schema: newPlayerSchema, description: 'The new player, with its token' },
      }),
      newPlayerBody,
      async (c) => {
        const address = addressKey(c.req.header('cf-connecting-ip'));
        const player = await createPlayer(c.var.services, c.req.valid('json').name, address);
        return c.json(player, 201);
      },
    )
    .get(
      '/me',
      describe({
        id: 'getMe',
        tag: 'players',
        summary: 'The caller',
        auth: 'bearer',
        ok: { schema: playerViewSchema, description: 'The player' },
      }),
      requirePlayer,
      async (c) => c.json(await getPlayer(c.var.services, c.var.playerId), 200),
    )
    .patch(
      '/me',
      describe({
        id: 'renameMe',
        tag: 'players',
        summary: 'Rename the caller (a new name clears a hidden one)',
        auth: 'bearer',
        body: true,
        errors: ['ERR_NAME_REFUSED', 'ERR_NAME_HIDDEN'],
        ok: { schema: playerViewSchema, description: 'The player, renamed' },
      }),
      nameBody,
      requirePlayer,
      async (c) => c.json(await renamePlayer(c.var.services, c.var.playerId, c.req.valid('json').name), 200),
    )
    .get(
      '/me/history',
      describe({
        id: 'getHistory',
        tag: 'players',
        summary: "The caller's finished rounds and numbers",
        auth: 'bearer',
        errors: ['ERR_VALIDATION'],
        ok: { schema: historyViewSchema, description: 'Rounds newest first, streaks, best, distribution' },
      }),
      validate('query', pageQuery),
      requirePlayer,
      async (c) => {
        const { limit = 50, offset = 0 } = c.req.valid('query');
        return c.json(await history(c.var.services, c.var.playerId, limit, offset), 200);
      },
    )
    .get(
      '/me/leagues',
      describe({
        id: 'getMyLeagues',
        tag: 'leagues',
        summary: "The caller's leagues",
        auth: 'bearer',
        ok: { schema: myLeaguesSchema, description: 'The leagues, with when the caller joined' },
      }),
      requirePlayer,
      async (c) => c.json(await myLeagues(c.var.services, c.var.playerId), 200),
    );
