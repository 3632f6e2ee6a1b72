/**
 * The locale every message and `Intl` format uses: the language chosen in the table settings, else the best
 * match for the browser's preferences (`navigator.languages`), else English. Paraglide's `getLocale` is
 * replaced by a read of this reactive value, so a template or `$derived` that shows a message re-renders when
 * the language changes: a change applies at once, on every page, without a reload.
 */
import { overwriteGetLocale } from '../paraglide/runtime.js';
import { tableSettings } from '../settings/table-settings.svelte.ts';
import { bestLocale, type AppLocale } from './languages.ts';

const preferred = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

let fromBrowser = $state<AppLocale>(bestLocale(preferred()));

/** The locale in effect now (reactive). */
export function currentLocale(): AppLocale {
  return tableSettings.language ?? fromBrowser;
}

overwriteGetLocale(currentLocale);

/**
 * Keeps `<html lang>` on the locale in effect, and follows the browser's preferences when they change. Call
 * from an effect (the root layout): it re-runs on every change. Returns the clean-up.
 */
export function applyLocale(root: HTMLElement): () => void {
  root.lang = currentLocale();
  const onChange = (): void => {
    fromBrowser = bestLocale(preferred());
  };
  globalThis.addEventListener?.('languagechange', onChange);
  return () => globalThis.removeEventListener?.('languagechange', onChange);
}
