import { createMiddleware } from 'hono/factory';
import { servicesFor, type AppDeps, type Defer } from './deps.ts';
import type { AppEnv } from './app-env.ts';
import { ApiError } from './errors.ts';
import { bearerOf, playerOf, type Bearer } from './services/players.ts';

/** Puts the request's services on the context (`c.var.services`). Every API route runs behind it. */
export const provideServices = (deps: AppDeps) =>
  createMiddleware<AppEnv>(async (c, next) => {
    let defer: Defer;
    try {
      const execution = c.executionCtx;
      defer = (work) => execution.waitUntil(work);
    } catch {
      // No execution context (a plain `app.request` in tests): the work runs on by itself.
      defer = () => undefined;
    }
    c.set('services', servicesFor(c.env, deps, defer));
    await next();
  });

/**
 * Puts the player an `Authorization: Bearer <token>` header names on the context (`c.var.playerId`), null without
 * the header. A header that is malformed or names no player is ERR_UNAUTHORIZED: a forged token is never ignored.
 */
export const identifyPlayer = createMiddleware<AppEnv>(async (c, next) => {
  const bearer = await bearerOf(c.req.header('authorization'));
  c.set('playerId', bearer === null ? null : await playerOf(c.var.services, bearer));
  await next();
});

const required = async (authorization: string | undefined): Promise<Bearer> => {
  const bearer = await bearerOf(authorization);
  if (bearer === null) throw new ApiError('ERR_UNAUTHORIZED', 'send Authorization: Bearer <token>');
  return bearer;
};

/** Like {@link identifyPlayer}, but the route needs a player: no header is ERR_UNAUTHORIZED. */
export const requirePlayer = createMiddleware<AppEnv & { Variables: { playerId: string } }>(
  async (c, next) => {
    c.set('playerId', await playerOf(c.var.services, await required(c.req.header('authorization'))));
    await next();
  },
);

/**
 * For the attempt routes: the bearer token as sent (`c.var.bearer`), required. The attempt object checks it
 * against the ledger, once per token, so a draw costs no database read.
 */
export const requireBearer = createMiddleware<AppEnv>(async (c, next) => {
  c.set('bearer', await required(c.req.header('authorization')));
  await next();
});
