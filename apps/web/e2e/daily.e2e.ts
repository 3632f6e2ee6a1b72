import { expect, test } from './fixtures.ts';
import { join } from 'node:path';
import { nextAction, settled, shot, teeOff, uniqueName, utcToday } from './helpers.ts';

// Instant card movement, so the board in the DOM is always the current one. No service worker: once one
// controls the page, its requests bypass `page.route`, and the lost-answer test must see the draw request.
test.use({ reducedMotion: 'reduce', serviceWorkers: 'block' });

test("a newcomer plays today's whole course with the keyboard, chooses a name at the end and finds it in the standings", async ({
  page,
}) => {
  // About 400 key presses and 100 draws: a minute on an idle two-core machine, several on a loaded one.
  test.setTimeout(300_000);
  await page.goto('/');
  await expect(page.getByTestId('hole-number')).toContainText('Hole 1 of 9');

  const shots = join(import.meta.dirname, 'screenshots');
  let moves = 0;
  for (let guard = 0; guard < 9 * 60; guard++) {
    const action = await nextAction(page);
    if (action.kind === 'done') break;
    if (action.kind === 'next') {
      await expect(page.getByTestId('hole-result')).toBeVisible();
      if (moves < 60) await shot(page, { path: join(shots, 'today-hole-done-desktop.png') });
      await page.keyboard.press('Space');
      continue;
    }
    await page.keyboard.press(action.kind === 'play' ? String(action.column) : 'Space');
    moves++;
  }
  await expect(page.getByTestId('result')).toBeVisible();
  // The player made by the first move has no name yet: the result invites them to choose one.
  const name = uniqueName('Keys');
  await expect(page.getByTestId('name-invite')).toContainText(/You are Golfer [0-9A-F]{4} in the standings/);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByTestId('name-chosen')).toContainText(name);
  await expect(page.locator('button.settings')).toContainText(name);
  const total = Number(await page.getByTestId('final-total').textContent());
  expect(Number.isInteger(total)).toBe(true);
  expect(moves).toBeGreaterThan(9 * 5);
  // Nine scores on the card, summing to the total.
  const cells = await page
    .getByTestId('scorecard')
    .locator('[data-testid^="hole-"] [aria-hidden="true"]')
    .allTextContents();
  expect(cells).toHaveLength(9);
  expect(cells.map((c) => Number(c.replace('\u2212', '-'))).reduce((a, b) => a + b, 0)).toBe(total);
  await expect(page.getByTestId('rank')).toBeVisible();
  await expect(page.getByTestId('share-text')).toContainText(`Golf Daily ${utcToday()}`);
  await shot(page, { path: join(shots, 'today-result-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, { path: join(shots, 'today-result-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });

  // Reload: a finished day shows the result directly.
  await page.reload();
  await expect(page.getByTestId('final-total')).toHaveText(String(total));

  await page.getByRole('link', { name: 'See the standings' }).click();
  await expect(page).toHaveURL(new RegExp(`/standings/${utcToday()}`));
  // The caller's row, at once; under the chosen name once the day's public standings, kept up to 5 s (docs/api.md,
  // Caching), are read again after the rename.
  const mine = page.locator('[data-testid="standing-row"][aria-current="true"]');
  await expect(mine.getByTestId('standing-total')).toHaveText(String(total));
  const row = page.getByTestId('standing-row').filter({ hasText: name });
  await expect(async () => {
    if ((await row.count()) === 0) await page.reload();
    await expect(row).toHaveAttribute('aria-current', 'true', { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(row.getByTestId('standing-total')).toHaveText(String(total));
  await expect(page.getByTestId('my-standing')).toContainText(String(total));
  await shot(page, { path: join(shots, 'standings-with-me-desktop.png'), fullPage: true });
});

test('a reload in the middle of a hole resumes the same board, and undo stops at the last draw', async ({
  page,
}) => {
  await teeOff(page, uniqueName('Resume'));
  // Rename in the settings dialog; the new name sticks across a reload.
  const renamed = uniqueName('Renamed');
  await page.locator('button.settings').click();
  await page.getByLabel('Name in the standings').fill(renamed);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('button.settings')).toContainText(renamed);

  // Draw once, then play what fits.
  await page.keyboard.press('d');
  await settled(page);
  let plays = 0;
  for (let i = 0; i < 30 && plays < 2; i++) {
    const a = await nextAction(page);
    if (a.kind === 'play') {
      await page.keyboard.press(String(a.column));
      plays++;
    } else if (a.kind === 'draw') {
      await page.keyboard.press('Space');
      plays = 0;
    } else break;
    await settled(page);
  }
  const board = async () => ({
    waste: await page.getByTestId('waste').getAttribute('data-card'),
    stock: await page.getByTestId('stock-count').textContent(),
    exposed: await page
      .getByTestId('exposed')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-card'))),
  });
  const before = await board();
  await page.reload();
  await expect(page.getByTestId('hole-number')).toBeVisible();
  expect(await board()).toEqual(before);
  await expect(page.locator('button.settings')).toContainText(renamed);

  // Undo every play since the last draw; the draw itself stays.
  const stock = before.stock;
  for (let i = 0; i < 40; i++) await page.keyboard.press('u');
  expect(await page.getByTestId('stock-count').textContent()).toBe(stock);
  await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
});

test('a draw whose answer is lost on the network is retried: exactly one card is drawn', async ({ page }) => {
  await teeOff(page, uniqueName('Lossy'));
  const stock = page.getByTestId('stock-count');
  await expect(stock).toHaveText('16');
  let lost = 0;
  await page.route('**/attempt/draw', async (route) => {
    if (lost === 0) {
      lost++;
      await route.fetch(); // the server records the draw...
      await route.abort('connectionreset'); // ...but its answer never arrives
    } else await route.continue();
  });
  await page.keyboard.press('d');
  await settled(page);
  await expect(stock).toHaveText('15');
  expect(lost).toBe(1);
  // The server agrees: one card drawn on hole one.
  const attempt = await page.evaluate(async (date) => {
    const player = JSON.parse(localStorage.getItem('golf.player.v1') ?? '{}') as { token?: string };
    const res = await fetch(`/api/daily/${date}/attempt`, {
      headers: { authorization: `Bearer ${player.token}` },
    });
    return (await res.json()) as { holes: { drawn: string[]; log: string }[] };
  }, utcToday());
  expect(attempt.holes[0]!.drawn).toHaveLength(1);
  expect(attempt.holes[0]!.log).toBe('d');
  expect(await page.getByTestId('waste').getAttribute('data-card')).toBe(attempt.holes[0]!.drawn[0]);
});

test('another device resumes the attempt from the server up to the last draw', async ({ page, browser }) => {
  await teeOff(page, uniqueName('Devices'));
  await page.keyboard.press('d');
  await settled(page);
  await page.keyboard.press('d');
  await settled(page);
  const identity = await page.evaluate(() => localStorage.getItem('golf.player.v1'));
  const snapshot = async (p: typeof page) => ({
    waste: await p.getByTestId('waste').getAttribute('data-card'),
    stock: await p.getByTestId('stock-count').textContent(),
  });
  const here = await snapshot(page);

  const other = await browser.newContext({ reducedMotion: 'reduce' });
  await other.addInitScript((id) => localStorage.setItem('golf.player.v1', id ?? ''), identity);
  const phone = await other.newPage();
  await phone.goto('/');
  await expect(phone.getByTestId('hole-number')).toContainText('Hole 1 of 9');
  expect(await snapshot(phone)).toEqual(here);
  await expect(phone.getByRole('button', { name: 'Undo' })).toBeDisabled();
  await other.close();
});
