import { activateWantedLocale } from '#lib/i18n/locale.svelte.ts';

// A single-page app: a page renders in the browser, from the shell the Worker serves for every path without a
// prerendered page. The pages that can be (`/`, `/play`, `/rules`) turn `ssr` and `prerender` on in their own
// `+page.ts`, so they are in the HTML before any script runs.
export const ssr = false;
export const prerender = false;
export const trailingSlash = 'never';

/** The first page renders in the player's language: its messages load before it does (English's are bundled). */
export const load = async (): Promise<void> => {
  await activateWantedLocale();
};
