import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { servicesFor, type AppDeps, type Defer } from './deps.ts';
import type { AppEnv } from './app-env.ts';
import type { ServiceContext } from './services/context.ts';
import { configOf } from './config.ts';
import { ApiError } from './errors.ts';
import { requireModerator } from './services/moderation.ts';
import { bearerOf, playerOf, type Bearer } from './services/players.ts';

/** The request's execution context, or undefined without one (a plain `app.request` in tests). */
export function executionOf(c: Context<AppEnv>): Context<AppEnv>['executionCtx'] | undefined {
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
}

/** A request's services (ERR_UNAVAILABLE when the Worker is not configured to serve courses). */
export function requestServices(c: Context<AppEnv>, deps: AppDeps): ServiceContext {
  const execution = executionOf(c);
  // Without an execution context the work runs on by itself.
  const defer: Defer = execution ? (work) => execution.waitUntil(work) : () => undefined;
  return servicesFor(c.env, deps, defer);
}

/** Puts the request's services on the context (`c.var.services`). Every API route runs behind it. */
export const provideServices = (deps: AppDeps) =>
  createMiddleware<AppEnv>(async (c, next) => {
    c.set('services', requestServices(c, deps));
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
 * Like {@link requirePlayer}, and the player must be a moderator (`MODERATOR_IDS`): ERR_NOT_MODERATOR otherwise.
 * Checked before the request itself, so a non-moderator learns nothing from a moderation route but the refusal.
 */
export const requireModeratorPlayer = createMiddleware<AppEnv & { Variables: { playerId: string } }>(
  async (c, next) => {
    const playerId = await playerOf(c.var.services, await required(c.req.header('authorization')));
    requireModerator(c.var.services, playerId);
    c.set('playerId', playerId);
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

/** The header the local front (scripts/serve.mjs) adds to every request it forwards. */
export const FRONT_HEADER = 'x-golf-front';

const sameText = (a: string, b: string): boolean => {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  if (x.length !== y.length) return false;
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
};

/**
 * Locally, `pnpm start` runs the Worker's dev server on a private port behind the front, which overwrites
 * `CF-Connecting-IP` (as Cloudflare's edge does) and sends `FRONT_SECRET`, a random value of that run. A request
 * that reached the private port directly could claim any address, so without the secret it is refused. A
 * deployment has no `FRONT_SECRET` (the edge sets `CF-Connecting-IP` itself), and this does nothing there.
 */
export const onlyThroughFront = createMiddleware<AppEnv>(async (c, next) => {
  const secret = configOf(c.env).frontSecret;
  if (secret !== null && !sameText(c.req.header(FRONT_HEADER) ?? '', secret))
    throw new ApiError('ERR_FORBIDDEN', 'this server answers only through its local front (pnpm start)');
  await next();
});
