import {
  ANSWERS_DATA_ID,
  COURSE_DATA_ID,
  jsonDataBlock,
  pageRequests,
  SHELL_ROUTES_PATH,
  type ShellRouteFiles,
} from '@golf/contract/page-data';
import { dealtTable } from '@golf/contract/dealt-table';
import { pageHeaders, pagePolicyOf } from '@golf/contract/security-headers';
import { utcDate } from '@golf/contract';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { FRONT_HEADER, requestServices } from '../middleware.ts';
import { cachedCourse, courseMaxAge } from './daily.ts';

/** The web's shell (its build's `shell.html`): every page path without a prerendered page, rendered in the browser. */
export const SHELL_PATH = '/shell';

/** A page path: not the API's, and its last segment has no file extension (`/standings/2026-12-06`, not `/x.js`). */
const isPagePath = (path: string): boolean => !path.startsWith('/api/') && !/\.[^/]*$/.test(path);

const beforeHeadEnd = (html: string, block: string): string => {
  const at = html.indexOf('</head>');
  return at < 0 ? html : `${html.slice(0, at)}${block}${html.slice(at)}`;
};

/** What reading the static assets needs of a request's context. */
type AssetsContext = { env: AppEnv['Bindings']; req: { url: string } };

/** A built page from the static assets, or null without them (the API alone, in tests and the memory build). */
async function builtPage(c: AssetsContext, path: string) {
  const assets = c.env.ASSETS;
  if (!assets) return null;
  const res = await assets.fetch(new URL(path, c.req.url).href);
  return res.ok ? await res.text() : null;
}

/** A page path's route, and the JavaScript and CSS of its layouts and page the shell does not name itself. */
interface ShellRoute {
  pattern: RegExp;
  js: string[];
  css: string[];
}

/** A file of the build's content-hashed output: the only kind of address the Worker writes into a page. */
const BUILT_FILE = /^\/_app\/immutable\/[\w.-]+(?:\/[\w.-]+)*\.(?:js|css)$/;

/**
 * The build's list (`SHELL_ROUTES_PATH`), read once per set of static assets (an isolate serves one build); none
 * without it. A read that fails is not kept: the next request reads again.
 */
const shellRoutesOf = new WeakMap<object, Promise<ShellRoute[]>>();
function shellRoutes(c: AssetsContext): Promise<ShellRoute[]> {
  const assets = c.env.ASSETS;
  if (!assets) return Promise.resolve([]);
  let routes = shellRoutesOf.get(assets);
  if (routes === undefined) {
    routes = builtPage(c, SHELL_ROUTES_PATH)
      .then((text) =>
        text === null
          ? []
          : (JSON.parse(text) as ShellRouteFiles[]).map((r) => ({
              pattern: new RegExp(r.pattern),
              js: r.js.filter((f) => BUILT_FILE.test(f)),
              css: r.css.filter((f) => BUILT_FILE.test(f)),
            })),
      )
      .catch(() => {
        shellRoutesOf.delete(assets);
        return [];
      });
    shellRoutesOf.set(assets, routes);
  }
  return routes;
}

/**
 * The links that start a page path's own files at once, as the shell's HTML arrives: its route's JavaScript
 * (`modulepreload`) and CSS, less what the shell already names. Without them the browser finds them import by
 * import once the app has started, a round trip each. Empty for a path no route matches.
 */
async function routeLinks(c: AssetsContext, path: string, html: string): Promise<string> {
  const route = (await shellRoutes(c)).find((r) => r.pattern.test(path));
  if (!route) return '';
  const fresh = (file: string) => !html.includes(`"${file}"`);
  return [
    ...route.js.filter(fresh).map((file) => `<link rel="modulepreload" href="${file}">`),
    ...route.css.filter(fresh).map((file) => `<link rel="stylesheet" href="${file}">`),
  ].join('');
}

/** The Worker's own answer to an API request (the app itself, as a request from outside would reach it). */
export type SelfRequest = (request: Request, c: Context<AppEnv>) => Promise<Response>;

/** How long an answer may be kept by anyone (`public, max-age=N`), or 0. */
const publicMaxAge = (res: Response): number => {
  const match = /^public, max-age=(\d+)$/.exec(res.headers.get('cache-control') ?? '');
  return match ? Number(match[1]) : 0;
};

/**
 * The answers a page path asks the API for as it opens (`pageRequests`), as the API gives them to a request without
 * a token, and how long all of them may be kept (the shortest). A request the API refuses, or whose answer may not
 * be kept, is left out: the page asks for it itself.
 */
async function pageAnswers(
  c: Context<AppEnv>,
  self: SelfRequest,
): Promise<{ answers: Record<string, unknown>; maxAge: number }> {
  const url = new URL(c.req.url);
  const front = c.req.header(FRONT_HEADER);
  const headers: Record<string, string> = front ? { [FRONT_HEADER]: front } : {};
  const paths = pageRequests(url.pathname, url.searchParams);
  // At once, as the page itself would ask; kept in the page's order.
  const responses = await Promise.all(
    paths.map((path) => self(new Request(new URL(path, url), { headers }), c)),
  );
  const answers: Record<string, unknown> = {};
  let maxAge = Infinity;
  for (const [i, res] of responses.entries()) {
    const age = publicMaxAge(res);
    if (res.status !== 200 || age === 0) continue;
    answers[paths[i]!] = await res.json();
    maxAge = Math.min(maxAge, age);
  }
  return { answers, maxAge: Number.isFinite(maxAge) ? maxAge : 0 };
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
 *   request to the API, and the first hole's cards drawn into its table (`dealtTable`), so they are in the first
 *   paint. It is kept as long as that answer is (until the day closes, a minute at most). Without a
 *   course (the secret missing, say) the page goes out without it, and the app asks the API, which says why.
 * - any other page path: the shell, which renders the page in the browser (a path that names a file, and any
 *   path under `/api/`, stays a 404), with links that start its route's own JavaScript and CSS at once
 *   (`routeLinks`, from the build's `_app/shell-routes.json`). A dated page (`/archive/<date>`,
 *   `/standings/<date>`) gets the API's answers it asks for as it opens, as anyone without a token gets them
 *   (`pageAnswers`), in a JSON data block, and is kept as long as the shortest of them; the others are kept like any
 *   static page.
 */
export const pageRoutes = (deps: AppDeps, self: SelfRequest) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      let html = await builtPage(c, '/');
      if (html === null) return c.notFound();
      let block = '';
      let maxAge = 0;
      try {
        const ctx = requestServices(c, deps);
        const course = await cachedCourse(ctx, utcDate(ctx.now));
        block = jsonDataBlock(COURSE_DATA_ID, course);
        const first = course.holes[0];
        if (first) html = dealtTable(html, first, course.rules);
        maxAge = courseMaxAge(course, ctx.now);
      } catch (error) {
        if (!(error instanceof ApiError)) console.error('the course for /', error);
      }
      return page(beforeHeadEnd(html, block), maxAge > 0 ? `public, max-age=${maxAge}` : 'no-store');
    })
    .get('*', async (c, next) => {
      if (!isPagePath(c.req.path)) return next();
      const shell = await builtPage(c, SHELL_PATH);
      if (shell === null) return next();
      const [{ answers, maxAge }, links] = await Promise.all([
        pageAnswers(c, self),
        routeLinks(c, c.req.path, shell),
      ]);
      const html = beforeHeadEnd(shell, links);
      if (maxAge > 0)
        return page(
          beforeHeadEnd(html, jsonDataBlock(ANSWERS_DATA_ID, answers)),
          `public, max-age=${maxAge}`,
        );
      // The same for every day: kept like any static page (revalidated on each use).
      return page(html, 'public, max-age=0, must-revalidate');
    });
