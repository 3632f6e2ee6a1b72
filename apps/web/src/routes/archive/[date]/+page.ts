import { error } from '@sveltejs/kit';
import { isDate } from '$lib/daily/share.ts';
import type { PageLoad } from './$types';

export const load: PageLoad = ({ params }) => {
  if (!isDate(params.date)) error(404, `"${params.date}" is not a date (YYYY-MM-DD)`);
  return { date: params.date };
};
