/**
 * For the unit tests of translated words: the language in effect set as the Table settings dialog sets it, and the
 * counts every plural is checked at (0, 1, 2 and 5: French and Brazilian Portuguese count 0 as singular, Japanese has
 * one form).
 */
import type { Language } from './languages.ts';
import { activateWantedLocale } from './locale.svelte.ts';
import { tableSettings } from '../settings/table-settings.svelte.ts';

/** Chooses `language` (null: as the browser) and waits for its messages. */
export async function useLanguage(language: Language | null): Promise<void> {
  tableSettings.language = language;
  await activateWantedLocale();
}

/** A message's four forms, for 0, 1, 2 and 5. */
export type Four = readonly [string, string, string, string];

/** What `say` writes for 0, 1, 2 and 5. */
export const atCounts = (say: (count: number) => string): string[] => [0, 1, 2, 5].map(say);

/** A plural message's inputs: `count` picks the form, `n` is the number as the page shows it. */
export const counted = (count: number): { count: number; n: string } => ({ count, n: String(count) });
