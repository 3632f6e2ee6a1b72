import type { NewPlayer } from '@golf/api';
import { expect, test, type BrowserContext, type Page } from './fixtures.ts';
import { expectAccessibleAtEachSize } from './a11y.ts';
import { teeOff, uniqueName, utcToday } from './helpers.ts';
import { createPlayer, playRound } from './rounds-api.ts';

const KEY = 'golf.player.v1';

test.use({ reducedMotion: 'reduce', serviceWorkers: 'block' });

/** Browsers allow passkeys on http://localhost, never on a bare IP address: the passkey test uses that name. */
const localhost = (base: string): string => base.replace('//127.0.0.1:', '//localhost:');

/** Screenshots at desktop and phone size; no serious axe violation and no sideways scrolling at either. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expectAccessibleAtEachSize(page, name);
}

/** A context whose page plays as `player` (its identity in local storage, as the app keeps it). */
async function deviceOf(context: BrowserContext, player: NewPlayer): Promise<Page> {
  await context.addInitScript(([key, p]) => localStorage.setItem(key, p), [
    KEY,
    JSON.stringify(player),
  ] as const);
  return context.newPage();
}

/** A CDP virtual authenticator (a platform passkey with user verification) on the page's tab. */
async function authenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test('a passkey made on one device signs in on a second browser', async ({ browser, baseURL }) => {
  const origin = localhost(baseURL!);
  const first = await browser.newContext({ baseURL: origin, reducedMotion: 'reduce' });
  const page = await first.newPage();
  const name = uniqueName('Key');
  await teeOff(page, name);
  const one = await authenticator(first, page);
  await page.goto('/signin');
  await expect(page.getByTestId('signed-in-as')).toHaveText(name);
  await page.getByRole('button', { name: 'Create a passkey' }).click();
  await expect(page.getByTestId('notice')).toContainText('Passkey saved');
  const { credentials } = await one.cdp.send('WebAuthn.getCredentials', {
    authenticatorId: one.authenticatorId,
  });
  expect(credentials).toHaveLength(1);
  const playerId = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!).id as string, KEY);

  // The second browser holds the same passkey (as a synced passkey would be) and no player.
  const second = await browser.newContext({ baseURL: origin, reducedMotion: 'reduce' });
  const other = await second.newPage();
  const two = await authenticator(second, other);
  await two.cdp.send('WebAuthn.addCredential', {
    authenticatorId: two.authenticatorId,
    credential: credentials[0]!,
  });
  await other.goto('/signin');
  await other.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(other.getByTestId('notice')).toHaveText(`Signed in as ${name}.`);
  await expect(other.getByTestId('signed-in-as')).toHaveText(name);
  const there = await other.evaluate(
    (key) => JSON.parse(localStorage.getItem(key)!) as { id: string; token: string },
    KEY,
  );
  expect(there.id).toBe(playerId);
  // The new device resumes today's round of the same player.
  await other.goto('/');
  await expect(other.getByTestId('hole-number')).toContainText('Hole 1 of 9');
  await first.close();
  await second.close();
});

test('a transfer code moves a player to a second browser; sign-out everywhere cuts the first off', async ({
  browser,
  page,
}) => {
  const name = uniqueName('Move');
  await teeOff(page, name);
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Show a code' }).click();
  const code = (await page.getByTestId('transfer-code').textContent())!.trim();
  expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4} [A-HJ-NP-Z2-9]{4}$/);
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expect(page.getByTestId('code-remaining')).toHaveText(/^(10:00|9:5\d)$/);
  await shoot(page, 'signin-code');

  const second = await browser.newContext({ reducedMotion: 'reduce' });
  const other = await second.newPage();
  await other.goto('/signin');
  await shoot(other, 'signin-new-device');
  await other.getByLabel('Code from your other device').fill(code.toLowerCase());
  await other.getByRole('button', { name: 'Sign in with the code' }).click();
  await expect(other.getByTestId('signed-in-as')).toHaveText(name);
  // Used once: the same code no longer works.
  const again = await other.request.post('/api/players/claim', { data: { code } });
  expect(again.status()).toBe(404);

  // The new device signs out everywhere: it keeps playing, the first device is signed out.
  await other.getByRole('button', { name: 'Sign out everywhere…' }).click();
  await other.getByRole('button', { name: 'Yes, sign out everywhere else' }).click();
  await expect(other.getByTestId('notice')).toContainText('Signed out everywhere else');
  const firstToken = await page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key)!).token as string,
    KEY,
  );
  const me = await page.request.get('/api/players/me', {
    headers: { authorization: `Bearer ${firstToken}` },
  });
  expect(me.status()).toBe(401);
  const secondToken = await other.evaluate(
    (key) => JSON.parse(localStorage.getItem(key)!).token as string,
    KEY,
  );
  const ok = await other.request.get('/api/players/me', {
    headers: { authorization: `Bearer ${secondToken}` },
  });
  expect(ok.status()).toBe(200);
  await second.close();
});

test('My rounds after a finished round, and a league created, joined and read', async ({
  browser,
  request,
}) => {
  // Two rounds played, then five pages with an axe scan at two sizes each: under a minute on an idle machine, past
  // two minutes on a loaded one.
  test.setTimeout(240_000);
  const ada = await createPlayer(request, uniqueName('Ada'));
  const bo = await createPlayer(request, uniqueName('Bo'));
  const adaTotal = await playRound(request, ada.token);
  const boTotal = await playRound(request, bo.token);

  // Ada sees her result, then My rounds from the result panel.
  const adaContext = await browser.newContext({ reducedMotion: 'reduce', serviceWorkers: 'block' });
  const page = await deviceOf(adaContext, ada);
  await page.goto('/');
  await expect(page.getByTestId('final-total')).toHaveText(String(adaTotal));
  await page.getByRole('link', { name: 'My rounds' }).last().click();
  await expect(page).toHaveURL(/\/me$/);
  await expect(page.getByTestId('played')).toHaveText('1');
  await expect(page.getByTestId('streak')).toHaveText('1');
  await expect(page.getByTestId('best')).toHaveText(String(adaTotal));
  await expect(page.getByTestId('round-row')).toHaveCount(1);
  await expect(page.getByTestId('round-row')).toContainText(String(adaTotal));
  await expect(page.getByTestId('totals-chart')).toBeVisible();
  await shoot(page, 'my-rounds');

  // Ada creates a league from the leagues page (linked in the header).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leagues' }).click();
  const leagueName = uniqueName('Club');
  await page.getByLabel('League name').fill(leagueName);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('league-name')).toHaveText(leagueName);
  const invite = (await page.getByTestId('invite-link').inputValue()).trim();
  expect(invite).toMatch(/\/join\/[A-HJ-NP-Z2-9]{10}$/);

  // Bo opens the invite link on his device and joins.
  const boContext = await browser.newContext({ reducedMotion: 'reduce', serviceWorkers: 'block' });
  const boPage = await deviceOf(boContext, bo);
  await boPage.goto(new URL(invite).pathname);
  await shoot(boPage, 'join');
  await boPage.getByRole('button', { name: /^Join as / }).click();
  await expect(boPage.getByTestId('league-name')).toHaveText(leagueName);
  // Both finishers are in the day's standings, in order; the season table counts their rounds.
  await expect(boPage.getByTestId('league-players')).toHaveText('2');
  const rows = boPage.getByTestId('standing-row');
  await expect(rows).toHaveCount(2);
  const totals = (await rows.getByTestId('standing-total').allTextContents()).map(Number);
  expect(totals).toEqual([adaTotal, boTotal].sort((a, b) => a - b));
  await expect(boPage.getByTestId('season-table').locator('tbody tr')).toHaveCount(2);
  await shoot(boPage, 'league');
  // Day navigation: the day before has no rounds of theirs.
  await boPage.getByRole('link', { name: 'Previous day' }).click();
  await expect(boPage).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);
  await expect(boPage.getByTestId('league-players')).toHaveText('0');
  await boPage.getByRole('link', { name: 'Next day' }).click();
  await expect(boPage.getByTestId('league-players')).toHaveText('2');

  // The share text after a round can link to the league's standings.
  await boPage.goto('/');
  await boPage.getByTestId('share-league').selectOption({ label: `${leagueName} standings` });
  await expect(boPage.getByTestId('share-text')).toContainText(`/leagues/`);
  await expect(boPage.getByTestId('share-text')).toContainText(`date=${utcToday()}`);

  await page.goto('/leagues');
  await expect(page.getByTestId('league-item')).toContainText(leagueName);
  await shoot(page, 'leagues');

  // Bo leaves: the league is Ada's alone again.
  await boPage.goto(new URL(invite).pathname.replace(/\/join\/.*/, '/leagues'));
  await boPage.getByTestId('league-item').filter({ hasText: leagueName }).getByRole('link').click();
  await boPage.getByRole('button', { name: 'Leave this league…' }).click();
  await boPage.getByRole('button', { name: 'Yes, leave' }).click();
  await expect(boPage).toHaveURL(/\/leagues$/);
  await expect(boPage.getByTestId('league-item')).toHaveCount(0);
  await adaContext.close();
  await boContext.close();
});
