import { activateWantedLocale } from '#lib/i18n/locale.svelte.ts';

// A pure single-page app: the API Worker serves build/index.html for every page path.
export const ssr = false;
export const prerender = false;
export const trailingSlash = 'never';

/** The first page renders in the player's language: its messages load before it does (English's are bundled). */
export const load = async (): Promise<void> => {
  await activateWantedLocale();
};
