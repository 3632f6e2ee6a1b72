import { DAY_LIST_LIMIT } from '@golf/contract/page-data';
import { api } from '#lib/api-player.svelte.ts';
import type { PageLoad } from './$types';

/**
 * A closed day: its course (stocks and perfect lines included), up to 100 ranked rounds and up to 100 rounds under
 * review to replay (each with its fair-play audit, fetched by the page when chosen). The Worker puts these three
 * answers, and the holes against the field its panel asks for, into the page's HTML (`pageRequests`), so a first
 * visit paints without asking the API.
 */
export const load: PageLoad = async ({ params, url }) => {
  const [course, standings, review] = await Promise.all([
    api.course(params.date),
    api.standings(params.date, { limit: DAY_LIST_LIMIT }),
    api.review(params.date, { limit: DAY_LIST_LIMIT }),
  ]);
  return {
    date: params.date,
    course,
    players: standings.ok ? standings.value.entries : [],
    review: review.ok ? review.value.rounds : [],
    /** A player named in the URL (the standings' replay links) is preselected. */
    wanted: url.searchParams.get('player'),
  };
};
