import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { join } from 'node:path';
import { atEachSize, shot, SHOTS } from './helpers.ts';

/**
 * The axe rules whose answer depends on the colours a page is drawn in. The table settings (felt, light, contrast;
 * two or four colours) change only CSS custom properties on `<html>`, never the DOM, so a page seen in another table
 * needs these rules again and no others: the DOM's rules run on every page in the default table (pages.e2e.ts,
 * players.e2e.ts, settings.e2e.ts's deck screenshots).
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/**
 * The serious and critical axe violations of the page as it is now, one line each (none: empty). `rules` limits the
 * scan to those rules. Only violations are collected (`resultTypes`): the passes are not needed. Legacy mode runs
 * `axe.run` in the page itself rather than per frame with the results merged in a blank page of its own (the app's
 * pages have no frames), which cost a second page and a second copy of axe per scan.
 */
export async function seriousViolations(page: Page, rules?: readonly string[]): Promise<string[]> {
  let builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  if (rules) builder = builder.withRules([...rules]);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
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
