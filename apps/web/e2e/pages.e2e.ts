import { expect, test, type Page } from './fixtures.ts';
import { expectAccessibleAtEachSize } from './a11y.ts';
import { addDays, running, SIZES, teeOff, uniqueName, utcToday } from './helpers.ts';

const today = utcToday();
const PAGES: readonly { name: string; path: string }[] = [
  { name: 'practice', path: '/play' },
  { name: 'rules', path: '/rules' },
  { name: 'api-reference', path: '/api-reference' },
  { name: 'stats', path: '/stats' },
  { name: 'standings', path: `/standings/${today}` },
  { name: 'archive', path: '/archive' },
  { name: 'archive-day', path: `/archive/${addDays(today, -1)}` },
];

test.use({ reducedMotion: 'reduce' });

/** The page at both sizes, the desktop's first: a full-page screenshot and the axe scan at each. */
async function check(page: Page, name: string): Promise<void> {
  await page.locator('main h1').first().waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  await expectAccessibleAtEachSize(page, name);
}

test('every page at desktop and phone sizes: screenshot, axe has no serious or critical violation', async ({
  browser,
}) => {
  // Every page, each with two full-page screenshots and two axe scans: minutes on a loaded machine.
  test.setTimeout(300_000);
  const context = await browser.newContext({ viewport: SIZES.desktop, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/');
  await check(page, 'today-welcome');
  // A returning player on a new day: a name, no attempt yet.
  const created = await page.request.post('/api/players', { data: { name: uniqueName('Back') } });
  expect(created.status()).toBe(201);
  const returning = await context.newPage();
  const player: unknown = await created.json();
  await returning.addInitScript((p) => localStorage.setItem('golf.player.v1', JSON.stringify(p)), player);
  await returning.goto('/');
  await expect(returning.getByTestId('hole-number')).toContainText('Hole 1 of 9');
  await expect(returning.getByTestId('today-note')).toContainText('your first move starts it');
  await check(returning, 'today-ready');
  await returning.close();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/');
  await teeOff(page, uniqueName('Desk'));
  await check(page, 'today-course');
  for (const p of PAGES) {
    await page.goto(p.path);
    await check(page, p.name);
  }
  await context.close();
});

test('search and sharing: one description and its own sharing tags per page, robots.txt and the sitemap', async ({
  page,
  request,
}) => {
  const closed = addDays(today, -1);
  const tags = () =>
    page.evaluate(() => {
      const all = (selector: string) =>
        [...document.head.querySelectorAll(selector)].map(
          (e) => e.getAttribute('content') ?? e.getAttribute('href'),
        );
      return {
        title: document.title,
        description: all('meta[name="description"]'),
        ogTitle: all('meta[property="og:title"]'),
        ogDescription: all('meta[property="og:description"]'),
        ogUrl: all('meta[property="og:url"]'),
        ogImage: all('meta[property="og:image"]'),
        canonical: all('link[rel="canonical"]'),
        robots: all('meta[name="robots"]'),
      };
    });
  for (const path of ['/', '/play', '/rules', `/standings/${today}`, '/archive', `/archive/${closed}`]) {
    await page.goto(path);
    await running(page);
    const t = await tags();
    const url = new URL(path, page.url()).href;
    expect(t.description, path).toHaveLength(1);
    expect(t.description[0]!.length, path).toBeGreaterThan(40);
    expect(t.ogTitle, path).toEqual([t.title]);
    expect(t.ogDescription, path).toEqual(t.description);
    expect(t.ogUrl, path).toEqual([url]);
    expect(t.canonical, path).toEqual([url]);
    expect(t.ogImage, path).toEqual([new URL('/og-image.png', page.url()).href]);
    expect(t.robots, path).toEqual([]);
  }
  // A prerendered page has its own title, description and sharing tags in its HTML, for readers that run no script.
  for (const path of ['/', '/play', '/rules']) {
    const html = await (await request.get(path)).text();
    const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
    expect(titles, path).toHaveLength(1);
    expect(titles[0], path).toMatch(/ · Golf Daily$/);
    expect(html.match(/<meta name="description"/g), path).toHaveLength(1);
    expect(html.match(/<meta property="og:title"/g), path).toHaveLength(1);
    expect(html, path).toContain('<meta property="og:image" content="/og-image.png"');
  }
  // A player's own pages are not for search engines.
  await page.goto('/me');
  await page.locator('main h1').first().waitFor({ state: 'attached' });
  expect((await tags()).robots).toEqual(['noindex']);

  const image = await request.get('/og-image.png');
  expect(image.headers()['content-type']).toBe('image/png');
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/^User-agent: \*\nAllow: \/\n\nSitemap: http:\/\/\S+\/sitemap\.xml\n$/);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toMatch(/^application\/xml/);
  const xml = await sitemap.text();
  for (const path of ['/rules', `/standings/${today}`, `/archive/${closed}`])
    expect(xml).toContain(`${path}</loc>`);
  expect(xml).not.toContain(`/archive/${today}<`);
});

test('in English, today, practice and the rules come alive without loading Intl’s plural, number or date data', async ({
  page,
}) => {
  // Every Intl formatter the page makes, by kind: the first of a page loads its locale's data in one long task.
  await page.addInitScript(() => {
    const made: string[] = [];
    (window as unknown as { intlMade: string[] }).intlMade = made;
    for (const kind of [
      'PluralRules',
      'NumberFormat',
      'DateTimeFormat',
      'ListFormat',
      'RelativeTimeFormat',
    ] as const) {
      const Original = Intl[kind] as unknown as new (...args: unknown[]) => object;
      Object.defineProperty(Intl, kind, {
        value: new Proxy(Original, {
          construct: (target, args: unknown[]) => (made.push(kind), new target(...args)),
          apply: (target, self, args: unknown[]) => (made.push(kind), Reflect.apply(target, self, args)),
        }),
      });
    }
  });
  const made = () => page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade);

  await page.goto('/');
  await expect(page.getByTestId('exposed')).toHaveCount(7);
  // The heading's date, written once the browser is idle.
  await expect(page.locator('h1 .date')).toHaveText(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}$/);
  expect(await made()).toEqual([]);

  for (const path of ['/play', '/rules']) {
    await page.goto(path);
    await page.locator('main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect([path, await made()]).toEqual([path, []]);
  }
  // The rules' p-value and odds, written without it as Intl writes them.
  await expect(page.locator('.fair')).toContainText('p-value is below 0.001');
  await expect(page.locator('.fair')).toContainText('at most once in 1,000 rounds');
});

test('a prerendered page paints from its HTML before it asks for any script, then comes alive', async ({
  page,
}) => {
  for (const path of ['/', '/play', '/rules']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter((r) => new URL(r.name).pathname.endsWith('.js'))
        .map((r) => r.startTime),
    }));
    expect([path, paint]).not.toEqual([path, null]);
    // The app's files, all of them asked for once the page is on screen (src/postbuild/paint-first.ts).
    expect([path, scripts.length > 5]).toEqual([path, true]);
    for (const start of scripts) expect([path, start >= paint!]).toEqual([path, true]);
  }
  // And the app has started: a draw on today's course is one tap.
  await page.goto('/');
  await page.getByTestId('draw').click();
  await expect(page.getByTestId('stock-count')).toHaveText('15');
});

test("the app's scripts are compiled as they arrive: each begins with V8's compile hint, on its first line", async ({
  page,
  request,
}) => {
  // Chrome reads the hint only before the file's first statement (vite.config.ts, compileHints).
  for (const path of ['/', '/play', '/rules', `/standings/${today}`]) {
    await page.goto(path);
    await page.locator('main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    // The app's files come once the page is on screen (src/postbuild/paint-first.ts).
    const loaded = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((r) => new URL(r.name).pathname)
          .filter((p) => p.startsWith('/_app/') && p.endsWith('.js') && !p.includes('/workers/')),
      );
    await expect.poll(async () => [path, (await loaded()).length > 5]).toEqual([path, true]);
    const scripts = await loaded();
    for (const script of scripts) {
      const firstLine = (await (await request.get(script)).text()).split('\n', 1)[0];
      expect([script, firstLine]).toEqual([script, '//# allFunctionsCalledOnLoad']);
    }
  }
});

test("today's first hole is in the HTML: drawn before any script runs, where the app then draws it", async ({
  browser,
}) => {
  /**
   * Each card of the table: what it shows and where, as the page has it, and its markup's shape (each element's tag,
   * classes, suit and text), so the Worker's cards stay the Card component's own.
   */
  const cards = (page: Page) =>
    page.evaluate(() => {
      const shape = (e: Element): string =>
        `${e.tagName}.${[...e.classList].sort().join('.')}[${e.getAttribute('data-suit') ?? ''}](${[
          ...e.childNodes,
        ]
          .map((n) => (n instanceof Element ? shape(n) : (n.textContent ?? '').trim()))
          .filter(Boolean)
          .join(',')})`;
      return [...document.querySelectorAll('.table .card')].map((card) => {
        const r = card.getBoundingClientRect();
        const { boxShadow } = getComputedStyle(card);
        const at = `${r.x},${r.y} ${r.width}x${r.height}`;
        return `${card.getAttribute('data-card') ?? 'back'} ${at} ${boxShadow} ${shape(card)}`;
      });
    });
  for (const viewport of [SIZES.phone, SIZES.desktop]) {
    const html = await browser.newContext({ viewport, javaScriptEnabled: false, reducedMotion: 'reduce' });
    const without = await html.newPage();
    await without.goto('/');
    const drawn = await cards(without);
    const course = JSON.parse((await without.locator('#golf-course').textContent()) ?? 'null') as {
      holes: { columns: string[][]; waste: string; stockSize: number }[];
    };
    const first = course.holes[0]!;
    // The 35 cards of the layout, the waste's, two backs for the stock, and its size, with no script at all.
    expect(drawn.map((c) => c.split(' ')[0]).filter((c) => c !== 'back')).toEqual([
      ...first.columns.flat(),
      ...(first.waste === '-' ? [] : [first.waste]),
    ]);
    expect(drawn.filter((c) => c.startsWith('back '))).toHaveLength(2);
    await expect(without.locator('[data-dealt="count"]')).toHaveText(String(first.stockSize));
    await html.close();

    // The app draws the same cards in the same places, lit the same way.
    const app = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    const alive = await app.newPage();
    // How many cards are on screen in each frame, once the HTML is parsed (before that, a frame may show part of
    // it): the app builds its table out of sight, a column a task, so no frame shows the Worker's cards and some of
    // the app's, or a table half drawn.
    await alive.addInitScript(() => {
      const frames: number[] = [];
      (window as unknown as { shownCards: number[] }).shownCards = frames;
      const count = (): void => {
        const shown = [...document.querySelectorAll('.table .card')].filter((c) =>
          c.checkVisibility(),
        ).length;
        if (shown > 0 || frames.length > 0) frames.push(shown);
        if (document.querySelectorAll('[data-dealt]').length === 0 && shown > 0) return;
        requestAnimationFrame(count);
      };
      document.addEventListener('DOMContentLoaded', () => requestAnimationFrame(count));
    });
    await alive.goto('/');
    await expect(alive.getByTestId('exposed')).toHaveCount(7);
    expect(await cards(alive)).toEqual(drawn);
    const frames = await alive.evaluate(() => (window as unknown as { shownCards: number[] }).shownCards);
    expect(frames.length).toBeGreaterThan(0);
    expect(new Set(frames)).toEqual(new Set([drawn.length]));

    // A device with a player (who may be on another hole today) does not see them before the app knows.
    const created = await alive.request.post('/api/players', { data: { name: uniqueName('Dealt') } });
    const player: unknown = await created.json();
    const known = await browser.newContext({ viewport });
    const returning = await known.newPage();
    // The page's own head script runs; the app's files do not come.
    await returning.route('**/_app/immutable/**/*.js', (route) => route.abort());
    await returning.addInitScript((p) => localStorage.setItem('golf.player.v1', JSON.stringify(p)), player);
    await returning.goto('/');
    await expect(returning.locator('.dealt')).toHaveCount(35 + (first.waste === '-' ? 0 : 1));
    for (const card of await returning.locator('.table .card, [data-dealt="count"]').all())
      await expect(card).toBeHidden();
    await app.close();
    await known.close();
  }
});
