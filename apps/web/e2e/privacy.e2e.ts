import type { NewPlayer, PlayerExport, StandingsView } from '@golf/api';
import { DELETED_NAME } from '@golf/contract';
import { readFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from './fixtures.ts';
import { expectAccessibleAtEachSize } from './a11y.ts';
import { uniqueName, utcToday } from './helpers.ts';
import { createPlayer, playRound } from './rounds-api.ts';

const KEY = 'golf.player.v1';

test.use({ reducedMotion: 'reduce', serviceWorkers: 'block' });

/** Screenshots at desktop and phone size; no serious axe violation and no sideways scrolling at either. */
const shoot = expectAccessibleAtEachSize;

/** A context whose page plays as `player` (its identity in local storage, as the app keeps it). */
async function deviceOf(context: BrowserContext, player: NewPlayer): Promise<Page> {
  await context.addInitScript(([key, p]) => localStorage.setItem(key, p), [
    KEY,
    JSON.stringify(player),
  ] as const);
  return context.newPage();
}

test('a player downloads their data, then deletes their player: the device forgets it, the round stays', async ({
  browser,
  request,
}) => {
  // Three pages, each screenshot and scanned at two sizes, two rounds and two browsers: minutes on a loaded machine.
  test.setTimeout(240_000);
  const name = uniqueName('Leaver');
  const leaver = await createPlayer(request, name);
  const stays = await createPlayer(request, uniqueName('Stays'));
  const total = await playRound(request, leaver.token);
  await playRound(request, stays.token);
  const today = utcToday();
  const standings = async () =>
    (await (await request.get(`/api/daily/${today}/standings?limit=100`)).json()) as StandingsView;
  const before = await standings();
  const mine = before.entries.find((e) => e.playerId === leaver.id)!;
  expect(mine).toMatchObject({ name, total });

  const context = await browser.newContext({ reducedMotion: 'reduce', serviceWorkers: 'block' });
  const page = await deviceOf(context, leaver);
  await page.goto('/me');
  await expect(page.getByTestId('round-row')).toHaveCount(1);
  const privacy = page.getByTestId('privacy');
  await expect(privacy.getByRole('heading', { name: 'Privacy' })).toBeVisible();
  await shoot(page, 'privacy-panel');

  // Download my data: one click saves the file, named after the day, holding the round as played.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    privacy.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`golf-daily-data-${today}.json`);
  const text = readFileSync((await download.path())!, 'utf8');
  const data = JSON.parse(text) as PlayerExport;
  expect(data.player).toMatchObject({ id: leaver.id, name });
  expect(data.names.map((n) => n.name)).toEqual([name]);
  expect(data.rounds.map((r) => [r.date, r.total, r.holes.length])).toEqual([[today, total, 9]]);
  expect(data.devices).toHaveLength(1);
  expect(text).not.toContain(leaver.token);
  await expect(page.getByTestId('privacy-notice')).toHaveText(
    `Your data is saved as golf-daily-data-${today}.json.`,
  );

  // Delete my player, from the keyboard: the dialog asks for the word first.
  await privacy.getByRole('button', { name: 'Delete my player…' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete your player?' });
  await expect(dialog).toBeVisible();
  const word = dialog.getByLabel('Type delete to confirm');
  await expect(word).toBeFocused();
  await word.fill('yes');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Type delete to confirm.');
  await shoot(page, 'privacy-delete-dialog');
  // Escape keeps the player.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(
    (await request.get('/api/players/me', { headers: { authorization: `Bearer ${leaver.token}` } })).status(),
  ).toBe(200);

  await privacy.getByRole('button', { name: 'Delete my player…' }).click();
  await word.fill('delete');
  await dialog.getByRole('button', { name: 'Delete my player' }).click();
  const gone = page.getByTestId('deleted');
  await expect(gone.getByRole('heading', { name: 'Your player is deleted' })).toBeFocused();
  await expect(gone).toContainText('Deleted player');
  expect(await page.evaluate((key) => localStorage.getItem(key), KEY)).toBeNull();
  await shoot(page, 'privacy-deleted');

  // The token is refused; the round stays in the standings under the deleted name, nobody's rank moved.
  const me = await request.get('/api/players/me', { headers: { authorization: `Bearer ${leaver.token}` } });
  expect(me.status()).toBe(401);
  // The open day's standings are kept a few seconds at the edge (docs/privacy.md): read them again until they are
  // newer than the deletion.
  let after = await standings();
  await expect
    .poll(async () => (after = await standings()).entries.find((e) => e.playerId === leaver.id)?.name, {
      timeout: 15_000,
    })
    .toBe(DELETED_NAME);
  // (Other tests' players may finish meanwhile: every round listed before is still listed, in the same order, with
  // the same total, and as many finishers as before are ahead of each.)
  const known = new Set(before.entries.map((e) => e.playerId));
  const kept = after.entries.filter((e) => known.has(e.playerId));
  expect(kept.map((e) => [e.playerId, e.total])).toEqual(before.entries.map((e) => [e.playerId, e.total]));
  for (const e of kept) {
    const newcomersAhead = after.entries.filter((n) => !known.has(n.playerId) && n.total < e.total).length;
    expect(e.rank - newcomersAhead).toBe(before.entries.find((b) => b.playerId === e.playerId)!.rank);
  }
  expect(after.entries.find((e) => e.playerId === leaver.id)?.name).toBe(DELETED_NAME);
  expect(JSON.stringify(after)).not.toContain(name);
  await context.close();
  // Another device that still holds the player learns it on My rounds, and forgets it too.
  const other = await browser.newContext({ reducedMotion: 'reduce', serviceWorkers: 'block' });
  const second = await deviceOf(other, leaver);
  await second.goto('/me');
  await expect(second.getByRole('status').filter({ hasText: 'This device is signed out' })).toBeVisible();
  expect(await second.evaluate((key) => localStorage.getItem(key), KEY)).toBeNull();
  await other.close();
  // Anyone's standings page shows it so too.
  const reader = await browser.newPage();
  await reader.goto(`/standings/${today}`);
  await expect(reader.getByText(DELETED_NAME).first()).toBeVisible();
  await expect(reader.getByText(name)).toHaveCount(0);
  await reader.close();
});

test('the privacy page: linked from the footer, readable without scripts, accessible at both sizes', async ({
  browser,
  page,
}) => {
  await page.goto('/rules');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
  await expect(page).toHaveTitle('Privacy · Golf Daily');
  await shoot(page, 'privacy');
  // Loaded directly, it is its own file: the same page, hydrated (the app's links work), no CSP refusal.
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 2, name: 'Delete your player' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new URL('/privacy', page.url()).href,
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My rounds' }).click();
  await expect(page).toHaveURL(/\/me$/);

  // Without scripts the words are all there.
  const bare = await browser.newContext({ javaScriptEnabled: false });
  const plain = await bare.newPage();
  await plain.goto('/privacy');
  await expect(plain.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
  for (const words of [
    'What we keep',
    'less than a day after the day closes',
    'Download your data',
    'Deleted player',
  ])
    await expect(plain.getByText(words).first()).toBeVisible();
  await bare.close();
});
