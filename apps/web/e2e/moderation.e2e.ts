import { standInName } from '@golf/contract';
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from './fixtures.ts';
import { expectAccessible } from './a11y.ts';
import { seedD1, shot, SHOTS, SIZES, uniqueName, utcToday } from './helpers.ts';
import { createPlayer, playRound } from './rounds-api.ts';

test.use({ reducedMotion: 'reduce' });

const today = utcToday();

/** A page of a new context whose device holds `player`. */
async function deviceOf(
  context: BrowserContext,
  player: { id: string; name: string; token: string },
): Promise<Page> {
  await context.addInitScript((p) => localStorage.setItem('golf.player.v1', JSON.stringify(p)), player);
  return context.newPage();
}

test('report, hide, rename: three players report a name, it shows as a stand-in, the owner is told and renames', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  // Four players finish today's round; three of them report the fourth's name.
  const name = uniqueName('Loudmouth');
  const [owner, ...reporters] = await Promise.all(
    [name, ...['Reporter A', 'Reporter B', 'Reporter C'].map(uniqueName)].map((n) =>
      createPlayer(request, n),
    ),
  );
  await Promise.all([owner!, ...reporters].map((p) => playRound(request, p.token)));
  const stand = standInName(owner!.id);

  // The first report is made in the page, with the keyboard.
  const first = await deviceOf(await browser.newContext(), reporters[0]!);
  await first.goto(`/standings/${today}`);
  const row = first.getByTestId('standing-row').filter({ hasText: name });
  const flag = row.getByRole('button', { name: `Report the name ${name}` });
  await flag.focus();
  await first.keyboard.press('Enter');
  const dialog = first.getByRole('dialog', { name: 'Report a name' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Offensive/ })).toBeFocused();
  await first.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: /Pretends to be someone else/ })).toBeChecked();
  await shot(first, { path: join(SHOTS, 'report-dialog-desktop.png') });
  await expectAccessible(first, 'the report dialog');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toHaveText(/Thank you/);
  await first.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // Back where it was opened from, now marked reported.
  await expect(row.getByRole('button', { name: `Report the name ${name} (reported)` })).toBeFocused();

  // Two more from other players: the third hides the name at once.
  for (const r of reporters.slice(1)) {
    const sent = await request.post('/api/reports', {
      headers: { authorization: `Bearer ${r.token}` },
      data: { playerId: owner!.id, reason: 'offensive' },
    });
    expect(sent.status()).toBe(201);
  }
  // The open day's standings may be kept 5 s at the edge: within that, everyone sees the stand-in.
  await expect(async () => {
    await first.reload();
    const hidden = first.getByTestId('standing-row').filter({ hasText: stand });
    await expect(hidden.locator('[data-stand-in="hidden"]')).toHaveAttribute('title', 'name hidden');
  }).toPass({ timeout: 20_000 });
  await expect(first.getByTestId('standing-row').filter({ hasText: name })).toHaveCount(0);
  // A stand-in offers no report (the moderators have it).
  await expect(
    first.getByTestId('standing-row').filter({ hasText: stand }).getByTestId('report-name'),
  ).toHaveCount(0);

  // The owner is told on their next visit, at phone size, and chooses a new name there.
  const phone = await browser.newContext({ viewport: SIZES.phone, reducedMotion: 'reduce' });
  const mine = await deviceOf(phone, owner!);
  await mine.goto('/');
  const notice = mine.getByRole('region', { name: 'Your name is hidden' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(stand);
  await shot(mine, { path: join(SHOTS, 'hidden-name-phone.png'), fullPage: true });
  await expectAccessible(mine, 'the hidden-name notice at 360 px');
  // The hidden name itself is not a new name.
  await notice.getByLabel('New name').fill(name);
  await notice.getByRole('button', { name: 'Save name' }).click();
  await expect(notice.getByRole('alert')).toHaveText('This name was hidden. Please choose another one.');
  const renamed = uniqueName('Reformed');
  await notice.getByLabel('New name').fill(renamed);
  await notice.getByRole('button', { name: 'Save name' }).click();
  await expect(notice).toBeHidden();
  // Everyone sees the new name (within the standings' 5 s), with the same rank and total.
  await expect(async () => {
    await first.reload();
    await expect(first.getByTestId('standing-row').filter({ hasText: renamed })).toHaveCount(1);
  }).toPass({ timeout: 20_000 });
  await phone.close();
});

test('moderation: a moderator lists, hides and restores a name by keyboard, logged; anyone else is refused', async ({
  browser,
  request,
}) => {
  const moderatorId = process.env.E2E_MODERATOR_ID;
  const persist = process.env.E2E_PERSIST_DIR;
  test.skip(!moderatorId || !persist, 'needs the moderator and the local D1 of scripts/e2e.mjs');
  test.setTimeout(180_000);
  // The run's moderator (MODERATOR_IDS) with a token of its own, written straight into the local D1.
  const token = Buffer.concat([
    Buffer.from(moderatorId!.replaceAll('-', ''), 'hex'),
    randomBytes(16),
  ]).toString('base64url');
  const hash = createHash('sha256').update(token).digest('hex');
  await seedD1(
    `INSERT OR IGNORE INTO players (id, name, created_at) VALUES ('${moderatorId}', 'Moderator', 0);
     INSERT INTO tokens (token_hash, player_id, created_at) VALUES ('${hash}', '${moderatorId}', 0)`,
  );

  const name = uniqueName('Dubious');
  const [target, reporter] = await Promise.all([
    createPlayer(request, name),
    createPlayer(request, uniqueName('Watcher')),
  ]);
  const reported = await request.post('/api/reports', {
    headers: { authorization: `Bearer ${reporter.token}` },
    data: { playerId: target.id, reason: 'impersonation' },
  });
  expect(reported.status()).toBe(201);

  // Anyone else: 403 from the API, a plain message on the page.
  const refused = await request.get('/api/moderation/reports', {
    headers: { authorization: `Bearer ${reporter.token}` },
  });
  expect([refused.status(), ((await refused.json()) as { error: { code: string } }).error.code]).toEqual([
    403,
    'ERR_NOT_MODERATOR',
  ]);
  const outsider = await deviceOf(await browser.newContext(), reporter);
  await outsider.goto('/moderation');
  await expect(outsider.getByTestId('not-moderator')).toContainText('You are not a moderator');

  for (const size of ['desktop', 'phone'] as const) {
    const context = await browser.newContext({ viewport: SIZES[size], reducedMotion: 'reduce' });
    const page = await deviceOf(context, { id: moderatorId!, name: 'Moderator', token });
    await page.goto('/moderation');
    const item = page.getByTestId('moderation-item').filter({ hasText: name });
    await expect(item).toContainText('1 open report (0 from players with a ranked round)');
    await expect(item).toContainText('impersonation 1');
    await item.getByText('Who reported (1)').click();
    await expect(item).toContainText(reporter.name);
    await shot(page, { path: join(SHOTS, `moderation-${size}.png`), fullPage: true });
    await expectAccessible(page, `the moderation page at ${size} size`);
    await context.close();
  }

  const context = await browser.newContext();
  const page = await deviceOf(context, { id: moderatorId!, name: 'Moderator', token });
  await page.goto('/moderation');
  const item = page.getByTestId('moderation-item').filter({ hasText: name });
  // Hide, by keyboard: the name leaves the list, the log says who did what to which name.
  await item.getByRole('button', { name: `Hide: ${name}` }).focus();
  await page.keyboard.press('Enter');
  await expect(item).toHaveCount(0);
  // (Other tests act at the same time: this name's rows only, newest first.)
  const rows = page
    .getByTestId('moderation-log')
    .getByRole('row')
    .filter({ hasText: `“${name}”` });
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText(`hid the player name “${name}” (1 report)`);
  await expect(rows.nth(0)).toContainText(`Moderator ${moderatorId!.slice(0, 8)}`);
  const me = await request.get('/api/players/me', { headers: { authorization: `Bearer ${target.token}` } });
  expect(await me.json()).toEqual({ id: target.id, name: standInName(target.id), standIn: 'hidden' });
  // Restore it (through the API the page uses): the owner's name is back, and the log shows both.
  const restored = await request.post('/api/moderation/actions', {
    headers: { authorization: `Bearer ${token}` },
    data: { action: 'restore', playerId: target.id },
  });
  expect(restored.status()).toBe(200);
  await page.reload();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`restored the player name “${name}”`);
  await expect(rows.nth(1)).toContainText(`hid the player name “${name}”`);
  const back = await request.get('/api/players/me', { headers: { authorization: `Bearer ${target.token}` } });
  expect(await back.json()).toEqual({ id: target.id, name, standIn: null });
  await context.close();
});
