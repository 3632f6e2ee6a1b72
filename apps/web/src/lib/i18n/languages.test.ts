import { describe, expect, it } from 'vitest';
import { bestLocale, isLanguage } from './languages.ts';

describe('bestLocale', () => {
  it.each([
    [['de-DE', 'en'], 'de'],
    [['pt-PT'], 'pt-BR'],
    [['pt'], 'pt-BR'],
    [['PT-br'], 'pt-BR'],
    [['es-MX', 'fr'], 'es'],
    [['fr-CA'], 'fr'],
    [['ja-JP'], 'ja'],
    [['en-GB', 'de'], 'en'],
    [['nl-NL', 'de-AT'], 'de'],
    [['en-XA'], 'en-XA'],
    [['nl', 'sv'], 'en'],
    [[], 'en'],
  ] as const)('%j → %s', (preferred, locale) => {
    expect(bestLocale(preferred)).toBe(locale);
  });

  it('takes the first preference that matches, not the best-covered one', () => {
    expect(bestLocale(['zh-CN', 'ja', 'en'])).toBe('ja');
  });
});

describe('isLanguage', () => {
  it('knows the six and nothing else', () => {
    expect(['en', 'es', 'fr', 'de', 'pt-BR', 'ja'].every(isLanguage)).toBe(true);
    expect(isLanguage('en-XA')).toBe(false);
    expect(isLanguage('pt')).toBe(false);
    expect(isLanguage(3)).toBe(false);
  });
});
