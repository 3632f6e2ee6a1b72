import { ANSWERS_DATA_ID, COURSE_DATA_ID, pageRequests, SHELL_ROUTES_PATH } from '@golf/contract/page-data';
import { API_HEADERS, COMMON_HEADERS, PAGE_HEADERS } from '@golf/contract/security-headers';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { quickPerfect } from './helpers.ts';

// Two built pages as the web's build writes them (a <meta> policy with the hash of the page's own start script).
const policy = (hash: string) =>
  `default-src 'self'; script-src 'self' 'sha256-${hash}='; style-src 'self'; base-uri 'none'`;
const builtPage = (hash: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="${policy(hash).replaceAll("'", '&#39;')}"><title>t</title></head><body>${body}</body></html>`;
const TODAY_PAGE = builtPage('today', '<main>today</main>');
const SHELL_PAGE = builtPage('shell', '<main></main>');

/** Workers static assets as the Worker's ASSETS binding answers: the prerendered `/`, the shell, nothing else. */
const assets = {
  fetch: async (input: string) => {
    const path = new URL(input).pathname;
    if (path === '/') return new Response(TODAY_PAGE, { headers: { 'content-type': 'text/html' } });
    if (path === '/shell') return new Response(SHELL_PAGE, { headers: { 'content-type': 'text/html' } });
    return new Response('Not Found', { status: 404 });
  },
};

const at = (iso: string) => createApp({ now: () => new Date(iso), perfect: quickPerfect });
const withAssets = { ...env, ASSETS: assets };

/** A data block's text, as a browser's parser reads a script element. */
const dataBlock = (html: string, id = COURSE_DATA_ID): string | null =>
  new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html)?.[1] ?? null;

/** The `max-age` of a `public, max-age=N` answer. */
const maxAgeOf = (res: Response): number =>
  Number(/^public, max-age=(\d+)$/.exec(res.headers.get('cache-control') ?? '')?.[1]);

function expectPageHeaders(res: Response, hash: string): void {
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(res.headers.get('content-security-policy')).toBe(`${policy(hash)}; frame-ancestors 'none'`);
  for (const [name, value] of Object.entries({ ...COMMON_HEADERS, ...PAGE_HEADERS }))
    expect(res.headers.get(name), name).toBe(value);
  expect(res.headers.get('cross-origin-resource-policy')).toBe(null);
  expect(res.headers.get('content-security-policy')).not.toBe(API_HEADERS['Content-Security-Policy']);
}

describe('the pages the Worker serves', () => {
  it("/ is the prerendered page with exactly GET /api/daily's answer in a data block, kept as long", async () => {
    const app = at('2026-06-15T23:59:30Z');
    const res = await app.request('https://golf.test/', {}, withAssets);
    expect(res.status).toBe(200);
    expectPageHeaders(res, 'today');
    const html = await res.text();
    const api = await app.request('https://golf.test/api/daily', {}, withAssets);
    const text = dataBlock(html);
    expect(text).not.toBeNull();
    expect(JSON.parse(text!)).toEqual(await api.json());
    // Kept exactly as long as the API's answer: until the day closes, here 30 s.
    expect(res.headers.get('cache-control')).toBe('public, max-age=30');
    expect(api.headers.get('cache-control')).toBe('public, max-age=30');
    // The page around it is the built one, the block just before </head>.
    expect(html.replace(/<script type="application\/json"[^>]*>[^<]*<\/script>/, '')).toBe(TODAY_PAGE);
    expect(html.indexOf(`id="${COURSE_DATA_ID}"`)).toBeLessThan(html.indexOf('</head>'));
  });

  it('never puts a stock card in the page while the day is open', async () => {
    const html = await (
      await at('2026-06-15T08:00:00Z').request('https://golf.test/', {}, withAssets)
    ).text();
    const course = JSON.parse(dataBlock(html)!) as { closed: boolean; holes: Record<string, unknown>[] };
    expect(course.closed).toBe(false);
    expect(course.holes).toHaveLength(9);
    for (const hole of course.holes) {
      expect(Object.keys(hole).sort()).toEqual(['columns', 'hole', 'stockSize', 'waste']);
      expect((hole.columns as string[][]).flat()).toHaveLength(35);
    }
  });

  it("draws today's first hole into the table's marked places, and no other card anywhere", async () => {
    // The Today page's empty table as the web's build marks it (Table.svelte), one place of each kind.
    const places = [1, 2, 3, 4, 5, 6, 7].map((c) => `<div class="empty s" data-dealt="${c}"></div>`);
    const marked = builtPage(
      'today',
      `<main>${places.join('')}<span class="empty s" data-dealt="stock"></span><span class="count s" data-dealt="count">&nbsp;</span><div class="empty s" data-dealt="waste"></div></main>`,
    );
    const markedAssets = {
      fetch: async (input: string) =>
        new URL(input).pathname === '/'
          ? new Response(marked, { headers: { 'content-type': 'text/html' } })
          : new Response('Not Found', { status: 404 }),
    };
    for (const iso of ['2026-06-15T08:00:00Z', '2026-06-16T23:59:00Z']) {
      const html = await (
        await at(iso).request('https://golf.test/', {}, { ...env, ASSETS: markedAssets })
      ).text();
      const course = JSON.parse(dataBlock(html)!) as {
        holes: { columns: string[][]; waste: string; stockSize: number }[];
      };
      const first = course.holes[0]!;
      const shown = [...html.matchAll(/data-card="(\w+)"/g)].map(([, card]) => card);
      // Column by column, top to bottom, then the waste: the first hole's public cards, each once.
      expect(shown).toEqual([...first.columns.flat(), ...(first.waste === '-' ? [] : [first.waste])]);
      expect(html).toContain(`data-dealt="count">${first.stockSize}</span>`);
      // Nothing else of the page changes: what is before the first place and after the last is as built.
      const head = marked.slice(0, marked.indexOf('data-dealt="1">'));
      const tail = marked.slice(marked.indexOf('</main>'));
      const page = html.replace(/<script type="application\/json"[^>]*>[^<]*<\/script>/, '');
      expect(page.startsWith(head)).toBe(true);
      expect(page.endsWith(tail)).toBe(true);
    }
  });

  it('goes out without the course (not kept) when no course can be made, and the API says why', async () => {
    const app = at('2026-06-15T08:00:00Z');
    const bindings = { ...withAssets, DAILY_SECRET: undefined };
    const res = await app.request('https://golf.test/', {}, bindings);
    expect(res.status).toBe(200);
    expectPageHeaders(res, 'today');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe(TODAY_PAGE);
    expect((await app.request('https://golf.test/api/daily', {}, bindings)).status).toBe(503);
  });

  it('answers any other page path with the shell, and a file or API path that does not exist with a 404', async () => {
    const app = at('2026-06-15T08:00:00Z');
    for (const path of [
      '/me',
      '/leagues/x',
      '/no/such/page',
      '/standings/2026-06-15/x',
      '/archive/20260614',
    ]) {
      const res = await app.request(`https://golf.test${path}`, {}, withAssets);
      expect(res.status, path).toBe(200);
      expectPageHeaders(res, 'shell');
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect(await res.text()).toBe(SHELL_PAGE);
    }
    for (const path of ['/missing.js', '/_app/immutable/x.css', '/api/nothing', '/api/daily/x/y/z']) {
      const res = await app.request(`https://golf.test${path}`, {}, withAssets);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('ERR_NOT_FOUND');
      expect(res.headers.get('content-security-policy')).toBe(API_HEADERS['Content-Security-Policy']);
    }
  });

  it("puts into a dated page the API's answers it asks for as it opens, as anyone without a token gets them", async () => {
    // The 16th is open (the clock's day), the 14th closed.
    const app = at('2026-06-16T08:00:00Z');
    for (const path of ['/archive/2026-06-14', '/standings/2026-06-14', '/standings/2026-06-16?offset=25']) {
      const url = new URL(path, 'https://golf.test');
      const res = await app.request(url.href, {}, withAssets);
      expect(res.status, path).toBe(200);
      expectPageHeaders(res, 'shell');
      const html = await res.text();
      const answers = JSON.parse(dataBlock(html, ANSWERS_DATA_ID)!) as Record<string, unknown>;
      const requests = pageRequests(url.pathname, url.searchParams);
      expect(Object.keys(answers), path).toEqual(requests);
      // Each exactly the API's answer to the same request, and the page kept no longer than any of them.
      const ages: number[] = [];
      for (const request of requests) {
        const api = await app.request(`https://golf.test${request}`, {}, withAssets);
        expect(api.status, request).toBe(200);
        expect(answers[request], request).toEqual(await api.json());
        ages.push(maxAgeOf(api));
      }
      expect(res.headers.get('cache-control'), path).toBe(`public, max-age=${Math.min(...ages)}`);
      // The shell around it is the built one, the block just before </head>.
      expect(html.replace(/<script type="application\/json"[^>]*>[^<]*<\/script>/, '')).toBe(SHELL_PAGE);
      expect(html.indexOf(`id="${ANSWERS_DATA_ID}"`)).toBeLessThan(html.indexOf('</head>'));
    }
  });

  it('serves the plain shell, kept like a static page, when the API refuses every request (a day not played, a bad date)', async () => {
    const app = at('2026-06-16T08:00:00Z');
    for (const path of ['/archive/2030-01-01', '/standings/2030-01-01', '/archive/2026-13-45']) {
      const res = await app.request(`https://golf.test${path}`, {}, withAssets);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=0, must-revalidate');
      expect(await res.text(), path).toBe(SHELL_PAGE);
    }
  });

  it("starts a shell page's own files from its HTML: its route's in the build's list, less what the shell names", async () => {
    const routes = [
      {
        pattern: '^\\/standings\\/([^/]+?)\\/?$',
        js: [
          '/_app/immutable/nodes/15.abc.js',
          '/_app/immutable/chunks/shared.js',
          '/_app/immutable/chunks/in"jected.js',
          'https://elsewhere.test/_app/immutable/x.js',
        ],
        css: ['/_app/immutable/assets/15.abc.css', '/_app/immutable/assets/x.css?<b>'],
      },
      { pattern: '^\\/me\\/?$', js: ['/_app/immutable/nodes/9.me.js'], css: [] },
    ];
    // A shell that already names one of the route's files (the layout's, as the build writes it).
    const shell = SHELL_PAGE.replace(
      '</head>',
      '<link href="/_app/immutable/chunks/shared.js" rel="modulepreload"></head>',
    );
    const built = {
      fetch: async (input: string) => {
        const path = new URL(input).pathname;
        if (path === SHELL_ROUTES_PATH) return Response.json(routes);
        if (path === '/shell') return new Response(shell, { headers: { 'content-type': 'text/html' } });
        return assets.fetch(input);
      },
    };
    const app = at('2026-06-16T08:00:00Z');
    const html = async (path: string) => {
      const res = await app.request(`https://golf.test${path}`, {}, { ...env, ASSETS: built });
      expect(res.status, path).toBe(200);
      return res.text();
    };
    // A day nobody played (no answers to add): the shell and the links, only addresses of the build's own files.
    expect(await html('/standings/2030-01-01')).toBe(
      shell.replace(
        '</head>',
        '<link rel="modulepreload" href="/_app/immutable/nodes/15.abc.js">' +
          '<link rel="stylesheet" href="/_app/immutable/assets/15.abc.css"></head>',
      ),
    );
    expect(await html('/me')).toBe(
      shell.replace('</head>', '<link rel="modulepreload" href="/_app/immutable/nodes/9.me.js"></head>'),
    );
    // A path no route matches: the shell as built.
    expect(await html('/no/such/page')).toBe(shell);

    // A failed read of the list is not kept: the shell goes out as built, and the next request reads the list again.
    let failures = 1;
    const flaky = {
      fetch: async (input: string) => {
        if (new URL(input).pathname === SHELL_ROUTES_PATH && failures-- > 0)
          throw new Error('assets unavailable');
        return built.fetch(input);
      },
    };
    const flakyPage = async (path: string) =>
      (await app.request(`https://golf.test${path}`, {}, { ...env, ASSETS: flaky })).text();
    expect(await flakyPage('/me')).toBe(shell);
    expect(await flakyPage('/me')).toBe(
      shell.replace('</head>', '<link rel="modulepreload" href="/_app/immutable/nodes/9.me.js"></head>'),
    );
  });

  it('serves no page where the API runs without the web (its tests, the memory build)', async () => {
    const res = await at('2026-06-15T08:00:00Z').request('https://golf.test/', {}, env);
    expect(res.status).toBe(404);
    expect((await at('2026-06-15T08:00:00Z').request('https://golf.test/me', {}, env)).status).toBe(404);
  });
});
