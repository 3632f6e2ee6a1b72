import { ApiError } from '../errors.ts';

/** The first daily course. Earlier dates answer 404 (nothing was ever played there). */
export const FIRST_DATE = '2026-01-01';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** Whether `text` is a real calendar date written `YYYY-MM-DD`. */
export function isDate(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00.000Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}

/** The UTC calendar date of an instant. */
export const utcDate = (at: Date): string => at.toISOString().slice(0, 10);

export const opensAt = (date: string): Date => new Date(`${date}T00:00:00.000Z`);
export const closesAt = (date: string): Date => new Date(opensAt(date).getTime() + DAY_MS);
export const addDays = (date: string, days: number): string =>
  utcDate(new Date(opensAt(date).getTime() + days * DAY_MS));

export type DayState = 'open' | 'closed';

/**
 * Whether a day is open (today, UTC) or closed (before today). A future day answers ERR_FUTURE_DATE and a day
 * before the first course ERR_NOT_FOUND: no course exists for either.
 */
export function dayState(date: string, now: Date): DayState {
  const today = utcDate(now);
  if (date > today)
    throw new ApiError('ERR_FUTURE_DATE', `the course of ${date} is not open yet (today is ${today} UTC)`);
  if (date < FIRST_DATE) throw new ApiError('ERR_NOT_FOUND', `there is no course before ${FIRST_DATE}`);
  return date === today ? 'open' : 'closed';
}

/** Throws ERR_DAY_CLOSED unless the day is today. */
export function requireOpen(date: string, now: Date): void {
  if (dayState(date, now) === 'closed') throw new ApiError('ERR_DAY_CLOSED', `the day ${date} is closed`);
}
