import { dealNumber, makeCard, PRESETS } from '@golf/engine';
import { expect, test, type Page } from './fixtures.ts';

test.use({ reducedMotion: 'reduce' });

const DEAL = 4242;
const URL = `/play?rules=classic&deal=${DEAL}&mode=single&scoring=strokes`;

const board = async (page: Page) => ({
  exposed: await page
    .getByTestId('exposed')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-card'))),
  waste: await page.getByTestId('waste').getAttribute('data-card'),
  stock: await page.getByTestId('stock-count').textContent(),
});

/** The first playable column, else a draw; null once the hole is over. */
const choose = (page: Page) =>
  page.evaluate(() => {
    if (document.querySelector('[data-testid="verdict"]')) return null;
    const p = document.querySelector('[data-testid="exposed"][data-playable="true"]');
    return p ? String(p.getAttribute('data-column')) : 'Space';
  });

test('practice: the deal number in the URL reproduces the board; undo, hint, reload resumes, verdict', async ({
  page,
}) => {
  const deal = dealNumber(DEAL, PRESETS.classic);
  if (!deal.ok) throw new Error(deal.error.message);
  await page.goto(URL);
  await expect(page.getByTestId('exposed')).toHaveCount(7);
  const start = await board(page);
  expect(start.exposed).toEqual(deal.value.columns.map((c) => makeCard(c[c.length - 1]!)));
  expect(start.waste).toBe(makeCard(deal.value.waste!));
  expect(start.stock).toBe('16');

  // Another browser with the same URL deals the same board.
  const other = await page.context().browser()!.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(URL);
  await expect(otherPage.getByTestId('exposed')).toHaveCount(7);
  expect(await board(otherPage)).toEqual(start);
  await other.close();

  // Draw, then undo it.
  await page.keyboard.press('d');
  await expect(page.getByTestId('stock-count')).toHaveText('15');
  expect(await page.getByTestId('waste').getAttribute('data-card')).toBe(makeCard(deal.value.stock[0]!));
  await page.keyboard.press('u');
  expect(await board(page)).toEqual(start);

  // A hint names a move.
  await page.keyboard.press('h');
  await expect(page.getByTestId('note')).toContainText(/Hint/);

  // Play a few moves, reload: the game resumes where it was.
  for (let i = 0; i < 6; i++) {
    const key = await choose(page);
    if (key === null) break;
    await page.keyboard.press(key);
  }
  const mid = await board(page);
  await page.reload();
  await expect(page.getByTestId('exposed').first()).toBeVisible();
  expect(await board(page)).toEqual(mid);

  // Finish the hole and read the solver's verdict.
  for (let i = 0; i < 80; i++) {
    const key = await choose(page);
    if (key === null) break;
    await page.keyboard.press(key);
  }
  await expect(page.getByTestId('verdict')).toBeVisible();
  await expect(page.getByTestId('verdict-text')).toHaveText(/cleared|best|slipped|could/i, {
    timeout: 30_000,
  });
});
