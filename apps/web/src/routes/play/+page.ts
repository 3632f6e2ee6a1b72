import { parsePracticeParams } from '#lib/game/practice.svelte.ts';
import type { PageLoad } from './$types';

/** The game the URL names, if any (`?rules=wrap&deal=1234&mode=match&scoring=points`). */
export const load: PageLoad = ({ url }) => ({ wanted: parsePracticeParams(url.searchParams) });
