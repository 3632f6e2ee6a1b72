import { createMiddleware } from 'hono/factory';
import { servicesFor, type AppDeps } from './deps.ts';
import type { AppEnv } from './env.ts';
import { ApiError } from './errors.ts';
import { authenticate } from './services/players.ts';

/** Puts the request's services on the context (`c.var.services`). Every API route runs behind it. */
export const provideServices = (deps: AppDeps) =>
  createMiddleware<AppEnv>(async (c, next) => {
    c.set('services', servicesFor(c.env, deps));
    await next();
  });

/**
 * Puts the player an `Authorization: Bearer <token>` header names on the context (`c.var.playerId`), null without
 * the header. A header that is malformed or names no player is ERR_UNAUTHORIZED: a forged token is never ignored.
 */
export const identifyPlayer = createMiddleware<AppEnv>(async (c, next) => {
  c.set('playerId', await authenticate(c.var.services, c.req.header('authorization')));
  await next();
});

/** Like {@link identifyPlayer}, but the route needs a player: no header is ERR_UNAUTHORIZED. */
export const requirePlayer = createMiddleware<AppEnv & { Variables: { playerId: string } }>(
  async (c, next) => {
    const id = await authenticate(c.var.services, c.req.header('authorization'));
    if (id === null) throw new ApiError('ERR_UNAUTHORIZED', 'send Authorization: Bearer <token>');
    c.set('playerId', id);
    await next();
  },
);
