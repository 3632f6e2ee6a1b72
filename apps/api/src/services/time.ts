import { dayState, FIRST_DATE, utcDate } from '@golf/contract';
import { ApiError } from '../errors.ts';

export type OpenOrClosed = 'open' | 'closed';

/**
 * Whether a day that has a course is open (today, UTC) or closed (before today). A future day answers
 * ERR_FUTURE_DATE and a day before the first course ERR_NOT_FOUND: no course exists for either.
 */
export function courseDay(date: string, now: Date): OpenOrClosed {
  const state = dayState(date, now);
  if (state === 'future')
    throw new ApiError(
      'ERR_FUTURE_DATE',
      `the course of ${date} is not open yet (today is ${utcDate(now)} UTC)`,
    );
  if (state === 'before-first')
    throw new ApiError('ERR_NOT_FOUND', `there is no course before ${FIRST_DATE}`);
  return state;
}

/** Throws unless the day is today: ERR_DAY_CLOSED before, as {@link courseDay} after. */
export function requireOpen(date: string, now: Date): void {
  if (courseDay(date, now) === 'closed') throw new ApiError('ERR_DAY_CLOSED', `the day ${date} is closed`);
}
