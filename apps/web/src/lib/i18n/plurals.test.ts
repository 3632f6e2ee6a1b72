/**
 * Every locale's plurals and ordinals for 0, 1, 2 and 5, through the compiled catalogue: English and German say
 * "0 strokes" and "1 stroke"; French and Brazilian Portuguese count 0 as singular ("0 coup", "0 tacada"); Japanese
 * has one form. Also: every locale's messages differ from English's where a translation is expected.
 */
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { plural } from '../paraglide/registry.js';
import { m } from './index.ts';
import { LANGUAGES, type Language } from './languages.ts';
import { activateWantedLocale, loadLocale } from './locale.svelte.ts';
import { atCounts, counted, useLanguage, type Four } from './locale-testing.ts';
import { tableSettings } from '../settings/table-settings.svelte.ts';
import { ordinalText, percentText, relativeTimeText } from './intl.ts';
import { strokesText, toParWords } from '../format.ts';

const strokes = (locale: Language, n: number): string => m.strokes_count(counted(n), { locale });

const EXPECTED: Readonly<Record<Language, Four>> = {
  en: ['0 strokes', '1 stroke', '2 strokes', '5 strokes'],
  es: ['0 golpes', '1 golpe', '2 golpes', '5 golpes'],
  fr: ['0 coup', '1 coup', '2 coups', '5 coups'],
  de: ['0 Schläge', '1 Schlag', '2 Schläge', '5 Schläge'],
  'pt-BR': ['0 tacada', '1 tacada', '2 tacadas', '5 tacadas'],
  ja: ['0打', '1打', '2打', '5打'],
};

const ROUNDS: Readonly<Record<Language, Four>> = {
  en: ['0 rounds', '1 round', '2 rounds', '5 rounds'],
  es: ['0 rondas', '1 ronda', '2 rondas', '5 rondas'],
  fr: ['0 partie', '1 partie', '2 parties', '5 parties'],
  de: ['0 Runden', '1 Runde', '2 Runden', '5 Runden'],
  'pt-BR': ['0 rodada', '1 rodada', '2 rodadas', '5 rodadas'],
  ja: ['0ラウンド', '1ラウンド', '2ラウンド', '5ラウンド'],
};

const ORDINALS: Readonly<Record<Language, Four>> = {
  en: ['0th', '1st', '2nd', '5th'],
  es: ['0.º', '1.º', '2.º', '5.º'],
  fr: ['0e', '1er', '2e', '5e'],
  de: ['0.', '1.', '2.', '5.'],
  'pt-BR': ['0º', '1º', '2º', '5º'],
  ja: ['0位', '1位', '2位', '5位'],
};

afterAll(() => useLanguage(null));

describe('plurals in every locale', () => {
  it.each(LANGUAGES)('%s: 0, 1, 2 and 5 strokes, rounds and places', async (locale) => {
    await loadLocale(locale);
    expect(atCounts((n) => strokes(locale, n))).toEqual(EXPECTED[locale]);
    expect(atCounts((n) => m.rounds_count(counted(n), { locale }))).toEqual(ROUNDS[locale]);
    await useLanguage(locale);
    expect(atCounts(ordinalText)).toEqual(ORDINALS[locale]);
  });

  it('English before another locale loads, that locale once it has', async () => {
    await useLanguage(null);
    tableSettings.language = 'de';
    expect(strokesText(-2)).toBe('\u22122 strokes');
    await activateWantedLocale();
    expect(strokesText(-2)).toBe('\u22122 Schläge');
    expect(toParWords(47)).toBe('2 über Par');
  });

  it('numbers, percentages and relative times follow the locale', async () => {
    await useLanguage('de');
    expect(percentText(0.25)).toBe('25\u00a0%');
    expect(relativeTimeText(3 * 3_600_000)).toBe('in 3 Stunden');
    await useLanguage('ja');
    expect(relativeTimeText(-2 * 86_400_000)).toBe('一昨日');
    expect(relativeTimeText(-3 * 86_400_000)).toMatch(/^3\s?日前$/);
    await useLanguage('fr');
    expect(ordinalText(1)).toBe('1er');
  });
});

describe("English's plural form of a whole number, picked without Intl (registry.js, scripts/i18n.mjs)", () => {
  it('is the form Intl.PluralRules picks, for every number, and leaves ordinals and other locales to it', () => {
    const cardinal = new Intl.PluralRules('en');
    const ordinal = new Intl.PluralRules('en', { type: 'ordinal' });
    const french = new Intl.PluralRules('fr');
    const number = fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.constantFrom(-0, 1, -1, 1.5, 0));
    fc.assert(
      fc.property(number, (n) => {
        expect(plural('en', n, {})).toBe(cardinal.select(n));
        expect(plural('en', n)).toBe(cardinal.select(n));
        expect(plural('en', n, { type: 'ordinal' })).toBe(ordinal.select(n));
        expect(plural('fr', n, {})).toBe(french.select(n));
      }),
    );
  });
});
