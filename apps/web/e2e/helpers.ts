import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { utcDate } from '@golf/contract';
import { isOffensiveName } from '@golf/contract/name-policy';
import { expect, type Page } from '@playwright/test';

export { addDays } from '@golf/contract';

/** Where the suite's screenshots go (looked at by people, never compared). */
export const SHOTS = join(import.meta.dirname, 'screenshots');
mkdirSync(SHOTS, { recursive: true });

/** Whether `shot` writes screenshots: off on CI unless E2E_SCREENSHOTS=1. */
export const TAKING_SHOTS = !process.env.CI || process.env.E2E_SCREENSHOTS === '1';

/**
 * A screenshot for people to look at, in SHOTS. CI, where nobody looks at them, takes none unless E2E_SCREENSHOTS=1
 * (a full-page screenshot costs a loaded runner about as much as the axe scan beside it).
 */
export async function shot(page: Page, options: Parameters<Page['screenshot']>[0]): Promise<void> {
  if (!TAKING_SHOTS) return;
  await page.screenshot(options);
}

/** The two sizes every page is seen at: a desktop and a 360 px phone. */
export const SIZES = {
  desktop: { width: 1366, height: 768 },
  phone: { width: 360, height: 740 },
} as const;

/** Runs `look` with the page at each of SIZES in turn, the desktop's first, and leaves it at the desktop's. */
export async function atEachSize(
  page: Page,
  look: (size: keyof typeof SIZES) => Promise<void>,
): Promise<void> {
  for (const size of Object.keys(SIZES) as (keyof typeof SIZES)[]) {
    await page.setViewportSize(SIZES[size]);
    await look(size);
  }
  await page.setViewportSize(SIZES.desktop);
}

/** Today's course date (UTC), as the app computes it. */
export const utcToday = (): string => utcDate(new Date());

/**
 * A name unique to this run, so standings rows can be found: eight random digits. The name policy reads digits as
 * letters too (leetspeak: a random "455…" is refused, about one name in a thousand), so a suffix it would refuse is
 * drawn again.
 */
export function uniqueName(prefix: string): string {
  for (;;) {
    const name = `${prefix} ${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    if (!isOffensiveName(name)) return name;
  }
}

/**
 * A named player on this page's device, on `/` with today's hole 1 on the table (the round starts with the first
 * move). The player is made through the API, so the standings can be searched for `name`; a newcomer's own way in
 * (a first move, a name chosen later) has its own tests. Player creation is rate limited per address: on a 429
 * this waits and tries again.
 */
export async function teeOff(page: Page, name: string): Promise<void> {
  await page.goto('/');
  for (let i = 0; ; i++) {
    const res = await page.request.post('/api/players', { data: { name } });
    if (res.status() === 201) {
      const player: unknown = await res.json();
      await page.evaluate((p) => localStorage.setItem('golf.player.v1', JSON.stringify(p)), player);
      break;
    }
    if (res.status() !== 429 || i === 5) throw new Error(`could not create a player: ${res.status()}`);
    await page.waitForTimeout(2500);
  }
  await page.reload();
  await expect(page.getByTestId('hole-number')).toBeVisible();
}

/**
 * Waits until the page runs in the browser: a prerendered page (`/`, `/play`, `/rules`) shows before its script
 * has started, and a click before that does nothing. Each page adds its canonical link (or its `noindex`) once it
 * runs (src/lib/components/PageMeta.svelte).
 */
export async function running(page: Page): Promise<void> {
  await page
    .locator('head link[rel="canonical"], head meta[name="robots"]')
    .first()
    .waitFor({ state: 'attached' });
}

/** Waits until no request is in flight (the stock button is not busy). */
export async function settled(page: Page): Promise<void> {
  await expect(page.getByTestId('draw')).not.toHaveAttribute('aria-busy', 'true');
}

export type Action =
  { kind: 'play'; column: number } | { kind: 'draw' } | { kind: 'next' } | { kind: 'done' };

/**
 * What to do next on the daily page, read in one round trip: the first playable column, else draw; move on
 * after a hole. Waits while a request is in flight.
 */
export async function nextAction(page: Page): Promise<Action> {
  for (;;) {
    const a = await page.evaluate(() => {
      const q = (s: string) => document.querySelector(s);
      if (q('[data-testid="result"]')) return { kind: 'done' as const };
      if (q('[data-testid="next-hole"]')) return { kind: 'next' as const };
      if (q('[data-testid="draw"]')?.getAttribute('aria-busy') === 'true') return { kind: 'wait' as const };
      const p = q('[data-testid="exposed"][data-playable="true"]');
      if (p) return { kind: 'play' as const, column: Number(p.getAttribute('data-column')) };
      return { kind: 'draw' as const };
    });
    if (a.kind !== 'wait') return a;
    await page.waitForTimeout(15);
  }
}

/**
 * Runs SQL straight against the run's local D1 (`E2E_PERSIST_DIR`, set by scripts/e2e.mjs), behind the Worker's
 * back, as `wrangler d1 execute --local` does; throws with wrangler's message when it fails. The Worker may hold the
 * database at that moment ("database is locked"): that is tried again, up to ten times, a quarter second apart.
 */
export async function seedD1(sql: string): Promise<void> {
  const persist = process.env.E2E_PERSIST_DIR;
  if (!persist) throw new Error('E2E_PERSIST_DIR is not set: run the suite with scripts/e2e.mjs');
  const api = join(import.meta.dirname, '..', '..', 'api');
  for (let attempt = 1; ; attempt++) {
    const run = spawnSync(
      join(api, 'node_modules', '.bin', 'wrangler'),
      ['d1', 'execute', 'DB', '--local', '--persist-to', persist, '--command', sql],
      { cwd: api, env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false' }, encoding: 'utf8' },
    );
    if (run.status === 0) return;
    const output = `${run.stdout}\n${run.stderr}`;
    if (attempt >= 10 || !/SQLITE_BUSY|database is locked/.test(output)) throw new Error(output);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
