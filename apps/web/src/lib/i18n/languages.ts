/**
 * The languages a player can choose, and how the device's preferences pick one (docs/i18n.md). Plain data and
 * pure functions: the reactive choice lives in locale.svelte.ts.
 */

/** The six languages of the catalogue, in the order the settings list them. */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt-BR', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The pseudo-locale of the tests: English with accented letters, 40% longer (scripts/i18n.mjs writes it). */
export const PSEUDO_LOCALE = 'en-XA';
export type AppLocale = Language | typeof PSEUDO_LOCALE;

/** Each language in its own words, as a language menu shows them (never translated). */
export const LANGUAGE_NAME: Readonly<Record<Language, string>> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  'pt-BR': 'Português (Brasil)',
  ja: '日本語',
};

export const isLanguage = (raw: unknown): raw is Language =>
  typeof raw === 'string' && (LANGUAGES as readonly string[]).includes(raw);

const languageOf = (tag: string): string => tag.split('-')[0]!.toLowerCase();

/**
 * The best locale for a list of preferred language tags (`navigator.languages`, most preferred first): the first
 * tag that names a locale exactly ("pt-BR", "en-XA"), or else shares its language ("pt-PT" and "pt" → pt-BR,
 * "es-MX" → es, "de-CH" → de, "en-GB" → en); English when none does. Case does not matter.
 */
export function bestLocale(preferred: readonly string[]): AppLocale {
  for (const tag of preferred) {
    const lower = tag.trim().toLowerCase();
    if (lower === PSEUDO_LOCALE.toLowerCase()) return PSEUDO_LOCALE;
    const exact = LANGUAGES.find((l) => l.toLowerCase() === lower);
    if (exact) return exact;
    const same = LANGUAGES.find((l) => languageOf(l) === languageOf(lower));
    if (same) return same;
  }
  return 'en';
}
