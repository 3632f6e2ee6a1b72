import { COURSE_DATA_ID, jsonDataBlock } from '@golf/contract/page-data';
import { pageHeaders, pagePolicyOf } from '@golf/contract/security-headers';
import { utcDate } from '@golf/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { requestServices } from '../middleware.ts';
import { cachedCourse, courseMaxAge } from './daily.ts';

/** The web's shell (its build's `shell.html`): every page path without a prerendered page, rendered in the browser. */
export const SHELL_PATH = '/shell';

/** A page path: not the API's, and its last segment has no file extension (`/standings/2026-12-06`, not `/x.js`). */
const isPagePath = (path: string): boolean => !path.startsWith('/api/') && !/\.[^/]*$/.test(path);

/** A built page from the static assets, or null without them (the API alone, in tests and the memory build). */
async function builtPage(c: { env: AppEnv['Bindings']; req: { url: string } }, path: string) {
  const assets = c.env.ASSETS;
  if (!assets) return null;
  const res = await assets.fetch(new URL(path, c.req.url).href);
  return res.ok ? await res.text() : null;
}

/** An HTML page with its own headers: its `<meta>` policy (with `frame-ancestors`) and the page headers. */
function page(html: string, cacheControl: string): Response {
  const policy = pagePolicyOf(html);
  if (policy === null) throw new Error('a built page without a Content-Security-Policy <meta>');
  return new Response(html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': cacheControl,
      ...pageHeaders(policy),
    },
  });
}

/**
 * The pages the Worker serves itself; every other page and file is a static asset of the web's build.
 *
 * - `/`: the prerendered Today page with today's public course view (exactly `GET /api/daily`'s answer: layouts
 *   and stock sizes, never a stock card) in a JSON data block before `</head>`, so the course paints with no
 *   request to the API. It is kept as long as that answer is (until the day closes, a minute at most). Without a
 *   course (the secret missing, say) the page goes out without it, and the app asks the API, which says why.
 * - any other page path: the shell, which renders the page in the browser (a path that names a file, and any
 *   path under `/api/`, stays a 404).
 */
export const pageRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const html = await builtPage(c, '/');
      if (html === null) return c.notFound();
      let block = '';
      let maxAge = 0;
      try {
        const ctx = requestServices(c, deps);
        const course = await cachedCourse(ctx, utcDate(ctx.now));
        block = jsonDataBlock(COURSE_DATA_ID, course);
        maxAge = courseMaxAge(course, ctx.now);
      } catch (error) {
        if (!(error instanceof ApiError)) console.error('the course for /', error);
      }
      const at = html.indexOf('</head>');
      const withCourse = at < 0 ? html : `${html.slice(0, at)}${block}${html.slice(at)}`;
      return page(withCourse, maxAge > 0 ? `public, max-age=${maxAge}` : 'no-store');
    })
    .get('*', async (c, next) => {
      if (!isPagePath(c.req.path)) return next();
      const html = await builtPage(c, SHELL_PATH);
      if (html === null) return next();
      // The same for every path and every day: kept like any static page (revalidated on each use).
      return page(html, 'public, max-age=0, must-revalidate');
    });
