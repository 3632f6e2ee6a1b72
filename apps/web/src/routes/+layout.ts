import { activateWantedLocale } from '#lib/i18n/locale.svelte.ts';
import { nextTask } from '#lib/idle.ts';

// A single-page app: a page renders in the browser, from the shell the Worker serves for every path without a
// prerendered page. The pages that can be (`/`, `/play`, `/rules`) turn `ssr` and `prerender` on in their own
// `+page.ts`, so they are in the HTML before any script runs.
export const ssr = false;
export const prerender = false;
export const trailingSlash = 'never';

/**
 * The first page renders in the player's language: its messages load before it does (English's are bundled). And it
 * hydrates in a task of its own: evaluating the app's modules and starting the router is one task, hydrating the
 * page the next, so neither blocks input as long as both together would (Lighthouse counts each task's time past
 * 50 ms as blocking).
 */
export const load = async (): Promise<void> => {
  await Promise.all([activateWantedLocale(), nextTask()]);
};
