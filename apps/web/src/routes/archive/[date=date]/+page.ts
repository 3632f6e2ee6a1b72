import { api } from '$lib/api-player.svelte.ts';
import type { PageLoad } from './$types';

/** A closed day: its course (stocks and perfect lines included) and up to 100 ranked rounds to replay. */
export const load: PageLoad = async ({ params, url }) => {
  const [course, standings] = await Promise.all([
    api.course(params.date),
    api.standings(params.date, { limit: 100 }),
  ]);
  return {
    date: params.date,
    course,
    players: standings.ok ? standings.value.entries : [],
    /** A player named in the URL (the standings' replay links) is preselected. */
    wanted: url.searchParams.get('player'),
  };
};
