import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures.ts';
import { join } from 'node:path';
import { addDays, SHOTS, SIZES, teeOff, uniqueName, utcToday } from './helpers.ts';

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

async function check(page: Page, name: string, size: keyof typeof SIZES): Promise<void> {
  await page.locator('main h1').first().waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(SHOTS, `${name}-${size}.png`), fullPage: true });
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect.soft(bad, `${name} at ${size}`).toEqual([]);
  // Nothing wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect.soft(overflow, `${name} at ${size} scrolls sideways`).toBeLessThanOrEqual(0);
}

for (const size of ['desktop', 'phone'] as const) {
  test(`every page at ${size} size: screenshot, axe has no serious or critical violation`, async ({
    browser,
  }) => {
    // Every page, each with a full-page screenshot and an axe scan: minutes on a loaded machine.
    test.setTimeout(300_000);
    const context = await browser.newContext({ viewport: SIZES[size], reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/');
    await check(page, 'today-welcome', size);
    // A returning player on a new day: a name, no attempt yet.
    const created = await page.request.post('/api/players', { data: { name: uniqueName('Back') } });
    expect(created.status()).toBe(201);
    const returning = await context.newPage();
    const player: unknown = await created.json();
    await returning.addInitScript((p) => localStorage.setItem('golf.player.v1', JSON.stringify(p)), player);
    await returning.goto('/');
    await expect(returning.getByRole('button', { name: "Start today's round" })).toBeVisible();
    await check(returning, 'today-ready', size);
    await returning.close();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/');
    await teeOff(page, uniqueName(size === 'phone' ? 'Phone' : 'Desk'));
    await check(page, 'today-course', size);
    for (const p of PAGES) {
      await page.goto(p.path);
      await check(page, p.name, size);
    }
    await context.close();
  });
}
