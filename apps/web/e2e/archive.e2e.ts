import { expect, test } from './fixtures.ts';
import { join } from 'node:path';
import { addDays, seedD1, shot, utcToday } from './helpers.ts';
import { createPlayer } from './rounds-api.ts';
import { pageRequests } from '@golf/contract/page-data';

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

test("archive: replays a ranked player's verified round on a closed day", async ({ page, request }) => {
  const persist = process.env.E2E_PERSIST_DIR;
  test.skip(!persist, 'needs the local D1 of scripts/e2e.mjs to seed a finished round');
  // A closed day no other test opens: a closed day's standings are kept at the edge, and this test writes its
  // rounds straight into D1, behind the cache's back.
  const day = addDays(utcToday(), -2);
  const res = await request.get(`/api/daily/${day}`);
  expect(res.ok()).toBe(true);
  const course = (await res.json()) as {
    closed: boolean;
    holes: { hole: number; perfect: { strokes: number; log: string } }[];
  };
  expect(course.closed).toBe(true);

  // Two finished rounds that played every hole perfectly (a tie), written straight into the local D1.
  const id = `e2e-${Date.now().toString(36)}`;
  // The twin is a real player (a token of its own), to see the archive as its player does.
  const twinPlayer = await createPlayer(request, 'Twin');
  const twin = twinPlayer.id;
  const name = '<i>Archie</i> & co';
  const strokes = course.holes.map((h) => h.perfect.strokes);
  const total = strokes.reduce((a, b) => a + b, 0);
  const t = Date.parse(`${day}T12:00:00Z`);
  const q = (v: string) => `'${v.replaceAll("'", "''")}'`;
  const logs = course.holes.map((h) => h.perfect.log);
  const round = (player: string, who: string, at: number) => [
    `INSERT OR IGNORE INTO players (id, name, created_at) VALUES (${q(player)}, ${q(who)}, ${at})`,
    `INSERT INTO attempts (player_id, date) VALUES (${q(player)}, ${q(day)})`,
    `INSERT INTO round_evidence (date, player_id, started_at, ip_hash) VALUES (${q(day)}, ${q(player)}, ${at}, 'e2e')`,
    // The finished row and its evidence as an attempt object writes them (the triggers rank the round).
    `UPDATE attempts SET finished_at = ${at + 10}, total = ${total}, strokes = ${q(JSON.stringify(strokes))}
     WHERE date = ${q(day)} AND player_id = ${q(player)}`,
    // Its times as the ledger keeps them (apps/api/src/adapters/d1/times.ts): no draw, hole i finished at at + i + 1.
    `UPDATE round_evidence SET logs = ${q(JSON.stringify(logs))}, times = ${q(`/${at + 1}${';/1'.repeat(8)}`)}
     WHERE date = ${q(day)} AND player_id = ${q(player)}`,
  ];
  // Rounds that reach a day whose audit has started are counted for it (the attempts_finished_late trigger); these
  // two get clean verdicts straight away (the audits_verdict trigger completes the day), so no consumer audits them.
  const audited = [
    `INSERT OR IGNORE INTO day_audits (date, rounds, audited, flagged, started_at, finished_at, paged)
       VALUES (${q(day)}, 0, 0, 0, ${t}, ${t}, 1)`,
    ...round(id, name, t),
    ...round(twin, 'Twin', t + 1000),
    `INSERT INTO audits (date, player_id, flagged, p_value, telling, decisions, holes, audited_at)
       VALUES (${q(day)}, ${q(id)}, 0, 1, 0, 0, '[]', ${t}), (${q(day)}, ${q(twin)}, 0, 1, 0, 0, '[]', ${t})`,
    `DELETE FROM audit_late WHERE date = ${q(day)}`,
  ];
  await seedD1(audited.join('; '));

  // The standings list the round (the name rendered as text) with a replay link.
  await page.goto(`/standings/${day}`);
  const row = page.getByTestId('standing-row').filter({ hasText: name });
  await expect(row.getByTestId('standing-total')).toHaveText(String(total));
  // Equal totals share a rank, shown the golf way; the earlier finisher is listed first.
  const rows = page.getByTestId('standing-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(name);
  await expect(rows.nth(0).locator('.rank')).toHaveText('T1');
  await expect(rows.nth(1).locator('.rank')).toHaveText('T1');
  await row.getByRole('link', { name: /Replay/ }).click();
  await expect(page).toHaveURL(new RegExp(`/archive/${day}\\?player=${id}`));

  // The archive preselects the player's line; step through hole 3 to its end.
  await expect(page.getByLabel('Whose line')).toHaveValue(id);
  await page.getByTestId('archive-hole-3').click();
  await expect(page.getByLabel('Whose line')).toHaveValue(id);
  const hole3 = course.holes[2]!.perfect;
  await expect(page.getByTestId('replay-move')).toContainText(`Move 0 of ${hole3.log.length}`);
  await page.getByTestId('replay-step').click();
  await expect(page.getByTestId('replay-move')).toContainText(`Move 1 of ${hole3.log.length}`);
  await page.getByRole('button', { name: 'To the end' }).click();
  await expect(page.getByTestId('line-result')).toContainText(`hole 3: ${hole3.strokes}`);

  // Each hole against the field: both rounds played perfectly, so the median is perfect play's strokes, and both
  // cleared the holes perfect play clears.
  const signed = (n: number) => (n < 0 ? `\u2212${-n}` : String(n));
  const field = page.getByTestId('field-hole');
  await expect(field).toHaveCount(9);
  for (const [i, s] of strokes.entries()) {
    const cells = field.nth(i).locator('td');
    await expect(cells).toHaveText([signed(s), signed(s), s <= 0 ? '2' : '0']);
  }
  await expect(page.getByRole('table', { name: /ranked finishers/ })).toBeVisible();
  const shots = join(import.meta.dirname, 'screenshots');
  await page.getByTestId('holes-vs-field').scrollIntoViewIfNeeded();
  await shot(page, { path: join(shots, 'archive-holes-vs-field-desktop.png') });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByTestId('holes-vs-field').scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, { path: join(shots, 'archive-holes-vs-field-phone.png') });

  // The twin's own device: its strokes beside the field's.
  await page.evaluate((p) => localStorage.setItem('golf.player.v1', JSON.stringify(p)), twinPlayer);
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'You' })).toBeVisible();
  for (const [i, s] of strokes.entries())
    await expect(field.nth(i).locator('td').first()).toHaveText(signed(s));
  await page.getByTestId('holes-vs-field').scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, { path: join(shots, 'archive-holes-vs-field-mine-phone.png') });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByTestId('holes-vs-field').scrollIntoViewIfNeeded();
  await shot(page, { path: join(shots, 'archive-holes-vs-field-mine-desktop.png') });
});

test("a day's archive and standings open with the API's answers in their HTML: a first visit asks the API nothing to show them", async ({
  page,
}) => {
  const yesterday = addDays(utcToday(), -1);
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
  });
  await page.goto(`/archive/${yesterday}`);
  await expect(page.getByTestId('archive-hole-1')).toBeVisible();
  // The holes against the field, drawn from the page's answers too.
  await expect(page.getByTestId('field-hole')).toHaveCount(9);
  await page.goto(`/standings/${utcToday()}`);
  await expect(page.getByTestId('players')).toBeVisible();
  const opening = [
    ...pageRequests(`/archive/${yesterday}`, new URLSearchParams()),
    ...pageRequests(`/standings/${utcToday()}`, new URLSearchParams()),
  ];
  expect(opening).toHaveLength(6);
  expect(asked.filter((path) => opening.includes(path))).toEqual([]);
});
