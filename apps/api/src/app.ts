import { API_HEADERS, COMMON_HEADERS } from '@golf/contract/security-headers';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { buildDeps } from './deps.ts';
import type { AppEnv } from './app-env.ts';
import type { AppOptions } from './deps.ts';
import { configOf } from './config.ts';
import { ApiError, type ErrorBody } from './errors.ts';
import { executionOf, onlyThroughFront, provideServices } from './middleware.ts';
import { dailyRoutes } from './routes/daily.ts';
import { deviceRoutes } from './routes/devices.ts';
import { devRoutes } from './routes/dev.ts';
import { leagueRoutes } from './routes/leagues.ts';
import { moderationRoutes } from './routes/moderation.ts';
import { playerRoutes } from './routes/players.ts';
import { privacyRoutes } from './routes/privacy.ts';
import { pushKeyRoutes, pushRoutes } from './routes/push.ts';
import { reportRoutes } from './routes/reports.ts';
import { describe, publicCache } from './routes/describe.ts';
import { pageRoutes } from './routes/pages.ts';
import { sitemapRoutes } from './routes/sitemap.ts';
import { IMMUTABLE_MAX_AGE } from './ports/edge-cache.ts';
import { healthSchema } from './views.ts';
import document from '../openapi.json' with { type: 'json' };

export const BODY_LIMIT = 16 * 1024;

/** The OpenAPI document as served, written out on its first request (not at start-up) and then kept. */
let documentText: string | undefined;

/** Maps anything thrown to a JSON error. Known errors keep their status; everything else is a logged 500. */
function toErrorResponse(error: unknown): {
  status: ContentfulStatusCode;
  body: ErrorBody;
  headers: Record<string, string>;
} {
  if (error instanceof ApiError) {
    const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
    if (error.status === 503) headers['Retry-After'] = '60';
    if (error.retryAfter !== undefined) headers['Retry-After'] = String(Math.ceil(error.retryAfter));
    return { status: error.status, body: error.toBody(), headers };
  }
  if (error instanceof HTTPException && error.status === 400) {
    // Hono's own parse errors, e.g. malformed JSON.
    return toErrorResponse(new ApiError('ERR_VALIDATION', error.message || 'malformed request'));
  }
  if (error instanceof HTTPException && error.status === 413) {
    return toErrorResponse(new ApiError('ERR_BODY_TOO_LARGE', 'the request body is larger than 16 KiB'));
  }
  console.error('unhandled error', error);
  return {
    status: 500,
    body: { error: { code: 'ERR_INTERNAL', message: 'internal error' } },
    headers: { 'Cache-Control': 'no-store' },
  };
}

/**
 * The API as a Hono app. Routes are chained so `AppType` carries every route for the typed `hc` client.
 * `options.now` injects the clock and `options.perfect` the perfect-play function (tests use both).
 */
export function createApp(options: AppOptions = {}) {
  const deps = buildDeps(options);
  const app = new Hono<AppEnv>({ strict: false });
  app.onError((error, c) => {
    const { status, body, headers } = toErrorResponse(error);
    return c.json(body, status, headers);
  });
  app.notFound((c) =>
    c.json(
      {
        error: { code: 'ERR_NOT_FOUND', message: `no route ${c.req.method} ${c.req.path}` },
      } satisfies ErrorBody,
      404,
    ),
  );
  // First, so every answer carries them, errors and refusals included (docs/deploy.md). A page the Worker serves
  // (routes/pages.ts) has its own policy and page headers instead of the API's.
  app.use('*', async (c, next) => {
    await next();
    const isPage = c.res.headers.get('Content-Type')?.startsWith('text/html') === true;
    for (const [name, value] of Object.entries(
      isPage ? COMMON_HEADERS : { ...COMMON_HEADERS, ...API_HEADERS },
    ))
      c.res.headers.set(name, value);
  });
  app.use('*', onlyThroughFront);
  app.use(
    '*',
    bodyLimit({
      maxSize: BODY_LIMIT,
      onError: () => {
        throw new ApiError('ERR_BODY_TOO_LARGE', `the request body is larger than ${BODY_LIMIT / 1024} KiB`);
      },
    }),
  );
  app.use('*', async (c, next) => {
    // No Server-Timing in production: a response's timing must tell nothing (docs/fair-play.md). The local bench
    // sets SERVER_TIMING=1 to read the time spent in the app (Workers clocks advance across I/O only).
    const start = configOf(c.env).serverTiming ? performance.now() : null;
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
    if (start !== null)
      c.res.headers.set('Server-Timing', `app;dur=${(performance.now() - start).toFixed(1)}`);
  });
  return (
    app
      .get(
        '/api/health',
        describe({
          id: 'health',
          tag: 'meta',
          summary: 'The Worker answers',
          ok: { schema: healthSchema, description: 'Alive' },
        }),
        (c) => c.json({ ok: true as const }, 200),
      )
      // The document (generated by `pnpm openapi`) changes only with a deployment: kept like a closed day's course.
      .get(
        '/api/openapi.json',
        describe({
          id: 'openapi',
          tag: 'meta',
          summary: 'This OpenAPI 3.1 document',
          ok: { description: 'The document', headers: publicCache('a year, like a closed day') },
        }),
        (c) => {
          c.header('Cache-Control', `public, max-age=${IMMUTABLE_MAX_AGE}`);
          documentText ??= JSON.stringify(document);
          return c.body(documentText, 200, { 'Content-Type': 'application/json' });
        },
      )
      .use('/api/*', provideServices(deps))
      .route('/api/players', playerRoutes())
      .route('/api/players', deviceRoutes())
      .route('/api/players', pushRoutes())
      .route('/api/push', pushKeyRoutes())
      .route('/api/leagues', leagueRoutes())
      .route('/api/reports', reportRoutes())
      .route('/api/moderation', moderationRoutes())
      .route('/api/daily', dailyRoutes())
      .route('/api/players', privacyRoutes())
      .route('/api/dev', devRoutes())
      .route('/', sitemapRoutes(deps.now))
      // Last: `/`, and the shell for any other page path (routes/pages.ts).
      .route(
        '/',
        pageRoutes(deps, async (request, c) => app.fetch(request, c.env, executionOf(c))),
      )
  );
}

/** The typed routes, for `hc<AppType>` in the web. */
export type AppType = ReturnType<typeof createApp>;
