/**
 * Days of the daily course. A day is a UTC calendar date written `YYYY-MM-DD`; its course opens at 00:00 UTC and
 * closes at the next 00:00 UTC (the close is the next day's open, exclusive).
 */

/** The first daily course. Earlier dates have none. */
export const FIRST_DATE = '2026-01-01';

export const DAY_MS = 86_400_000;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is a real calendar date written `YYYY-MM-DD` (no 2026-02-30). */
export function isDate(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00.000Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}

/** The UTC calendar date of an instant: today's course date when `at` is now. */
export const utcDate = (at: Date): string => at.toISOString().slice(0, 10);

/** When the course of `date` opens: 00:00 UTC that day. */
export const opensAt = (date: string): Date => new Date(`${date}T00:00:00.000Z`);

/** When the course of `date` closes: 00:00 UTC the next day. */
export const closesAt = (date: string): Date => new Date(opensAt(date).getTime() + DAY_MS);

/** The date `days` after (or, negative, before) `date`. */
export const addDays = (date: string, days: number): string =>
  utcDate(new Date(opensAt(date).getTime() + days * DAY_MS));

/** When the next course opens, seen from `now`. */
export const nextCourseAt = (now: Date): Date => closesAt(utcDate(now));

export type DayState = 'future' | 'before-first' | 'open' | 'closed';

/** Where `date` stands at `now`: today is open, earlier days are closed. */
export function dayState(date: string, now: Date): DayState {
  const today = utcDate(now);
  if (date > today) return 'future';
  if (date < FIRST_DATE) return 'before-first';
  return date === today ? 'open' : 'closed';
}
