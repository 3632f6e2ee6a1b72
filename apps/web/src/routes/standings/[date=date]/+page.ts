import { api } from '$lib/api-player.svelte.ts';
import type { PageLoad } from './$types';

/** Rows per page of standings. */
const PAGE_SIZE = 25;

/** A page of a day's standings (`?offset=` rows in), with the viewer's own standing when they played. */
export const load: PageLoad = async ({ params, url }) => {
  const offset = Math.max(0, Math.floor(Number(url.searchParams.get('offset') ?? 0)) || 0);
  const standings = await api.standings(params.date, { limit: PAGE_SIZE, offset });
  return { date: params.date, offset, pageSize: PAGE_SIZE, standings };
};
