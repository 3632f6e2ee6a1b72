import { isDate } from '@golf/contract';
import type { ParamMatcher } from '@sveltejs/kit';

/** `[date=date]` routes match a real calendar date `YYYY-MM-DD` only; anything else is a 404. */
export const match: ParamMatcher = (param) => isDate(param);
