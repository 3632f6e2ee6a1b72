import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from './fixtures.ts';
import { join } from 'node:path';
import { atEachSize, shot, SHOTS } from './helpers.ts';

/** axe-core's browser build, put into a page (once per document) before its first scan. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The axe rules whose answer depends on the colours a page is drawn in. The table settings (felt, light, contrast;
 * two or four colours) change only CSS custom properties on `<html>`, never the DOM, so a page seen in another table
 * needs these rules again and no others: the DOM's rules run on every page in the default table (pages.e2e.ts,
 * players.e2e.ts, settings.e2e.ts's deck screenshots).
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/**
 * The serious and critical axe violations of the page as it is now, one line each (none: empty). `rules` limits the
 * scan to those rules.
 *
 * axe-core runs in the page itself: its source is evaluated through the DevTools protocol (which the page's CSP does
 * not govern, as for any `page.evaluate`) once per document, and the page sends back only the lines below, not axe's
 * whole report. @axe-core/playwright's builder evaluated the 650 KB source twice per scan and sent every rule's result
 * back: about 500 ms of processor time per full scan of /play, against 226 ms this way (plus 66 ms for the source, once
 * per document), over some 100 scans a run.
 */
export async function seriousViolations(page: Page, rules?: readonly string[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    resultTypes: ['violations'],
    ...(rules ? { runOnly: { type: 'rule', values: [...rules] } } : {}),
  };
  return page.evaluate(async (opts) => {
    const { axe } = window as unknown as {
      axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> };
    };
    const results = await axe.run(document, opts);
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, options);
}

/** How far the page is wider than the window (0: it does not scroll sideways). */
export const sideways = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** No serious or critical axe violation and nothing wider than the screen, as soft expectations named `what`. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  expect.soft(await seriousViolations(page), what).toEqual([]);
  expect.soft(await sideways(page), `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** At each size (`atEachSize`): a full-page screenshot `<name>-<size>.png` and `expectAccessible`. */
export const expectAccessibleAtEachSize = (page: Page, name: string): Promise<void> =>
  atEachSize(page, async (size) => {
    await shot(page, { path: join(SHOTS, `${name}-${size}.png`), fullPage: true });
    await expectAccessible(page, `${name} at ${size}`);
  });
