/**
 * The locale every message and `Intl` format uses. The one wanted is the language chosen in the table settings,
 * else the best match for the browser's preferences (`navigator.languages`), else English. English's messages
 * are bundled; another locale's are one module, fetched when it is first wanted, and the locale becomes the
 * active one once they are in. Every message reads the active locale, a reactive value: a template or
 * `$derived` that shows a message re-renders when it changes, so a change applies at once, without a reload.
 */
import { loadedLocales, setLocaleGetter } from '../paraglide/messages/_loaded.js';
import { tableSettings } from '../settings/table-settings.svelte.ts';
import { bestLocale, isLanguage, type AppLocale, type Language } from './languages.ts';

type MessageList = NonNullable<(typeof loadedLocales)[string]>;

/** Each locale's messages but English's, as its own chunk: a list in the catalogue's order (scripts/i18n.mjs). */
const LOADERS: Readonly<Record<Exclude<AppLocale, 'en'>, () => Promise<{ default: MessageList }>>> = {
  es: () => import('../paraglide/messages/es.list.js'),
  fr: () => import('../paraglide/messages/fr.list.js'),
  de: () => import('../paraglide/messages/de.list.js'),
  'pt-BR': () => import('../paraglide/messages/pt-BR.list.js'),
  ja: () => import('../paraglide/messages/ja.list.js'),
  'en-XA': () => import('../paraglide/messages/en-XA.list.js'),
};

const preferred = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

let fromBrowser = $state<AppLocale>(bestLocale(preferred()));
let active = $state<AppLocale>('en');

/** The locale the player wants: the settings' language, else the browser's best match (reactive). */
export function wantedLocale(): AppLocale {
  return tableSettings.language ?? fromBrowser;
}

/** The locale in effect now, whose messages are loaded (reactive). */
export function currentLocale(): AppLocale {
  return active;
}

setLocaleGetter(currentLocale);

/** Fetches a locale's messages once (English's are always there). */
export async function loadLocale(locale: AppLocale): Promise<void> {
  if (locale === 'en' || loadedLocales[locale]) return;
  loadedLocales[locale] = (await LOADERS[locale]()).default;
}

/**
 * Makes the wanted locale the active one, once its messages are in. A locale that cannot load (offline, before
 * its chunk was ever cached) leaves the active one as it was.
 */
export async function activateWantedLocale(): Promise<void> {
  const wanted = wantedLocale();
  try {
    await loadLocale(wanted);
  } catch {
    return;
  }
  if (wantedLocale() === wanted) active = wanted;
}

/**
 * Keeps `<html lang>` on the locale in effect, loads a newly wanted locale, and follows the browser's preferences
 * when they change. Call from an effect (the root layout): it re-runs on every change. Returns the clean-up.
 */
export function applyLocale(root: HTMLElement): () => void {
  // Only a change is written: writing <html lang> restyles the whole page, even with the value it had (the page's
  // own, in English).
  const lang = currentLocale();
  if (root.lang !== lang) root.lang = lang;
  if (wantedLocale() !== currentLocale()) void activateWantedLocale();
  const onChange = (): void => {
    fromBrowser = bestLocale(preferred());
  };
  globalThis.addEventListener?.('languagechange', onChange);
  return () => globalThis.removeEventListener?.('languagechange', onChange);
}

/** The language the server writes this player's reminders in: the one in effect (the pseudo-locale's is English). */
export function pushLanguage(): Language {
  const l = currentLocale();
  return isLanguage(l) ? l : 'en';
}
