import { expect, test } from './fixtures.ts';
import { nextAction, settled, teeOff, uniqueName } from './helpers.ts';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });

test('a 360x740 phone plays the first hole by tap', async ({ page }) => {
  await teeOff(page, uniqueName('Tap'), true);
  // The whole table fits the width of the screen.
  const box = await page.getByTestId('column-7').boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);

  for (let guard = 0; guard < 60; guard++) {
    const a = await nextAction(page);
    if (a.kind === 'next' || a.kind === 'done') break;
    if (a.kind === 'play') await page.locator(`[data-testid="exposed"][data-column="${a.column}"]`).tap();
    else await page.getByTestId('draw').tap();
    await settled(page);
  }
  await expect(page.getByTestId('hole-result')).toBeVisible();
  await page.getByTestId('next-hole').tap();
  await expect(page.getByTestId('hole-number')).toContainText('Hole 2 of 9');
});
