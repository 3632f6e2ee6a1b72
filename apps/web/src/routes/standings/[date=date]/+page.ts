import { DAY_LIST_LIMIT, STANDINGS_PAGE_SIZE, standingsOffset } from '@golf/contract/page-data';
import { api } from '#lib/api-player.svelte.ts';
import type { PageLoad } from './$types';

/**
 * A page of a day's standings (`?offset=` rows in), with the viewer's own standing when they played, and the
 * rounds under review (a closed day's; an open day's list is empty). The Worker puts both answers, as they are
 * without a token, into the page's HTML (`pageRequests`).
 */
export const load: PageLoad = async ({ params, url }) => {
  const offset = standingsOffset(url.searchParams);
  const [standings, review] = await Promise.all([
    api.standings(params.date, { limit: STANDINGS_PAGE_SIZE, offset }),
    api.review(params.date, { limit: DAY_LIST_LIMIT }),
  ]);
  return {
    date: params.date,
    offset,
    pageSize: STANDINGS_PAGE_SIZE,
    standings,
    review: review.ok ? review.value.rounds : [],
  };
};
