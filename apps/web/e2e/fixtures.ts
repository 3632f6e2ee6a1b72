/**
 * Playwright's `test`, failing any test in which the Content-Security-Policy refused something: a
 * `securitypolicyviolation` event in any page or frame, or a CSP error on the console of a page, a Web Worker or
 * the service worker; or a Permissions-Policy header the browser could not parse. Every browser context is watched, the default one and those a test opens itself. Import
 * `test` and `expect` from here, never from '@playwright/test'.
 */
import {
  test as base,
  expect,
  type BrowserContext,
  type ConsoleMessage,
  type Worker,
} from '@playwright/test';

export { expect };
export type { BrowserContext, Page } from '@playwright/test';

const MARK = '[securitypolicyviolation]';
/** How Chromium words a refusal on the console ("Refused to execute inline script because it violates…"). */
const CSP_TEXT =
  /Content[ -]Security[ -]Policy|Refused to (load|execute|apply|connect|frame|create|evaluate|compile)/i;

/** A header the browser could not parse ("Error with Permissions-Policy header: Unrecognized feature: …"). */
const POLICY_HEADER_TEXT = /Error with Permissions-Policy header/i;

/** The violations of the test that is running (a worker runs one test at a time). */
let violations: string[] = [];
const watched = new WeakSet<BrowserContext>();

function onConsole(where: string) {
  return (message: ConsoleMessage) => {
    const text = message.text();
    if (text.startsWith(MARK) || CSP_TEXT.test(text) || POLICY_HEADER_TEXT.test(text))
      violations.push(`${where} ${message.location().url}: ${text}`);
  };
}

const watchWorker = (kind: string) => (worker: Worker) =>
  worker.on('console', onConsole(`${kind} ${worker.url()}`));

/** Reports every violation in the context's pages and frames, and listens to their consoles and workers. */
export async function watchCsp(context: BrowserContext): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  await context.addInitScript((mark: string) => {
    addEventListener('securitypolicyviolation', (e) => {
      const { effectiveDirective, blockedURI, sourceFile, lineNumber, sample } = e;
      console.error(
        `${mark} ${JSON.stringify({ effectiveDirective, blockedURI, sourceFile, lineNumber, sample })}`,
      );
    });
  }, MARK);
  context.on('console', onConsole('page'));
  context.on('serviceworker', watchWorker('service worker'));
  for (const worker of context.serviceWorkers()) watchWorker('service worker')(worker);
  context.on('page', (page) => page.on('worker', watchWorker('worker')));
}

export const test = base.extend<{ cspViolations: string[] }, { watchedBrowser: void }>({
  // Every context a test opens with `browser.newContext()` is watched from its first page on, and, like the default
  // context (playwright.config.ts), has no service worker unless it asks for one.
  watchedBrowser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options?: Parameters<typeof newContext>[0]) => {
        const context = await newContext({ serviceWorkers: 'block', ...options });
        await watchCsp(context);
        return context;
      };
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  context: async ({ context }, use) => {
    await watchCsp(context);
    await use(context);
  },
  // Runs around every test: the test fails if anything was refused while it ran.
  cspViolations: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for
    async ({}, use) => {
      violations = [];
      await use(violations);
      // Console events travel a moment behind the page.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
