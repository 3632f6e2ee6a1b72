import { api } from '#lib/api-player.svelte.ts';
import type { PageLoad } from './$types';

/** Rows per page of standings. */
const PAGE_SIZE = 25;

/**
 * A page of a day's standings (`?offset=` rows in), with the viewer's own standing when they played, and the
 * rounds under review (a closed day's; an open day's list is empty).
 */
export const load: PageLoad = async ({ params, url }) => {
  const offset = Math.max(0, Math.floor(Number(url.searchParams.get('offset') ?? 0)) || 0);
  const [standings, review] = await Promise.all([
    api.standings(params.date, { limit: PAGE_SIZE, offset }),
    api.review(params.date, { limit: 100 }),
  ]);
  return {
    date: params.date,
    offset,
    pageSize: PAGE_SIZE,
    standings,
    review: review.ok ? review.value.rounds : [],
  };
};
