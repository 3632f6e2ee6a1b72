import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { createPlayer, playerView, renamePlayer, requirePlayer } from '../services/players.ts';
import { clientAddress, playerBurst, servicesFor, type AppDeps } from './deps.ts';
import { nameSchema, onInvalid } from './validation.ts';

const nameBody = z.object({ name: nameSchema });

/** `/api/players`: create a player, read and rename yourself. */
export const playerRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .post('/', zValidator('json', nameBody, onInvalid), async (c) => {
      const ctx = servicesFor(c.env, deps);
      const { name } = c.req.valid('json');
      const player = await createPlayer(
        ctx,
        name,
        clientAddress(c.req.header('cf-connecting-ip')),
        playerBurst(c.env),
      );
      return c.json(player, 201);
    })
    .get('/me', async (c) => {
      const ctx = servicesFor(c.env, deps);
      return c.json(playerView(await requirePlayer(ctx, c.req.header('authorization'))), 200);
    })
    .patch('/me', zValidator('json', nameBody, onInvalid), async (c) => {
      const ctx = servicesFor(c.env, deps);
      const player = await requirePlayer(ctx, c.req.header('authorization'));
      return c.json(await renamePlayer(ctx, player, c.req.valid('json').name), 200);
    });
