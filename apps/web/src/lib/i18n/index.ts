/**
 * The message catalogue, compiled by Paraglide (scripts/i18n.mjs) from apps/web/messages/<locale>.json: `m.key()`
 * is one message in the locale in effect. Importing it from here sets that locale up first (locale.svelte.ts).
 */
import './locale.svelte.ts';

export { m } from '../paraglide/messages.js';
export { currentLocale } from './locale.svelte.ts';
