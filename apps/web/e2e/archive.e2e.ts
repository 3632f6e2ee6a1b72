import { expect, test } from '@playwright/test';
import { addDays, utcToday } from './helpers.ts';

test.use({ reducedMotion: 'reduce' });

test('archive: a closed day shows its stock, replays the perfect line move by move, and practises a hole', async ({
  page,
}) => {
  await page.goto('/archive');
  const yesterday = addDays(utcToday(), -1);
  await page.locator(`a[href="/archive/${yesterday}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/archive/${yesterday}$`));

  await page.getByTestId('archive-hole-2').click();
  await expect(page.getByTestId('archive-hole-2')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(/The stock \(16 cards/)).toBeVisible();
  const move = page.getByTestId('replay-move');
  await expect(move).toContainText('Move 0 of');
  const waste0 = await page.getByTestId('waste').getAttribute('data-card');
  await page.getByTestId('replay-step').click();
  await expect(move).toContainText('Move 1 of');
  expect(await page.getByTestId('waste').getAttribute('data-card')).not.toBe(waste0);
  // Play to the end: the line's result is the perfect score the page names.
  await page.getByRole('button', { name: 'To the end' }).click();
  const total = Number((await move.textContent())!.match(/of (\d+)/)![1]);
  await expect(move).toContainText(`Move ${total} of ${total}`);

  await page.getByTestId('practice-hole').click();
  const stock = page.getByTestId('stock-count');
  await expect(stock).toHaveText('16');
  await page.keyboard.press('d');
  await expect(stock).toHaveText('15');
  await page.keyboard.press('u');
  await expect(stock).toHaveText('16');
});
