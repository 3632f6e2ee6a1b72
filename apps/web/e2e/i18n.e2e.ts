import type { NewPlayer } from '@golf/api';
import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, test, type Page } from './fixtures.ts';
import { seriousViolations, sideways } from './a11y.ts';
import { join } from 'node:path';
import { addDays, atEachSize, shot, SHOTS, SIZES, uniqueName, utcToday } from './helpers.ts';
import { createPlayer, playRound } from './rounds-api.ts';

/**
 * Every player's language (docs/i18n.md): each of the six languages first in the browser's preferences shows the
 * pages in it, with no English left in the visible text or the aria-labels, and `<html lang>` set; the choice in
 * the table settings overrides the browser's, applies without a reload and persists across one; in German,
 * Japanese and the pseudo-locale no page scrolls sideways or clips its text, at a phone's size and a laptop's.
 * One browser context per locale, its pages visited in turn; the pages that need a player come last, once the
 * context plays as one.
 */

const PLAY = '/play?rules=classic&deal=4242&mode=single&scoring=strokes';

const today = utcToday();

/**
 * The pages checked for English, with a table where there is one: a closed day in the archive, as pages.e2e.ts opens
 * it; `player`: seen as a player with today's round, so My rounds has its record and today's standings a row.
 */
const PAGES: readonly { name: string; path: string; player?: true }[] = [
  { name: 'today', path: '/' },
  { name: 'practice', path: PLAY },
  { name: 'rules', path: '/rules' },
  { name: 'archive-day', path: `/archive/${addDays(today, -1)}` },
  { name: 'my-rounds', path: '/me', player: true },
  { name: 'standings', path: `/standings/${today}`, player: true },
];

/**
 * A named player with today's round finished, made through the API once per worker and only read after (My rounds
 * shows its record, chart, table, reminders and privacy panels). Its name has no English word.
 */
let golfer: Promise<NewPlayer> | undefined;
async function playAs(page: Page, request: APIRequestContext): Promise<void> {
  golfer ??= (async () => {
    const player = await createPlayer(request, uniqueName('Zed'));
    await playRound(request, player.token);
    return player;
  })();
  const player = await golfer;
  await page
    .context()
    .addInitScript(([key, p]) => localStorage.setItem(key, p), [
      'golf.player.v1',
      JSON.stringify(player),
    ] as const);
}

/** Visits each page in turn, playing as a player from the first page that needs one. */
async function* visits(page: Page, request: APIRequestContext) {
  let playing = false;
  for (const p of PAGES) {
    if (p.player && !playing) {
      await playAs(page, request);
      playing = true;
    }
    await open(page, p.path);
    yield p;
  }
}

const LOCALES = [
  { tag: 'es-ES', lang: 'es', nav: 'Práctica' },
  { tag: 'fr-FR', lang: 'fr', nav: 'Entraînement' },
  { tag: 'de-DE', lang: 'de', nav: 'Training' },
  { tag: 'pt-BR', lang: 'pt-BR', nav: 'Treino' },
  { tag: 'ja-JP', lang: 'ja', nav: '練習' },
  { tag: 'en-US', lang: 'en', nav: 'Practice' },
] as const;

/**
 * English words no translated page should show, as whole words (case-insensitive). Golf's and the cards' own
 * loanwords (par, birdie, bogey, eagle) and words several languages share with English are not listed.
 */
const ENGLISH = [
  'the',
  'and',
  'you',
  'your',
  'with',
  'stroke',
  'strokes',
  'hole',
  'holes',
  'round',
  'rounds',
  'today',
  'practice',
  'standings',
  'archive',
  'rules',
  'draw',
  'undo',
  'hint',
  'settings',
  'sound',
  'deck',
  'cards',
  'column',
  'waste',
  'stock',
  'under',
  'over',
  'loading',
  'sign',
  'share',
  'copy',
  'play',
  'this',
  'that',
  'what',
  'when',
  'game',
  'new',
  'deal',
  'restart',
  'show',
  'hide',
  'done',
  'defaults',
  'language',
  'left',
  'board',
  'clear',
  'cleared',
  'scoring',
  'won',
  'lost',
  'leagues',
  'my',
  'player',
  'players',
  'rank',
  'ranked',
  'review',
  'audit',
  'evidence',
  'perfect',
  'field',
  'whose',
  'move',
  'moves',
  'telling',
  'step',
  'keys',
  'report',
  'statistics',
];
const ENGLISH_WORD = new RegExp(`(?<![\\p{L}\\p{N}-])(${ENGLISH.join('|')})(?![\\p{L}\\p{N}-])`, 'giu');

/**
 * The page's visible text and aria-labels, each with where it is, leaving out what is marked as another language
 * (the language menu's names), what is marked not to translate (players' names) and what is not words (deal
 * numbers, card codes in attributes).
 */
function texts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const docLang = document.documentElement.lang;
    const out: string[] = [];
    const foreign = (el: Element | null): boolean => {
      const marked = el?.closest('[lang]');
      return (
        marked !== null &&
        marked !== undefined &&
        marked !== document.documentElement &&
        marked.getAttribute('lang') !== docLang
      );
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = n.textContent?.trim();
      if (
        !el ||
        !text ||
        foreign(el) ||
        el.closest('script, style, noscript, option:not(:checked), [translate="no"]')
      )
        continue;
      // What is shown, or read to a screen reader (visually hidden text counts); not a closed dialog's contents.
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      if (el.closest('[aria-hidden="true"]') && !el.closest('.visually-hidden')) continue;
      out.push(`${el.tagName.toLowerCase()}: ${text}`);
    }
    // Players' names (shown marked translate="no") are left out of the labels that name them too ("Report the name
    // Keys 123…" in French is French, whoever "Keys" is).
    const names = [...document.querySelectorAll('[translate="no"]')]
      .map((el) => el.textContent?.trim() ?? '')
      .filter((name) => name !== '');
    for (const el of document.querySelectorAll('[aria-label], [title], [alt], [placeholder]')) {
      if (foreign(el) || !el.checkVisibility({ visibilityProperty: true })) continue;
      for (const attr of ['aria-label', 'title', 'alt', 'placeholder']) {
        const v = names.reduce((label, name) => label.split(name).join(' '), el.getAttribute(attr) ?? '');
        if (v.trim()) out.push(`${el.tagName.toLowerCase()}[${attr}]: ${v}`);
      }
    }
    return out;
  });
}

async function englishLeft(page: Page): Promise<string[]> {
  return (await texts(page)).filter((t) => {
    ENGLISH_WORD.lastIndex = 0;
    return ENGLISH_WORD.test(t.slice(t.indexOf(':') + 1));
  });
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('main h1, main h2').first()).toBeAttached();
  await page.waitForLoadState('networkidle');
}

async function openSettings(page: Page): Promise<void> {
  await page.getByTestId('table-settings').click();
  await expect(page.getByTestId('table-settings-panel')).toBeVisible();
}

const newPage = async (
  browser: Browser,
  locale: string,
  size: { width: number; height: number } = SIZES.desktop,
) => (await browser.newContext({ locale, viewport: size })).newPage();

for (const locale of LOCALES.filter((l) => l.lang !== 'en')) {
  test(`${locale.tag} first in the browser: the pages in ${locale.lang}, no English left, axe clean`, async ({
    browser,
    request,
  }) => {
    const page = await newPage(browser, locale.tag);
    for await (const p of visits(page, request)) {
      await expect(page.locator('html')).toHaveAttribute('lang', locale.lang);
      await expect(page.getByRole('navigation').getByRole('link', { name: locale.nav })).toBeVisible();
      expect(await englishLeft(page), `${p.name} in ${locale.lang}`).toEqual([]);
      expect(await seriousViolations(page), `${p.name} in ${locale.lang}`).toEqual([]);
    }
    await openSettings(page);
    expect(await englishLeft(page), `settings in ${locale.lang}`).toEqual([]);
    expect(await seriousViolations(page), `settings in ${locale.lang}`).toEqual([]);
    await page.context().close();
  });
}

test('the settings choice overrides the browser, applies without a reload and persists across one', async ({
  browser,
}) => {
  const page = await newPage(browser, 'de-DE');
  await open(page, PLAY);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
  await openSettings(page);
  await page.getByTestId('language').selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { name: 'Réglages du tapis' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Entraînement' })).toBeVisible();
  // The same document: nothing reloaded.
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
  await page.getByRole('button', { name: 'Terminé' }).click();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Entraînement' })).toBeVisible();
  // Back to the browser's: German again, at once.
  await openSettings(page);
  await page.getByTestId('language').selectOption('');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { name: 'Tischeinstellungen' })).toBeVisible();
  await page.context().close();
});

test('a language no locale has falls back to English; Portuguese from Portugal gets Brazil’s', async ({
  browser,
}) => {
  const nl = await newPage(browser, 'nl-NL');
  await open(nl, PLAY);
  await expect(nl.locator('html')).toHaveAttribute('lang', 'en');
  await nl.context().close();
  const pt = await newPage(browser, 'pt-PT');
  await open(pt, PLAY);
  await expect(pt.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await pt.context().close();
});

/** Elements whose text is cut off: wider content than their box where the box hides or clips what overflows. */
function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (!el.textContent?.trim() || el.closest('.visually-hidden, svg, [aria-hidden="true"]')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.display === 'contents') continue;
      const clips = /hidden|clip/.test(style.overflowX) || style.textOverflow === 'ellipsis';
      if (clips && el.scrollWidth > el.clientWidth + 1)
        out.push(`${el.tagName.toLowerCase()}.${el.className}: ${el.textContent.trim().slice(0, 40)}`);
    }
    return out;
  });
}

for (const lang of ['de-DE', 'ja-JP', 'en-XA']) {
  test(`${lang} at desktop and phone sizes: no page scrolls sideways or clips its text`, async ({
    browser,
    request,
  }) => {
    const page = await newPage(browser, lang);
    for await (const p of visits(page, request)) {
      await atEachSize(page, async (size) => {
        expect(await sideways(page), `${p.name} in ${lang} at ${size} scrolls sideways`).toBe(0);
        expect(await clipped(page), `${p.name} in ${lang} at ${size}`).toEqual([]);
        await shot(page, { path: join(SHOTS, `i18n-${lang}-${p.name}-${size}.png`), fullPage: true });
      });
    }
    await atEachSize(page, async (size) => {
      await openSettings(page);
      expect(await clipped(page), `settings in ${lang} at ${size}`).toEqual([]);
      await shot(page, { path: join(SHOTS, `i18n-${lang}-settings-${size}.png`) });
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('table-settings-panel')).toBeHidden();
    });
    await page.context().close();
  });
}
