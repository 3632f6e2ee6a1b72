import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { utcToday } from './helpers.ts';

/** What every answer carries, pages, files and API alike (docs/deploy.md). Written out, not imported. */
const COMMON = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
};

const directives = (policy: string): Map<string, string[]> =>
  new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );

const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
/** The hashes of a page's inline scripts (the table settings before the first paint, SvelteKit's start) and styles. */
const inlineHashes = (html: string, tag: 'script' | 'style'): string[] =>
  [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => sha256(m[1]!));
const metaPolicy = (html: string): string =>
  (/<meta http-equiv="content-security-policy" content="([^"]+)">/.exec(html)?.[1] ?? '').replaceAll(
    '&#39;',
    "'",
  );

test('every page, worker and file carries the security headers, a document and a worker the strict CSP; the API its own', async ({
  request,
}) => {
  const html = await (await request.get('/')).text();
  const script = html.match(/<script type="module" src="([^"]+)"|import\("([^"]+)"\)/);
  const file = (script?.[1] ?? script?.[2])?.replace(/^\./, '');
  expect(file).toBeTruthy();
  // The solver's Web Worker, as the practice page's code names it (a worker runs under its own script's policy).
  const solver = readdirSync(join(import.meta.dirname, '..', 'build', '_app', 'immutable', 'workers')).find(
    (f) => f.endsWith('.js'),
  );
  expect(solver).toBeTruthy();
  const worker = `/_app/immutable/workers/${solver}`;
  // A stylesheet, as a page's HTML links it.
  const stylesheet = /href="\.?(\/_app\/immutable\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  expect(stylesheet).toBeTruthy();

  let permissions = '';
  const pages = [
    '/',
    '/play',
    '/rules',
    '/privacy',
    `/standings/${utcToday()}`,
    '/archive/2026-05-01',
    '/no/such/page',
  ];
  for (const path of [...pages, file!, stylesheet!, worker, '/service-worker.js']) {
    const r = await request.get(path);
    expect([path, r.status()]).toEqual([path, 200]);
    const h = r.headers();
    for (const [name, value] of Object.entries(COMMON))
      expect([path, name, h[name]]).toEqual([path, name, value]);
    // Only a file whose name carries its content's hash is kept without asking again; a page, the service worker
    // and the shell are asked for anew (docs/deploy.md, "Caching").
    const immutable = path.startsWith('/_app/immutable/');
    expect([path, h['cache-control']?.includes('immutable') ?? false]).toEqual([path, immutable]);
    if (immutable) expect(h['cache-control']).toBe('public, max-age=31536000, immutable');
    if (immutable && path !== worker) {
      // A script a page imports, or a stylesheet, goes without the headers only a document obeys.
      for (const name of [
        'content-security-policy',
        'permissions-policy',
        'x-frame-options',
        'cross-origin-opener-policy',
      ])
        expect([path, name, h[name]]).toEqual([path, name, undefined]);
      continue;
    }
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['cross-origin-opener-policy']).toBe('same-origin');
    const csp = directives(h['content-security-policy'] ?? '');
    expect(csp.get('default-src')).toEqual(["'self'"]);
    // Scripts and styles: the site's own files, and inline ones by hash only.
    const [self, ...scripts] = csp.get('script-src') ?? [];
    expect(self).toBe("'self'");
    for (const h of scripts) expect(h).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    const [selfStyle, ...styles] = csp.get('style-src') ?? [];
    expect(selfStyle).toBe("'self'");
    for (const h of styles) expect(h).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    if (pages.includes(path)) {
      // A page's inline scripts and styles are allowed, and its own <meta> allows nothing else inline.
      const page = await r.text();
      const own = { scripts: inlineHashes(page, 'script'), styles: inlineHashes(page, 'style') };
      expect(own.scripts.length, path).toBeGreaterThanOrEqual(1);
      for (const h of own.scripts) expect(scripts, path).toContain(h);
      for (const h of own.styles) expect(styles, path).toContain(h);
      const meta = directives(metaPolicy(page));
      expect(new Set(meta.get('script-src')), path).toEqual(new Set(["'self'", ...own.scripts]));
      expect(new Set(meta.get('style-src')), path).toEqual(new Set(["'self'", ...own.styles]));
    }
    // Two framework style attributes by hash (docs/deploy.md); SvelteKit adds the inline styles' hashes too.
    const [unsafeHashes, ...styleHashes] = csp.get('style-src-attr') ?? [];
    expect(unsafeHashes).toBe("'unsafe-hashes'");
    expect(styleHashes.filter((h) => !styles.includes(h))).toHaveLength(2);
    for (const h of styleHashes) expect(h).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(h['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval/);
    permissions = h['permissions-policy'] ?? '';
    expect(permissions).toContain('camera=()');
  }

  const api = await request.get('/api/health');
  const h = api.headers();
  for (const [name, value] of Object.entries(COMMON)) expect([name, h[name]]).toEqual([name, value]);
  expect(h['permissions-policy']).toBe(permissions);
  expect(h['cross-origin-resource-policy']).toBe('same-origin');
  expect(h['cache-control']).toBe('no-store');
  expect(h['content-security-policy']).toBe(
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  );
});

test('the CSP watch of every test sees a refused inline script, a blob worker and a framing page', async ({
  page,
  cspViolations,
}) => {
  await page.goto('/rules');
  await expect(page.locator('main h1').first()).toBeVisible();
  const ran = await page.evaluate(async () => {
    const w = window as unknown as { injected?: boolean };
    const s = document.createElement('script');
    s.textContent = 'window.injected = true';
    document.head.append(s);
    try {
      new Worker(URL.createObjectURL(new Blob(['postMessage(1)'], { type: 'text/javascript' })));
    } catch {
      // refused at once or later: the violation is what counts
    }
    return { injected: w.injected === true };
  });
  expect(ran).toEqual({ injected: false });
  await expect.poll(() => cspViolations.join('\n')).toContain('script-src');
  await expect.poll(() => cspViolations.join('\n')).toContain('worker-src');

  // Another page may not frame the app.
  const framing = await page.context().newPage();
  await framing.setContent(`<iframe src="${new URL('/', page.url()).href}"></iframe>`);
  await expect.poll(() => cspViolations.join('\n')).toContain('frame-ancestors');
  expect(
    await framing
      .frames()[1]
      ?.locator('main')
      .count()
      .catch(() => 0),
  ).toBeFalsy();
  cspViolations.length = 0; // these were on purpose
});

test('the service worker installs under the CSP, keeps the headers with the shell, and practice plays offline', async ({
  browser,
}) => {
  // The one context of the suite with the service worker (the others block it: fixtures.ts).
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto('/play');
  await expect(page.getByTestId('exposed')).toHaveCount(7);
  const cached = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    for (let i = 0; i < 100; i++) {
      const shell = await caches.match('/shell');
      if (shell) return shell.headers.get('content-security-policy');
      await new Promise((r) => setTimeout(r, 100));
    }
    return null;
  });
  expect(cached).toContain("frame-ancestors 'none'");
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('exposed')).toHaveCount(7);
  const stock = Number(await page.getByTestId('stock-count').textContent());
  await page.keyboard.press('Space');
  await expect(page.getByTestId('stock-count')).toHaveText(String(stock - 1));
  await context.setOffline(false);
  await context.close();
});

/** One raw HTTP/1.1 exchange: what `fetch` cannot send (TRACE, absolute-form, `*`, dot segments). */
function raw(base: string, requestLine: string): Promise<{ status: number; body: string; ms: number }> {
  const { hostname, port, host } = new URL(base);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(`${requestLine}\r\nHost: ${host}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`),
    );
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0);
      resolve({ status, body: data.slice(data.indexOf('\r\n\r\n') + 4), ms: Date.now() - started });
    });
  });
}

test('the local front answers what it cannot forward at once, with a coded 4xx', async ({ baseURL }) => {
  for (const [line, status, code] of [
    ['TRACE / HTTP/1.1', 405, 'ERR_METHOD_NOT_ALLOWED'],
    ['CONNECT other.host:443 HTTP/1.1', 405, 'ERR_METHOD_NOT_ALLOWED'],
    ['GET http://other.host/api/health HTTP/1.1', 400, 'ERR_VALIDATION'],
    ['OPTIONS * HTTP/1.1', 400, 'ERR_VALIDATION'],
    ['POST /api/../players HTTP/1.1', 400, 'ERR_VALIDATION'],
    ['POST /api/%2e%2e/x HTTP/1.1', 400, 'ERR_VALIDATION'],
  ] as const) {
    const r = await raw(baseURL!, line);
    expect([line, r.status]).toEqual([line, status]);
    expect(JSON.parse(r.body)).toMatchObject({ error: { code, message: expect.any(String) } });
    expect(r.ms, line).toBeLessThan(2000);
  }
  // Dot segments that stay inside /api/ resolve like anywhere else.
  const inside = await raw(baseURL!, 'GET /api/daily/../health HTTP/1.1');
  expect([inside.status, JSON.parse(inside.body)]).toEqual([200, { ok: true }]);
});

test("the Worker's private port refuses requests that did not pass the front", async ({ request }) => {
  const dir = process.env.E2E_PERSIST_DIR;
  test.skip(!dir || !existsSync(join(dir, 'server.log')), 'needs the server log of scripts/e2e.mjs');
  const log = readFileSync(join(dir!, 'server.log'), 'utf8');
  const upstream = /the Worker's dev server runs on (http:\/\/127\.0\.0\.1:\d+)/.exec(log)?.[1];
  expect(upstream).toBeTruthy();
  const forged = await request.post(`${upstream}/api/players`, {
    data: { name: 'Forger' },
    headers: { 'cf-connecting-ip': '203.0.113.77' },
  });
  expect(forged.status()).toBe(403);
  const body = await forged.text();
  expect(JSON.parse(body)).toMatchObject({ error: { code: 'ERR_FORBIDDEN' } });
  expect(body).not.toContain(new URL(upstream!).port);
  // Through the front, the same request is served.
  const served = await request.post('/api/players', { data: { name: 'Honest' } });
  expect(served.status()).toBe(201);
});

test('the local front keeps a content-hashed file as the Worker served it, and passes a conditional request on', async ({
  request,
}) => {
  const html = await (await request.get('/play')).text();
  const file = /import\("\.?(\/_app\/immutable\/[^"]+\.js)"\)/.exec(html)?.[1];
  expect(file).toBeTruthy();
  const first = await request.get(file!);
  const again = await request.get(file!);
  for (const r of [first, again]) expect(r.status()).toBe(200);
  const { date: _d1, ...served } = first.headers();
  const { date: _d2, ...kept } = again.headers();
  expect(kept).toEqual(served);
  expect(await again.body()).toEqual(await first.body());
  expect(served['cache-control']).toBe('public, max-age=31536000, immutable');
  // A revalidation is the Worker's static assets' to answer (the front would have answered 200 from what it keeps).
  expect(served.etag).toBeTruthy();
  const revalidated = await request.get(file!, { headers: { 'if-none-match': served.etag! } });
  expect(revalidated.status()).toBe(304);
});
