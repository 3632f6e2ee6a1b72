import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paintFirst, PAINT_WAIT_MS } from './paint-first.ts';

const hash = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const START = './_app/immutable/entry/start.AbC-12.js';
const APP = './_app/immutable/entry/app.Xy_9.js';
const PRELOADS = [START, './_app/immutable/chunks/a1.js', APP, './_app/immutable/nodes/2.b2.js'];

/** SvelteKit's start script, as it writes it into a prerendered page. */
const startScript = `
				{
					__sveltekit_test = {
						base: new URL(".", location).pathname.slice(0, -1),
						version: "1"
					};

					const element = document.currentScript.parentElement;

					import("${START}").then(async (kit) => {
						kit.init(__sveltekit_test);
						const app = await import("${APP}");
						kit.start(app, element, {
							node_ids: [0, 2],
							data: [null,null],
							form: null,
							error: null
						});
					});
				}
			`;

/** A prerendered page shaped as SvelteKit writes one: its policy allows its start script by hash. */
const page = (script = startScript, policyHash = hash(script)): string => `<!doctype html>
<html><head>
<meta http-equiv="content-security-policy" content="script-src 'self' ${policyHash}">
<link rel="icon" href="./favicon.svg" type="image/svg+xml" />
${PRELOADS.map((href) => `<link href="${href}" rel="modulepreload">`).join('\n\t\t')}
<link href="./_app/immutable/assets/0.css" rel="stylesheet" disabled media="(max-width: 0)">
</head><body><div class="app-root"><main>Today's course</main>
<script>${script}</script>
</div></body></html>`;

const scriptOf = (html: string): string => /<script>([^<]*__sveltekit_[^<]*)<\/script>/.exec(html)![1]!;

/**
 * Runs a rewritten start script against stand-ins for the browser, its `import()`s recorded instead of made.
 * `paintEntries`: whether the browser reports paint timing.
 */
function run(script: string, { paintEntries = true } = {}) {
  const imported: string[] = [];
  const linked: { rel: string; href: string }[] = [];
  const timers: (() => void)[] = [];
  let observer: ((entries: { getEntriesByName(name: string): unknown[] }) => void) | undefined;
  let observed: unknown;
  const frames: (() => void)[] = [];
  class PerformanceObserver {
    static supportedEntryTypes = paintEntries ? ['mark', 'paint'] : ['mark'];
    constructor(callback: typeof observer) {
      observer = callback;
    }
    observe(options: unknown) {
      observed = options;
    }
  }
  const document = {
    currentScript: { parentElement: {} },
    createElement: () => ({ rel: '', href: '' }),
    head: { append: (link: { rel: string; href: string }) => linked.push({ ...link }) },
  };
  const load = (url: string) => {
    imported.push(url);
    return Promise.resolve({ init: () => {}, start: () => {} });
  };
  const body = script.replaceAll('import(', 'load(');
  new Function(
    'PerformanceObserver',
    'document',
    'setTimeout',
    'requestAnimationFrame',
    'load',
    'location',
    body,
  )(
    PerformanceObserver,
    document,
    (fn: () => void, ms: number) => {
      if (ms === PAINT_WAIT_MS) timers.push(fn);
      else setTimeout(fn, ms);
    },
    (fn: () => void) => frames.push(fn),
    load,
    new URL('https://golf.test/'),
  );
  const paint = (...names: string[]) => observer!({ getEntriesByName: (n) => names.filter((x) => x === n) });
  return { imported, linked, timers, frames, paint, observed: () => observed };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('paintFirst', () => {
  it('moves the preload links into the start script and allows the new script by its hash alone', () => {
    const before = page();
    const after = paintFirst(before);
    expect(after).not.toMatch(/rel="modulepreload"/);
    // The stylesheet links and the rest of the page are untouched.
    expect(after).toContain('<link href="./_app/immutable/assets/0.css" rel="stylesheet"');
    expect(after).toContain("<main>Today's course</main>");
    const script = scriptOf(after);
    expect(after).toContain(`content="script-src 'self' ${hash(script)}"`);
    expect(after).not.toContain(hash(startScript));
  });

  it('starts nothing before the first contentful paint, then preloads every file in order and starts the app', async () => {
    const browser = run(scriptOf(paintFirst(page())));
    expect(browser.observed()).toEqual({ type: 'paint', buffered: true });
    await settle();
    expect(browser.imported).toEqual([]);
    expect(browser.linked).toEqual([]);
    // A first paint of the background alone is not the page.
    browser.paint('first-paint');
    await settle();
    expect(browser.imported).toEqual([]);
    browser.paint('first-paint', 'first-contentful-paint');
    await settle();
    expect(browser.linked).toEqual(PRELOADS.map((href) => ({ rel: 'modulepreload', href })));
    expect(browser.imported).toEqual([START, APP]);
  });

  it(`starts the app after ${PAINT_WAIT_MS} ms when no paint is reported (a tab opened in the background)`, async () => {
    const browser = run(scriptOf(paintFirst(page())));
    await settle();
    expect(browser.imported).toEqual([]);
    for (const fire of browser.timers) fire();
    await settle();
    expect(browser.linked).toHaveLength(PRELOADS.length);
    expect(browser.imported).toEqual([START, APP]);
  });

  it('starts the app after the next frame in a browser that reports no paint entries, not after the whole wait', async () => {
    const browser = run(scriptOf(paintFirst(page())), { paintEntries: false });
    expect(browser.observed()).toBeUndefined();
    await settle();
    expect(browser.imported).toEqual([]);
    expect(browser.frames).toHaveLength(1);
    browser.frames[0]!();
    await settle();
    expect(browser.linked).toHaveLength(PRELOADS.length);
    expect(browser.imported).toEqual([START, APP]);
  });

  it('refuses a page not shaped as SvelteKit writes it', () => {
    // The policy does not allow the start script.
    expect(() => paintFirst(page(startScript, "'sha256-other'"))).toThrow(/does not allow its start script/);
    // No start script, or two.
    expect(() => paintFirst(page('console.log(1)'))).toThrow(/one start script, found 0/);
    expect(() => paintFirst(page().replace('</body>', `<script>${startScript}</script></body>`))).toThrow(
      /one start script, found 2/,
    );
    // A start script that imports no start file.
    expect(() => paintFirst(page(startScript.replace('/entry/start.', '/entry/begin.')))).toThrow(
      /one import in the start script, found 0/,
    );
  });
});
