import { expect, test } from './fixtures.ts';
import { nextAction, settled, utcToday } from './helpers.ts';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });

test('a newcomer on a 360x740 phone: the course from the first HTML, the first move one tap, made and recorded', async ({
  page,
}) => {
  // The page's requests to the API as they are sent, and as their answers arrive.
  const api: string[] = [];
  const answered: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/')) api.push(`${r.method()} ${pathname}`);
  });
  page.on('response', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/')) answered.push(`${r.request().method()} ${pathname}`);
  });
  const response = await page.goto('/');
  const html = await response!.text();
  // Today's course is in the page itself, exactly as the API answers it, and nothing about a stock card.
  const block = /<script type="application\/json" id="golf-course">([^<]*)<\/script>/.exec(html);
  expect(block).not.toBeNull();
  const embedded = JSON.parse(block![1]!) as { holes: Record<string, unknown>[] };
  expect(embedded).toEqual(await (await page.request.get('/api/daily')).json());
  for (const hole of embedded.holes) expect(Object.keys(hole)).not.toContain('stock');

  // Painted from it: seven exposed cards, and not one request to the API.
  await expect(page.getByTestId('exposed')).toHaveCount(7);
  await expect(page.getByTestId('today-note')).toContainText('your first move starts it');
  expect(api).toEqual([]);
  // The whole table fits the width of the screen.
  const box = await page.getByTestId('column-7').boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);

  // One tap: a card that plays, else the stock. The move shows at once...
  const first = await nextAction(page);
  const waste = page.getByTestId('waste');
  let played: string | null = null;
  if (first.kind === 'play') {
    const card = page.locator(`[data-testid="exposed"][data-column="${first.column}"]`);
    played = await card.getAttribute('data-card');
    await card.tap();
    await expect(waste).toHaveAttribute('data-card', played!);
  } else {
    await page.getByTestId('draw').tap();
    await expect(page.getByTestId('stock-count')).toHaveText('15');
  }
  // ...and starts the round: a player of its own (named its stand-in until it chooses), the attempt recorded.
  const date = utcToday();
  const started = [
    'POST /api/players',
    `POST /api/daily/${date}/attempt`,
    ...(played ? [] : [`POST /api/daily/${date}/attempt/draw`]),
  ];
  await expect.poll(() => answered).toEqual(started);
  expect(api).toEqual(started);
  await settled(page);
  const { player, attempt } = await page.evaluate(async (day) => {
    const me = JSON.parse(localStorage.getItem('golf.player.v1') ?? '{}') as { name: string; token: string };
    const res = await fetch(`/api/daily/${day}/attempt`, {
      headers: { authorization: `Bearer ${me.token}` },
    });
    return { player: me, attempt: (await res.json()) as { hole: number; holes: { log: string }[] } };
  }, date);
  expect(player.name).toMatch(/^Golfer [0-9A-F]{4}$/);
  await expect(page.locator('button.settings')).toContainText(player.name);
  expect(attempt.hole).toBe(1);
  if (played === null) expect(attempt.holes[0]!.log).toBe('d');
  else {
    // A column play is kept on this device until the next draw: a reload shows it still made.
    await page.reload();
    await expect(waste).toHaveAttribute('data-card', played);
  }

  // The rest of the hole by tap.
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
