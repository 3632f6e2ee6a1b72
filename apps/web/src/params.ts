// SvelteKit loads this file with Node itself at build time, so it imports only the contract's dates
// (plain TypeScript that Node's type stripping runs), not the contract's index.
import { isDate } from '@golf/contract/dates';
import { defineParams } from '@sveltejs/kit/params';

export const params = defineParams({
  /** `[date=date]` routes match a real calendar date `YYYY-MM-DD` only; anything else is a 404. */
  date: (param) => (isDate(param) ? param : undefined),
});
